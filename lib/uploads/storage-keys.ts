/** Storage keys of uploads: everything of one upload lives under one prefix, so deleting it is one call. */
export const storageKeys = {
  prefix: (organizationId: string, uploadId: string) => `${organizationId}/${uploadId}/`,
  original: (organizationId: string, uploadId: string) => `${organizationId}/${uploadId}/original`,
  /** One style's thumbnails, removed together when its crop changes. */
  thumbnailsOfStyle: (organizationId: string, uploadId: string, style: string) => `${organizationId}/${uploadId}/thumbnails/${style}/`,
  thumbnail: (organizationId: string, uploadId: string, style: string, variant: string) => `${organizationId}/${uploadId}/thumbnails/${style}/${variant}`,
};
