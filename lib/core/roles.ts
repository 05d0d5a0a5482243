/**
 * The roles and scopes of docs/api.md "Roles and scopes", defined once. Isomorphic: the database schema,
 * the tokens, the wrapper's authorization and the admin's forms all read them from here.
 */
export const ROLES = ["admin", "editor", "translator", "member"] as const;
export type Role = (typeof ROLES)[number];

/** The roles a platform token can carry: members only ever get mobile tokens. */
export type PlatformRole = Exclude<Role, "member">;

export const SCOPES = ["mobile", "platform"] as const;
export type Scope = (typeof SCOPES)[number];

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

export function isScope(value: unknown): value is Scope {
  return (SCOPES as readonly unknown[]).includes(value);
}
