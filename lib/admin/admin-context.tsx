"use client";

import { createContext, useContext, type ReactNode } from "react";

/** What every admin screen needs to know about the signed-in person and their organization. */
export type AdminContextValue = {
  email: string;
  role: string;
  organizationCode: string;
  organizationName: string;
  languages: readonly string[];
  defaultLanguage: string;
  /** For translators: the languages they may edit and publish; empty for every other role. */
  translatorLanguages: readonly string[];
  /** The content language chosen in this browser as the server read it (its cookie), null when none. */
  contentLanguagePreference: string | null;
};

const AdminContext = createContext<AdminContextValue | null>(null);

export function AdminContextProvider({ value, children }: { value: AdminContextValue; children: ReactNode }) {
  return <AdminContext.Provider value={value}>{children}</AdminContext.Provider>;
}

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error("useAdmin() outside the admin shell");
  return value;
}
