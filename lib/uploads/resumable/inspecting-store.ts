import { createHash, type Hash } from "node:crypto";
import { Transform, type Readable } from "node:stream";
import { DataStore, type Upload } from "@tus/utils";
import { SNIFF_BYTES } from "../sniff";

/**
 * What a resumable upload's store is told of the bytes as they arrive: `inspectHead` sees the first
 * bytes of the file (throwing refuses the upload at once, before the rest is stored), `onRemoved`
 * hears of a terminated upload.
 */
export type InspectionHooks = {
  inspectHead: (id: string, head: Buffer) => Promise<void> | void;
  onRemoved: (id: string) => Promise<void> | void;
};

type HashState = { offset: number; md5: Hash; sha256: Hash };

/** Hash states kept per process; an upload abandoned for good must not hold one forever. */
const MAX_HASH_STATES = 1000;

/**
 * A tus data store (the file or the S3 one) with the service's checks in its write path: the
 * upload's first bytes are sniffed as `POST /uploads` sniffs them (422 at once for a type that is not
 * allowed), and the bytes are hashed as they pass, so an upload sent in one go (or resumed on the same
 * process) needs no second read for its md5 and SHA-256. Everything else is the inner store's.
 */
export class InspectingStore extends DataStore {
  private readonly hashes = new Map<string, HashState>();

  constructor(
    readonly inner: DataStore,
    private readonly hooks: InspectionHooks,
  ) {
    super();
    this.extensions = inner.extensions;
  }

  create(file: Upload): Promise<Upload> {
    return this.inner.create(file);
  }

  getUpload(id: string): Promise<Upload> {
    return this.inner.getUpload(id);
  }

  declareUploadLength(id: string, length: number): Promise<void> {
    return this.inner.declareUploadLength(id, length);
  }

  deleteExpired(): Promise<number> {
    return this.inner.deleteExpired();
  }

  getExpiration(): number {
    return this.inner.getExpiration();
  }

  async remove(id: string): Promise<void> {
    this.hashes.delete(id);
    await this.inner.remove(id);
    await this.hooks.onRemoved(id);
  }

  async write(readable: Readable, id: string, offset: number): Promise<number> {
    const state = this.hashStateAt(id, offset);
    let head = offset === 0 ? Buffer.alloc(0) : undefined;
    let refusal: { error: unknown } | undefined;
    let seen = offset;
    const hooks = this.hooks;
    const inspector = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        const checkHead = async () => {
          if (head === undefined) return;
          head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
          if (head.length < SNIFF_BYTES) return;
          const complete = head;
          head = undefined;
          await hooks.inspectHead(id, complete);
        };
        checkHead().then(
          () => {
            state?.md5.update(chunk);
            state?.sha256.update(chunk);
            seen += chunk.length;
            callback(null, chunk);
          },
          (error: unknown) => {
            refusal = { error };
            callback(error as Error);
          },
        );
      },
    });
    readable.on("error", (error) => inspector.destroy(error));
    readable.pipe(inspector);
    try {
      const written = await this.inner.write(inspector, id, offset);
      if (state) {
        if (seen === written) state.offset = written;
        else this.hashes.delete(id);
      }
      return written;
    } catch (error) {
      this.hashes.delete(id);
      if (!refusal) throw error;
      // A refused file is removed at once; the inner store reports its source's failure as its own.
      await this.inner.remove(id).catch(() => undefined);
      await Promise.resolve(this.hooks.onRemoved(id)).catch(() => undefined);
      throw refusal.error;
    }
  }

  /**
   * The md5 and SHA-256 of an upload whose every byte passed through this process in order, or
   * `undefined` (the file must then be read back to be hashed).
   */
  takeHashes(id: string, size: number): { md5: string; sha256: string } | undefined {
    const state = this.hashes.get(id);
    this.hashes.delete(id);
    if (!state || state.offset !== size) return undefined;
    return { md5: state.md5.digest("hex"), sha256: state.sha256.digest("hex") };
  }

  /** The hashing of bytes from `offset` on: a new one at 0, the one that stopped at `offset`, else none. */
  private hashStateAt(id: string, offset: number): HashState | undefined {
    if (offset === 0) {
      if (this.hashes.size >= MAX_HASH_STATES) this.hashes.delete(this.hashes.keys().next().value!);
      const state = { offset: 0, md5: createHash("md5"), sha256: createHash("sha256") };
      this.hashes.set(id, state);
      return state;
    }
    const state = this.hashes.get(id);
    if (state?.offset === offset) return state;
    this.hashes.delete(id);
    return undefined;
  }
}
