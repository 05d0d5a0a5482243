import NextAuth from "next-auth";
import { buildAuthOptions } from "@/lib/admin-session/options";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, context: Context): Promise<Response> {
  return NextAuth(buildAuthOptions())(req, context) as Promise<Response>;
}

export { handler as GET, handler as POST };
