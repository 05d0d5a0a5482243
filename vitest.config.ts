import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const root = path.dirname(new URL(import.meta.url).pathname);
const resolve = { alias: { "@": root, "server-only": path.join(root, "e2e/support/empty-module.ts") } };

// The API suites start the real production server; on PostgreSQL they run a second time when
// TEST_DATABASE_URL is set (CI sets it when the server answers).
function apiProject(name: string, database: "embedded" | "postgresql"): TestProjectInlineConfiguration {
  return {
    resolve,
    test: {
      name,
      include: ["e2e/api/**/*.test.ts"],
      environment: "node",
      globalSetup: ["e2e/support/global-setup.ts"],
      env: { TEST_DB_KIND: database },
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  };
}

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
          include: ["lib/**/*.test.ts", "components/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      apiProject("api", "embedded"),
      ...(process.env.TEST_DATABASE_URL ? [apiProject("api-postgres", "postgresql")] : []),
    ],
  },
});
