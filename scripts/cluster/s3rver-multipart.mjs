// ListParts and AbortMultipartUpload for s3rver, which lacks both while resumable uploads
// (@tus/s3-store) use them; used by `npm run cluster` and by the tests' S3 server. They are answered
// from s3rver's own files: the parts of a multipart upload are kept as
// `{directory}/{bucket}/._S3rver_uploads/{uploadId}/{partNumber}`, and completing it removes that folder.
import { createHash } from "node:crypto";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Adds the two calls to an s3rver instance (before `run()`), after its logger and XML encoder. */
export function addMultipartExtensions(server, directory) {
  server.middleware.splice(2, 0, multipartExtensions(directory));
  return server;
}

function multipartExtensions(directory) {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (!uploadId || !match || !/^[0-9a-f]+$/.test(uploadId) || (ctx.method !== "GET" && ctx.method !== "DELETE")) return next();
    const [, bucket, key] = match;
    const uploadDir = path.join(directory, bucket, "._S3rver_uploads", uploadId);
    const exists = await stat(uploadDir).then(() => true, () => false);
    if (!exists) {
      ctx.status = 404;
      ctx.body = { Error: { Code: "NoSuchUpload", Message: "The specified upload does not exist.", UploadId: uploadId } };
      return;
    }
    if (ctx.method === "DELETE") {
      await rm(uploadDir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    const numbers = (await readdir(uploadDir)).filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
    const parts = [];
    for (const number of numbers) {
      const bytes = await readFile(path.join(uploadDir, String(number)));
      parts.push({ PartNumber: number, ETag: `"${createHash("md5").update(bytes).digest("hex")}"`, Size: bytes.length });
    }
    ctx.status = 200;
    ctx.body = { ListPartsResult: { Bucket: bucket, Key: decodeURIComponent(key), UploadId: uploadId, IsTruncated: false, ...(parts.length > 0 ? { Part: parts } : {}) } };
  };
}
