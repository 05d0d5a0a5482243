/** The organization and admin that scripts/e2e-server.mjs bootstraps (keep both in step). */
export const E2E_ORG_CODE = "e2e";
export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password" } as const;
