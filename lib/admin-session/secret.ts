import { createHmac } from "node:crypto";
import { getSecrets } from "@/lib/env";

/** next-auth's own secret, derived from SECRET_KEY so operators configure one secret, not two. */
export function adminSessionSecret(): string {
  return createHmac("sha256", getSecrets().secretKey).update("admin-session").digest("base64url");
}
