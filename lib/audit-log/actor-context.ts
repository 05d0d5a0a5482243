import { AsyncLocalStorage } from "node:async_hooks";
import type { ActorType, CredentialType } from "./schemas";

export type { ActorType, CredentialType };

/** Who acts in the current request or job, as the audit log records it. */
export type AuditActor = {
  type: ActorType;
  id: string | null;
  /** The user's email or the token's name, filled in when the entry is written if absent. */
  label?: string | null;
  credential: CredentialType;
  requestId: string | null;
};

export const SYSTEM_ACTOR: AuditActor = { type: "system", id: null, credential: "none", requestId: null };

// One store per process, whichever bundle loaded this module first (Next.js may load it twice).
const STORE_KEY = Symbol.for("fcs.audit-actor");
type Holder = { [STORE_KEY]?: AsyncLocalStorage<AuditActor> };
function store(): AsyncLocalStorage<AuditActor> {
  const holder = globalThis as Holder;
  holder[STORE_KEY] ??= new AsyncLocalStorage<AuditActor>();
  return holder[STORE_KEY];
}

/** Runs `work` with `actor` as the one every audit entry written inside it names. */
export function runAsAuditActor<T>(actor: AuditActor, work: () => Promise<T>): Promise<T> {
  return store().run(actor, work);
}

/** The actor of the current request or job; the service itself outside any. */
export function currentAuditActor(): AuditActor {
  return store().getStore() ?? SYSTEM_ACTOR;
}

type CallerLike =
  | { kind: "user"; userId: string }
  | { kind: "integration"; tokenId: string }
  | { kind: "preview" };

/** The actor of an API request: its caller, by the credential it sent (a bearer token or the admin's cookie). */
export function auditActorOfRequest(caller: CallerLike | null, req: Request, requestId: string): AuditActor {
  // A preview link only reads (docs/decisions/0031): it can be the actor of no entry.
  if (!caller || caller.kind === "preview") return { type: "system", id: null, credential: "none", requestId };
  if (caller.kind === "integration") return { type: "integration_token", id: caller.tokenId, credential: "integration_token", requestId };
  return { type: "user", id: caller.userId, credential: req.headers.get("authorization") ? "access_token" : "admin_session", requestId };
}
