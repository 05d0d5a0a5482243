// The S3 API server of `npm run cluster`: s3rver (an npm package) over a local directory, with one
// bucket, on 127.0.0.1. It prints `{"port":N}` once it listens; SIGTERM stops it.
// Usage: node scripts/cluster/s3-server.mjs <directory> <bucket> [port]
import { mkdirSync } from "node:fs";
import { extendS3rver } from "./s3rver-extensions.mjs";

const [directory, bucket, port = "0"] = process.argv.slice(2);
if (!directory || !bucket) {
  console.error("usage: s3-server.mjs <directory> <bucket> [port]");
  process.exit(2);
}

let S3rver;
try {
  ({ default: S3rver } = await import("s3rver"));
} catch {
  console.error(
    "error: the S3 API server (the s3rver package, a development dependency) is not installed: run `npm install` " +
      "without --omit=dev, or point the cluster at an S3-compatible store with S3_BUCKET and its settings.",
  );
  process.exit(1);
}

mkdirSync(directory, { recursive: true });
const server = extendS3rver(
  new S3rver({ port: Number(port), address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] }),
  directory,
);
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

const stop = () => {
  server.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
