import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
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
  const session = await getServerSession(buildAuthOptions());
  const user = session?.user as AdminSessionUser | undefined;
  if (!user?.isActive) redirect("/admin/sign-in");
  return user;
}
