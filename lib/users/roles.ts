/** The roles of docs/api.md "Roles and scopes" (isomorphic: the admin's forms import it too). */
export const USER_ROLES = ["admin", "editor", "translator", "member"] as const;
export type UserRole = (typeof USER_ROLES)[number];
