import { ApiError } from "@/lib/http/errors";
import type { AuthPolicy } from "@/lib/http/operation";

export type Scope = "mobile" | "platform";
export type Role = "admin" | "editor" | "translator" | "member";

/** Who is calling: a signed-in user (access token or admin session) or an integration token. */
export type Caller =
  | { kind: "user"; userId: string; organizationId: string; scope: Scope; role: Role; languages: string[]; sessionId: string }
  | { kind: "integration"; tokenId: string; organizationId: string; scope: Scope };

export async function authenticateRequest(_req: Request, policy: AuthPolicy): Promise<Caller | null> {
  if (policy.public) return null;
  throw new ApiError("unauthorized", "authentication required");
}

export function authorizeCaller(_caller: Caller | null, _policy: AuthPolicy, _path: string): void {}
