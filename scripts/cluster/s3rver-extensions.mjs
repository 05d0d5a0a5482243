// What s3rver needs to stand in for S3 in `npm run cluster` and in the tests' S3 server:
// - ListParts and AbortMultipartUpload, which it lacks while resumable uploads (@tus/s3-store) use
//   them;
// - deletes that leave empty folders in place. s3rver removes a deleted object's folder when it is
//   empty, and a write of another key into that folder at the same moment then fails to open its
//   file, an error s3rver does not listen for (so it crashed the process). S3 has no folders, and
//   listing skips empty ones.
// The multipart calls are answered
// from s3rver's own files: the parts of a multipart upload are kept as
// `{directory}/{bucket}/._S3rver_uploads/{uploadId}/{partNumber}`, and completing it removes that folder.
import { createHash } from "node:crypto";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Extends an s3rver instance before `run()`: the two calls (after its logger and XML encoder) and the deletes. */
export function extendS3rver(server, directory) {
  server.middleware.splice(2, 0, multipartExtensions(directory));
  server.store.deleteObject = (bucket, key) => deleteObjectFiles(server.store, bucket, key);
  return server;
}

/** Removes an object's files (content, checksum, metadata) and nothing else. */
async function deleteObjectFiles(store, bucket, key) {
  await Promise.all(
    ["object", "object.md5", "metadata.json"].map((kind) =>
      rm(store.getResourcePath(bucket, key, kind), { force: true }),
    ),
  );
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
