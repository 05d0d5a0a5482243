// Isomorphic: the screen's hooks and its page's first paint on the server (ADR 9) share the keys and addresses.
export const CONNECTIONS_PAGE_SIZE = 20;

export const integrationKeys = {
  definitions: ["integrations", "definitions"] as const,
  connections: ["integrations", "connections"] as const,
  page: (offset: number) => ["integrations", "connections", offset] as const,
};

/** The provider definitions; the query holds the list's `data`. */
export const definitionsRead = { key: integrationKeys.definitions, path: "/integrations", select: (page: { data: unknown[] }) => page.data };

export const connectionsRead = (offset: number) => ({
  key: integrationKeys.page(offset),
  path: `/integrations/connections?filter[limit]=${CONNECTIONS_PAGE_SIZE}&filter[offset]=${offset}`,
});
