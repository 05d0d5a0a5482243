import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { Readable, Transform } from "node:stream";
import { log } from "@/lib/log";
import { assertValidKey, assertValidPrefix, StorageObjectMissingError, StorageUnavailableError, watchSource, type ObjectStorage } from "./object-storage";

export type S3StorageConfig = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/**
 * Bytes buffered per write: parts of 5 MiB (the S3 minimum), at most two in flight, so one upload
 * holds about 15 MiB whatever the file's size; files under one part are a single PUT.
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** DeleteObjects takes at most 1,000 keys. */
const DELETE_BATCH = 1000;

/**
 * Why the store failed, as a short code that is safe to log: the S3 error name and HTTP status, or
 * the network error's code. Never the message, which may name hosts, buckets or keys.
 */
function reasonOf(error: unknown): string {
  if (error instanceof S3ServiceException) return `${error.name} (${error.$metadata.httpStatusCode ?? "no status"})`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === "string") return code;
  return error instanceof Error ? error.name : "unknown";
}

/**
 * The requested bytes, whatever part of the object the store sent: some S3-compatible stores ignore
 * a range or widen it (`bytes=0-0` answered whole), so the body is trimmed to what was asked for
 * by the `Content-Range` the store reports.
 */
function exactRange(body: Readable, range: { start: number; end: number }, contentRange: string | undefined): Readable {
  const sent = /^bytes (\d+)-(\d+)\//.exec(contentRange ?? "");
  const sentStart = sent ? Number(sent[1]) : 0;
  const sentEnd = sent ? Number(sent[2]) : Number.POSITIVE_INFINITY;
  if (sentStart === range.start && sentEnd === range.end) return body;
  if (sentStart > range.start || sentEnd < range.end) {
    body.destroy();
    throw Object.assign(new Error("the store sent another byte range"), { code: "RangeMismatch" });
  }
  return body.pipe(sliceBytes(range.start - sentStart, range.end - range.start + 1));
}

/** Passes `length` bytes after skipping `skip`, then ends. */
function sliceBytes(skip: number, length: number): Transform {
  let position = 0;
  const end = skip + length;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const from = Math.max(skip - position, 0);
      const to = Math.min(end - position, chunk.length);
      position += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (position >= end) this.push(null);
      callback();
    },
  });
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

/**
 * Any S3-compatible object store (AWS S3, MinIO, Ceph, Garage, R2 …), chosen by `S3_BUCKET`. Writes
 * stream through `@aws-sdk/lib-storage` (one PUT, or a multipart upload completed only when the
 * last part is in and aborted on any failure), so readers never see a partial object. Reads stream
 * the store's response body through, byte ranges included.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    // The SDK warns on every start under Node 20 that its releases after January 2027 need Node 22.
    // The version is pinned in package.json; moving past it means moving to Node 22 (ADR 17).
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where the API requires them: many S3-compatible stores do not accept the
      // SDK's default trailing checksums (aws-chunked bodies).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
      // A store that does not answer fails the request within seconds instead of hanging it.
      requestHandler: { connectionTimeout: 3000, socketTimeout: 120_000 },
    });
  }

  private unavailable(operation: StorageUnavailableError["operation"], key: string | undefined, error: unknown): StorageUnavailableError {
    const reason = reasonOf(error);
    log.warn("the object store failed", { operation, key, reason });
    return new StorageUnavailableError(operation, reason);
  }

  async write(key: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: { contentType?: string } = {}): Promise<number> {
    assertValidKey(key);
    const watched = watchSource(source);
    let size = 0;
    async function* counted(): AsyncGenerator<Uint8Array> {
      for await (const chunk of watched.iterable) {
        size += chunk.byteLength;
        yield chunk;
      }
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: Readable.from(counted(), { objectMode: false }), ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      return size;
    } catch (error) {
      // The source's own failure (a client that went away, a file over the limit) is the answer,
      // even when aborting the multipart upload failed after it.
      const failure = watched.failure();
      if (failure) throw failure.error;
      throw this.unavailable("write", key, error);
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertValidKey(key);
    try {
      const response = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      if (!(response.Body instanceof Readable)) throw new Error("the object store's response has no body stream");
      return range ? exactRange(response.Body, range, response.ContentRange) : response.Body;
    } catch (error) {
      if (isNotFound(error)) throw new StorageObjectMissingError();
      throw this.unavailable("read", key, error);
    }
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw this.unavailable("stat", key, error);
    }
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    assertValidPrefix(prefix);
    let continuationToken: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: continuationToken }));
      } catch (error) {
        throw this.unavailable("read", prefix, error);
      }
      for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async removePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    try {
      let continuationToken: string | undefined;
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: continuationToken, MaxKeys: DELETE_BATCH }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          const result = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
          const refused = result.Errors?.[0];
          if (refused) throw Object.assign(new Error("DeleteObjects refused a key"), { code: `DeleteObjects ${refused.Code ?? "error"}` });
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    } catch (error) {
      throw this.unavailable("remove", prefix, error);
    }
  }

  async removeKey(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return;
      throw this.unavailable("remove", key, error);
    }
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      throw this.unavailable("check", undefined, error);
    }
  }

  /** Closes the client's connections (tests and shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}
