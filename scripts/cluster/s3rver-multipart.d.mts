/** Adds ListParts and AbortMultipartUpload to an s3rver instance before it runs. */
export function addMultipartExtensions<T>(server: T, directory: string): T;
