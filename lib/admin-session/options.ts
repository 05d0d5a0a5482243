import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { decodeJwtClaims } from "@/lib/crypto/tokens";
import { login } from "@/lib/auth/login";
import { loginBodySchema } from "@/lib/auth/schemas";
import { refreshSession, revokeRefreshToken } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { adminSessionSecret } from "./secret";
import { ApiError } from "@/lib/core/errors";
import { findOrganizationByCode } from "@/lib/organizations/get-organization";
import { validateInput } from "@/lib/validation";

/** Refresh the API access token this long before it expires. */
const REFRESH_MARGIN_SECONDS = 30 * 60;


// authorize() reports failures as codes ("invalid", "role", "blocked[:unblock token]", "invalid_input");
// the sign-in form turns them into sentences for people.

type AdminToken = {
  accessToken?: string;
  refreshToken?: string;
  accessExpiresAt?: number;
  organizationCode?: string;
  organizationName?: string;
  role?: string;
  email?: string;
  unblockToken?: string;
};

export function buildAuthOptions(): NextAuthOptions {
  process.env.NEXTAUTH_URL ??= getEnv().PUBLIC_BASE_URL;
  return {
    secret: adminSessionSecret(),
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: "/admin/sign-in", error: "/admin/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Organization account",
        credentials: {
          code: { label: "Organization code", type: "text" },
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          unblockToken: { label: "Unblock token", type: "text" },
        },
        async authorize(credentials) {
          const code = credentials?.code?.trim();
          const email = credentials?.email?.trim();
          const password = credentials?.password;
          if (!code || !email || !password) throw new Error("invalid_input");
          const db = await getDb();
          try {
            const pair = await login(db, {
              // The API's validation of a login body: what it refuses (a NUL, say) is invalid credentials here.
              body: validateInput(loginBodySchema, { email, password, code, scope: "platform" }),
              scopeHeader: null,
              unblockToken: credentials?.unblockToken || null,
            });
            const claims = decodeJwtClaims(pair.access_token);
            const organization = await findOrganizationByCode(db, code.toLowerCase());
            return {
              id: String(claims.sub),
              email,
              accessToken: pair.access_token,
              refreshToken: pair.refresh_token,
              accessExpiresAt: Number(claims.exp),
              organizationCode: organization?.code ?? code,
              organizationName: organization?.name ?? code,
              role: String(claims.role),
            };
          } catch (error) {
            if (error instanceof ApiError) {
              if (error.code === "forbidden") throw new Error("role");
              if (error.code === "rate_limited") {
                // The unblock token goes back to the form (never stored), so the next try can use it.
                const unblock = error.extra?.body?.unblock_token;
                throw new Error(typeof unblock === "string" ? `blocked:${unblock}` : "blocked");
              }
              throw new Error("invalid");
            }
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        const current = token as typeof token & AdminToken;
        if (user) {
          const signedIn = user as typeof user & AdminToken;
          return { ...token, ...pickSession(signedIn) };
        }
        const now = Math.floor(Date.now() / 1000);
        if (current.refreshToken && current.accessExpiresAt && current.accessExpiresAt - now < REFRESH_MARGIN_SECONDS) {
          try {
            const pair = await refreshSession(await getDb(), current.refreshToken);
            const claims = decodeJwtClaims(pair.access_token);
            return { ...token, accessToken: pair.access_token, refreshToken: pair.refresh_token, accessExpiresAt: Number(claims.exp), role: String(claims.role) };
          } catch {
            // Revoked or expired: the session is over; the next page load signs the person out.
            return { ...token, accessToken: undefined, refreshToken: undefined, accessExpiresAt: 0 };
          }
        }
        return token;
      },
      async session({ session, token }) {
        const current = token as typeof token & AdminToken;
        // Only what the screens show; the API tokens never leave the encrypted cookie.
        return {
          expires: session.expires,
          user: {
            email: current.email ?? null,
            role: current.role ?? null,
            organizationCode: current.organizationCode ?? null,
            organizationName: current.organizationName ?? null,
            isActive: Boolean(current.accessToken),
          },
        } as typeof session;
      },
    },
    events: {
      async signOut({ token }) {
        const refreshToken = (token as AdminToken | null)?.refreshToken;
        if (refreshToken) await revokeRefreshToken(await getDb(), refreshToken);
      },
    },
  };
}

function pickSession(user: AdminToken): AdminToken {
  return {
    accessToken: user.accessToken,
    refreshToken: user.refreshToken,
    accessExpiresAt: user.accessExpiresAt,
    organizationCode: user.organizationCode,
    organizationName: user.organizationName,
    role: user.role,
    email: user.email,
  };
}
