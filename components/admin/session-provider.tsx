"use client";

import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";

// Polling the session lets the server refresh the API token before it expires.
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  return (
    <SessionProvider refetchInterval={5 * 60} refetchOnWindowFocus>
      {children}
    </SessionProvider>
  );
}
