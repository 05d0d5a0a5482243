/** Extends an s3rver instance before it runs: ListParts, AbortMultipartUpload, and deletes that keep folders. */
export function extendS3rver<T>(server: T, directory: string): T;
