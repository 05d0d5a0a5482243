import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli";
import { freePort, prepareDatabase, serverEnv, spawnProductionServer, spawnServer, startTestServer, stopProcess } from "../support/server";
import { apiFetch } from "../support/api";

const isEmbedded = process.env.TEST_DB_KIND !== "postgresql";

/** Starts the production server expecting it to fail; resolves with its exit code and output. */
async function expectStartFailure(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawnProductionServer(env, port);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // A failing start-up exits by itself; a request makes sure Next runs the start-up hook at all.
  const poke = setInterval(() => fetch(`http://127.0.0.1:${port}/api/v3/health`).catch(() => undefined), 200);
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  clearInterval(poke);
  clearTimeout(timer);
  return { code, output };
}

describe.runIf(isEmbedded)("the embedded database's lock", () => {
  it("refuses a second server and the command line while a server holds DATA_DIR; a killed owner leaves nothing stuck", async () => {
    const first = await startTestServer({ keepData: true });
    try {
      const second = await expectStartFailure(serverEnv(0, first.dataDir, undefined));
      expect(second.code).toBe(1);
      const shown = `./${path.relative(process.cwd(), first.dataDir)}`;
      expect(second.output).toContain(`the database in ${shown} is in use by process ${first.process.pid}; stop it or set DATABASE_URL`);

      const cli = await runCli(["create-org", "--code", "other", "--name", "Other"], { DATA_DIR: first.dataDir });
      expect(cli.code).toBe(1);
      expect(cli.stderr.trim()).toBe(`error: the database in ${shown} is in use by process ${first.process.pid}; stop it or set DATABASE_URL`);

      const stillUp = await apiFetch(first, `/health`);
      expect(stillUp.status).toBe(200);

      await stopProcess(first.process, "SIGKILL");
      const port = await freePort();
      const restarted = await spawnServer(serverEnv(port, first.dataDir, undefined), port);
      const health = await fetch(`http://127.0.0.1:${port}/api/v3/health`);
      expect(health.status).toBe(200);
      await stopProcess(restarted.child);

      // A clean stop releases the lock at once: the command line can open the directory.
      const after = await runCli(["create-org", "--code", "other", "--name", "Other"], { DATA_DIR: first.dataDir });
      expect(after.stderr).toBe("");
      expect(after.code).toBe(0);
    } finally {
      await first.stop().catch(() => undefined);
      const { rmSync } = await import("node:fs");
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});

describe("start-up configuration", () => {
  it("stops with a message naming a bad variable", async () => {
    const prepared = await prepareDatabase();
    try {
      const result = await expectStartFailure(serverEnv(0, prepared.dataDir, prepared.databaseUrl, { ACCESS_TOKEN_TTL: "soon" }));
      expect(result.code).toBe(1);
      expect(result.output).toContain("fitness-content-service: Invalid configuration:\n  - ACCESS_TOKEN_TTL: Invalid input: expected number, received NaN");
    } finally {
      await prepared.drop();
    }
  });

  it.each([
    ["a bucket without keys", { S3_BUCKET: "media" }, ["S3_ACCESS_KEY_ID: is required when S3_BUCKET is set", "S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set"]],
    ["keys without a bucket", { S3_ACCESS_KEY_ID: "AKIAEXAMPLEKEY", S3_SECRET_ACCESS_KEY: "secret-value-for-the-test" }, ["S3_BUCKET: is required when S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set"]],
  ])("refuses half an object store configuration (%s), naming the variables and no value", async (_, s3, problems) => {
    const prepared = await prepareDatabase();
    try {
      const result = await expectStartFailure(serverEnv(0, prepared.dataDir, prepared.databaseUrl, s3));
      expect(result.code).toBe(1);
      expect(result.output).toContain(`fitness-content-service: Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}\n`);
      expect(result.output).not.toContain("AKIAEXAMPLEKEY");
      expect(result.output).not.toContain("secret-value-for-the-test");
    } finally {
      await prepared.drop();
    }
  });

  it("refuses production without secrets, naming them", async () => {
    const prepared = await prepareDatabase();
    try {
      const env = serverEnv(0, prepared.dataDir, prepared.databaseUrl);
      delete env.JWT_SECRET;
      delete env.SECRET_KEY;
      const result = await expectStartFailure(env);
      expect(result.code).toBe(1);
      expect(result.output).toContain("JWT_SECRET: is required in production (at least 32 characters)");
      expect(result.output).toContain("SECRET_KEY: is required in production (64 hexadecimal characters)");
    } finally {
      await prepared.drop();
    }
  });

  it("creates the INIT_ organization and admin on first start, once", async () => {
    const init = {
      INIT_ORG_CODE: "gamma",
      INIT_ORG_NAME: "Gamma Studio",
      INIT_ADMIN_EMAIL: "owner@gamma.test",
      INIT_ADMIN_PASSWORD: "gamma-password-1",
      INIT_LANGUAGES: "en,fr",
    };
    const prepared = await prepareDatabase();
    const reuse = { dataDir: prepared.dataDir, databaseUrl: prepared.databaseUrl };
    try {
      await (await startTestServer({ env: init, reuse })).stop();
      // A second start with the same variables keeps the existing organization and admin.
      await (await startTestServer({ env: init, reuse })).stop();

      const dbEnv = { DATA_DIR: reuse.dataDir, DATABASE_URL: reuse.databaseUrl };
      const duplicate = await runCli(["create-user", "--org", "gamma", "--email", "OWNER@gamma.test", "--password", "another-pass", "--role", "editor"], dbEnv);
      expect(duplicate.code).toBe(1);
      expect(duplicate.stderr.trim()).toBe("error: a user with email 'OWNER@gamma.test' already exists");
      const translator = await runCli(["create-user", "--org", "gamma", "--email", "t@gamma.test", "--password", "another-pass", "--role", "translator", "--languages", "de"], dbEnv);
      expect(translator.code).toBe(1);
      expect(translator.stderr.trim()).toBe("error: languages: not enabled for this organization: de\n  /languages: not enabled for this organization: de");
    } finally {
      await prepared.drop();
    }
  });
});
