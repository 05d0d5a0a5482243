import busboy from "busboy";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { discardRest, refuseDeclaredBody } from "@/lib/http/body";
import { ApiError } from "@/lib/core/errors";
import { ALLOWED_EXTENSIONS, SNIFF_BYTES, sniffFileType, type FileType } from "./sniff";

export type ReceivedFile = { fileType: FileType; md5: string; sha256: string; size: number; filename: string | undefined; fields: { name?: string } };

/** Room for the multipart framing and the small text fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const tooLarge = (limitBytes: number) => {
  const message = `exceeds the upload limit of ${Math.round(limitBytes / (1024 * 1024))} MB`;
  return new ApiError("payload_too_large", `/file: ${message}`, [{ path: "/file", message }]);
};

const notAllowed = (isEmpty: boolean) => {
  const message = isEmpty ? "is empty" : `is not an allowed type (${ALLOWED_EXTENSIONS}); the type is read from the file's content, not its name`;
  return new ApiError("unprocessable", `/file: ${message}`, [{ path: "/file", message }]);
};

export function sniffOrRefuse(head: Buffer): FileType {
  const fileType = sniffFileType(head);
  if (!fileType) throw notAllowed(head.length === 0);
  return fileType;
}

const badRequest = (message: string, path?: string) =>
  new ApiError("bad_request", path ? `${path}: ${message}` : message, path ? [{ path, message }] : undefined);

type Found = { fileType?: FileType; md5?: string; sha256?: string; size: number };

/**
 * Counts, hashes and sniffs the file's bytes on their way to storage. It fails as soon as the limit
 * is passed or the first bytes show a type that is not allowed, so neither is read to its end.
 */
async function* inspect(source: AsyncIterable<Buffer>, limitBytes: number, found: Found): AsyncGenerator<Buffer> {
  const hash = createHash("md5");
  const contentHash = createHash("sha256");
  let head = Buffer.alloc(0);
  for await (const chunk of source) {
    found.size += chunk.byteLength;
    if (found.size > limitBytes) throw tooLarge(limitBytes);
    hash.update(chunk);
    contentHash.update(chunk);
    if (!found.fileType) {
      head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
      if (head.length >= SNIFF_BYTES) found.fileType = sniffOrRefuse(head);
    }
    yield chunk;
  }
  found.fileType ??= sniffOrRefuse(head);
  found.md5 = hash.digest("hex");
  found.sha256 = contentHash.digest("hex");
}

/**
 * Reads a `multipart/form-data` request with the parts `file` (required) and `name` (optional),
 * passing the file's bytes to `store` as they arrive: the file is never held whole in memory. When
 * anything fails the file's stream is abandoned at once and `store` sees its source fail, so it keeps
 * nothing; the rest of the request is discarded (see `discardRest`).
 */
export function receiveUpload(req: Request, limitBytes: number, store: (bytes: AsyncIterable<Buffer>) => Promise<unknown>): Promise<ReceivedFile> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiError("unsupported_media_type", "the body must be multipart/form-data with the file in the part 'file'");
  }
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limitBytes + MULTIPART_OVERHEAD_BYTES) {
    refuseDeclaredBody(req, declared, limitBytes + MULTIPART_OVERHEAD_BYTES);
    throw tooLarge(limitBytes);
  }
  if (!req.body) throw badRequest("is required", "/file");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fields: 5, parts: 10, fieldSize: 4096, fieldNameSize: 100 },
    });
  } catch {
    throw badRequest("the multipart body cannot be parsed (is the boundary missing?)");
  }
  const body = Readable.fromWeb(req.body as NodeWebReadableStream<Uint8Array>);

  return new Promise<ReceivedFile>((resolve, reject) => {
    const fields: { name?: string } = {};
    const found: Found = { size: 0 };
    let filename: string | undefined;
    let fileStream: Readable | undefined;
    let stored: Promise<unknown> | undefined;
    let isSettled = false;

    // The rest of the body is discarded (up to a bound) before answering, so the connection stays usable.
    const fail = (error: unknown) => {
      if (isSettled) return;
      isSettled = true;
      body.unpipe(parser);
      fileStream?.destroy();
      parser.destroy();
      const rest = body[Symbol.asyncIterator]();
      void discardRest(req, { read: () => rest.next(), cancel: async () => body.destroy() }).then(() => reject(error));
    };

    parser.on("file", (fieldName, stream, info) => {
      if (fieldName !== "file" || fileStream) {
        stream.resume();
        return;
      }
      fileStream = stream;
      filename = info.filename;
      stored = store(inspect(stream, limitBytes, found));
      stored.catch(fail);
    });
    parser.on("field", (fieldName, value, info) => {
      if (fieldName !== "name") return;
      if (info.valueTruncated) fail(new ApiError("unprocessable", "/name: must be at most 200 characters", [{ path: "/name", message: "must be at most 200 characters" }]));
      else fields.name = value;
    });
    parser.on("partsLimit", () => fail(badRequest("too many parts; send 'file' and optionally 'name'")));
    parser.on("fieldsLimit", () => fail(badRequest("too many fields; send 'file' and optionally 'name'")));
    parser.on("error", () => fail(badRequest("the multipart body cannot be parsed")));
    parser.on("close", () => {
      if (isSettled) return;
      if (!stored) return fail(badRequest("is required", "/file"));
      stored.then(() => {
        if (isSettled) return;
        isSettled = true;
        resolve({ fileType: found.fileType!, md5: found.md5!, sha256: found.sha256!, size: found.size, filename, fields });
      }, fail);
    });
    body.on("error", () => fail(badRequest("the upload was interrupted")));
    body.pipe(parser);
  });
}
