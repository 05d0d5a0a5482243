// Isomorphic: the screen's hook and its page's first paint on the server (ADR 9) share the key and address.
export const integrationTokensRead = { key: ["integration-tokens", "list"] as const, path: "/auth/integration" };
