// Isomorphic: the screen's hook and its page's first paint on the server (ADR 9) share the key and address.
export const UPLOADS_PAGE_SIZE = 20;

/** Images only (the crop formats are theirs), newest first. */
export const imageUploadsRead = (offset: number) => ({
  key: ["uploads", "list", offset] as const,
  path: `/uploads?filter[where][mime][contains]=image%2F&filter[limit]=${UPLOADS_PAGE_SIZE}&filter[offset]=${offset}`,
});

/** One upload with its ETag (for If-Match), as the crop editor holds it. */
export const uploadRead = (id: string) => ({ key: ["uploads", "record", id] as const, path: `/uploads/${encodeURIComponent(id)}` });
