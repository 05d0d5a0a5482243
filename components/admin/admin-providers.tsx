"use client";

import type { ReactNode } from "react";
import { ToastProvider } from "@/components/ui/toast";
import { AdminContextProvider, type AdminContextValue } from "@/lib/admin/admin-context";
import { QueryProvider } from "./query-provider";
import { AdminSessionProvider } from "./session-provider";

export function AdminProviders({ admin, children }: { admin: AdminContextValue; children: ReactNode }) {
  return (
    <AdminSessionProvider>
      <AdminContextProvider value={admin}>
        <QueryProvider>
          <ToastProvider>{children}</ToastProvider>
        </QueryProvider>
      </AdminContextProvider>
    </AdminSessionProvider>
  );
}
