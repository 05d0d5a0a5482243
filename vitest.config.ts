import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const root = path.dirname(new URL(import.meta.url).pathname);
const resolve = { alias: { "@": root, "server-only": path.join(root, "e2e/support/empty-module.ts") } };

const storageOf = (value: string | undefined) => (value === "s3" ? "s3" : "local");

// The API suites start the real production server; on PostgreSQL they run a second time when
// TEST_DATABASE_URL is set (CI sets it when the server answers).
function apiProject(name: string, database: "embedded" | "postgresql", storage: "local" | "s3" = "local", include = ["e2e/api/**/*.test.ts"]): TestProjectInlineConfiguration {
  return {
    resolve,
    test: {
      name,
      include,
      environment: "node",
      globalSetup: ["e2e/support/global-setup.ts"],
      env: { TEST_DB_KIND: database, TEST_STORAGE: storage },
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  };
}

function clusterProject(): TestProjectInlineConfiguration {
  const project = apiProject("cluster", "postgresql", "local", ["e2e/cluster/**/*.test.ts"]);
  return { ...project, test: { ...project.test, testTimeout: 120_000, hookTimeout: 240_000 } };
}

// The suites that store and serve files run once more with the S3 driver, against an S3 API server
// each file starts (e2e/support/s3-server.ts); on PostgreSQL when it is there, as in production.
// `TEST_STORAGE=s3` on the other projects runs any suite that way.
const S3_SUITES = ["uploads", "uploads-resumable", "media", "uploads-limits", "uploads-references", "on-demand", "seed-demo"].map((file) => `e2e/api/${file}.test.ts`);

export default defineConfig({
  test: {
    // Two cores: two API test files (each with its own server) at a time.
    maxWorkers: 2,
    reporters: process.env.VITEST_JSON_REPORT ? ["default", ["json", { outputFile: process.env.VITEST_JSON_REPORT }]] : ["default"],
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "e2e/support/**/*.test.ts"],
          environment: "node",
        },
      },
      apiProject("api", "embedded", storageOf(process.env.TEST_STORAGE)),
      ...(process.env.TEST_DATABASE_URL ? [apiProject("api-postgres", "postgresql", storageOf(process.env.TEST_STORAGE))] : []),
      apiProject("api-s3", process.env.TEST_DATABASE_URL ? "postgresql" : "embedded", "s3", S3_SUITES),
      // `npm run cluster`'s topology (PostgreSQL only): two servers, a worker, an S3 API server, Redis
      // when it answers and the proxy, started per file (e2e/support/cluster.ts).
      ...(process.env.TEST_DATABASE_URL ? [clusterProject()] : []),
    ],
  },
});
