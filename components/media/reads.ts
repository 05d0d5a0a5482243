// Isomorphic: the screens' hooks and their pages' first paint on the server (ADR 9) share the keys and addresses.
export const UPLOADS_PAGE_SIZE = 20;

/** Images only (the crop formats are theirs), newest first. */
export const imageUploadsRead = (offset: number) => ({
  key: ["uploads", "list", offset] as const,
  path: `/uploads?filter[where][mime][contains]=image%2F&filter[limit]=${UPLOADS_PAGE_SIZE}&filter[offset]=${offset}`,
});

/** One upload with its ETag (for If-Match), as the crop editor holds it. */
export const uploadRead = (id: string) => ({ key: ["uploads", "record", id] as const, path: `/uploads/${encodeURIComponent(id)}` });

/** A video or audio upload as an editor's media panel holds it (the upload itself, read again while it is processed). */
export const mediaUploadRead = (id: string) => ({ key: ["uploads", "media", id] as const, path: `/uploads/${encodeURIComponent(id)}` });
