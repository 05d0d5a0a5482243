import type { Role, Scope } from "./roles";

/** Who reads through a preview link: the link itself, which names its organization, record and language. */
export type PreviewLinkCaller = {
  kind: "preview";
  linkId: string;
  organizationId: string;
  collection: string;
  recordId: string;
  /** `default` or a language code, as the link was made. */
  language: string;
};

/**
 * Who is calling: a signed-in user (access token or admin session), an integration token, or a preview
 * link (only where the operation admits one: the record reads, docs/api.md "Preview links"). The HTTP
 * wrapper establishes it (lib/http/authenticate.ts); domain functions receive it.
 */
export type Caller =
  | { kind: "user"; userId: string; organizationId: string; scope: Scope; role: Role; languages: string[]; sessionId: string; tokenId: string }
  | { kind: "integration"; tokenId: string; organizationId: string; scope: Scope }
  | PreviewLinkCaller;
