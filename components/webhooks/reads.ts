// Isomorphic: the screen's hook and its page's first paint on the server (ADR 9) share the key and address.
export const webhooksRead = { key: ["webhooks", "list"] as const, path: "/webhooks?filter[limit]=250" };
