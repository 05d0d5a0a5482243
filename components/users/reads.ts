// Isomorphic: the screen's hook and its page's first paint on the server (ADR 9) share the key and address.
export const usersRead = { key: ["users", "list"] as const, path: "/users?filter[limit]=250" };
