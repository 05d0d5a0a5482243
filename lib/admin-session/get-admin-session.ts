import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { buildAuthOptions } from "./options";

export type AdminSessionUser = {
  email: string | null;
  role: string | null;
  organizationCode: string | null;
  organizationName: string | null;
  isActive: boolean;
};

/** The signed-in admin user, or a redirect to the sign-in page. */
export async function requireAdminSession(): Promise<AdminSessionUser> {
  const user = await readAdminSessionUser();
  if (!user?.isActive) redirect("/admin/sign-in");
  return user;
}

// Once per request: the layout, the page and its metadata all ask, and each read decrypts the cookie.
const readAdminSessionUser = cache(async (): Promise<AdminSessionUser | undefined> => {
  const session = await getServerSession(buildAuthOptions());
  return session?.user as AdminSessionUser | undefined;
});
