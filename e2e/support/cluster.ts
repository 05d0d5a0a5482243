import { startCluster, type Cluster, type ClusterOptions } from "@/scripts/cluster/start-cluster";
import type { ApiTarget } from "./api";
import { ResponseValidator } from "./openapi-contract";
import { fetchOpenApiDocument, prepareDatabase } from "./server";
import { TEST_SECRETS } from "./test-env";

export type TestCluster = {
  cluster: Cluster;
  /** The proxy, and each server by itself, as targets for `call` and `loginAs`. */
  proxy: ApiTarget & { baseUrl: string };
  servers: (ApiTarget & { baseUrl: string })[];
  databaseUrl: string;
  /** The cluster's directory (its processes' own directories are inside). */
  dataDir: string;
  /** Every line the cluster's processes printed (for failure messages). */
  output: () => string;
  /** Stops every process of the cluster, then drops its database and files. */
  stop: () => Promise<void>;
};


/**
 * `npm run cluster`'s topology, started through the same function (scripts/cluster/start-cluster.ts)
 * on free ports over a fresh copy of the fixture database (PostgreSQL only), with an S3 API server of
 * its own and Redis when 127.0.0.1:6379 answers.
 */
export async function startTestCluster(options: Omit<Partial<ClusterOptions>, "env"> & { env?: Record<string, string> } = {}): Promise<TestCluster> {
  const { env: extraEnv, ...clusterOptions } = options;
  if (process.env.TEST_DB_KIND !== "postgresql") throw new Error("the cluster runs on PostgreSQL only");
  const prepared = await prepareDatabase();
  const lines: string[] = [];
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      databaseUrl: prepared.databaseUrl!,
      dataDir: prepared.dataDir,
      port: 0,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        WEBHOOK_ALLOW_PRIVATE: "1",
        ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
        ...TEST_SECRETS,
        ...extraEnv,
      },
      onOutput: (name, line) => {
        lines.push(`${name} | ${line}`);
        if (lines.length > 2000) lines.shift();
      },
      ...clusterOptions,
    });
  } catch (error) {
    await prepared.drop();
    throw error;
  }
  // Every server serves the same document; answers through the proxy or from one server are checked against it.
  let contract: ResponseValidator;
  try {
    contract = new ResponseValidator(await fetchOpenApiDocument(cluster.url));
  } catch (error) {
    await cluster.stop();
    await prepared.drop();
    throw error;
  }
  const target = (baseUrl: string) => ({ baseUrl, apiUrl: `${baseUrl}/api/v3`, contract });
  return {
    cluster,
    proxy: target(cluster.url),
    servers: cluster.servers.map((server) => target(server.url)),
    databaseUrl: prepared.databaseUrl!,
    dataDir: prepared.dataDir,
    output: () => lines.join("\n"),
    stop: async () => {
      await cluster.stop();
      await prepared.drop();
    },
  };
}

/** Asks `probe` until it holds; fails unless it does within `withinMs`. */
export async function expectWithin(withinMs: number, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`not seen within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
