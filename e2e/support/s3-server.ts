import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { extendS3rver } from "../../scripts/cluster/s3rver-extensions.mjs";

/** s3rver's fixed key pair: it checks request signatures against it. */
export const S3RVER_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export type TestS3Server = {
  endpoint: string;
  port: number;
  bucket: string;
  /** The S3_* variables that point a server process at this store. */
  env: Record<string, string>;
  /** The store's connection settings for an `S3Storage` in the test process. */
  config: { bucket: string; region: string; endpoint: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: true };
  /** Every key in the bucket (under `prefix`), sorted. */
  listKeys: (prefix?: string) => Promise<string[]>;
  /** Stops answering at once (every open connection is closed): the store is down. */
  halt: () => Promise<void>;
  /** Answers again on the same port, with the same objects. */
  resume: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * A real S3 API server (s3rver) in this process, on a free port, over a temporary directory, with
 * one bucket. Servers under test reach it with path-style addressing.
 */
export async function startS3Server(options: { bucket?: string; port?: number } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? "fcs-test";
  const directory = mkdtempSync(path.join(tmpdir(), "fcs-s3-"));
  const create = (port: number) => {
    const server = new S3rver({ port, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
    // The multipart calls s3rver lacks, and deletes that cannot race a write (scripts/cluster/s3rver-extensions.mjs).
    return extendS3rver(server, directory);
  };
  let instance = create(options.port ?? 0);
  const { port } = await instance.run();
  let isRunning = true;
  const endpoint = `http://127.0.0.1:${port}`;
  const halt = async () => {
    if (!isRunning) return;
    isRunning = false;
    const http = (instance as unknown as { httpServer: Server }).httpServer;
    const closed = instance.close();
    http.closeAllConnections();
    await closed;
  };
  const config = { bucket, region: "us-east-1", endpoint, ...S3RVER_KEYS, forcePathStyle: true } as const;
  const listKeys = async (prefix?: string) => {
    // As in the driver (lib/storage/s3-storage.ts): the SDK's notice that later releases need Node 22.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
    const client = new S3Client({ region: config.region, endpoint, forcePathStyle: true, credentials: S3RVER_KEYS });
    try {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    } finally {
      client.destroy();
    }
  };
  return {
    endpoint,
    port,
    bucket,
    listKeys,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "1",
    },
    config,
    halt,
    resume: async () => {
      if (isRunning) return;
      instance = create(port);
      await instance.run();
      isRunning = true;
    },
    stop: async () => {
      await halt();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
