import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../support/cli";
import { prepareDatabase } from "../support/server";

let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  prepared = await prepareDatabase();
  env = { DATA_DIR: prepared.dataDir, DATABASE_URL: prepared.databaseUrl };
});
afterAll(async () => {
  await prepared?.drop();
});

describe("the command line", () => {
  it("creates an organization with languages and a default", async () => {
    const result = await runCli(["create-org", "--code", "delta", "--name", "Delta Club", "--languages", "de,en", "--default-language", "en"], env);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^created organization 'delta' \([0-9a-f-]{36}\); languages de, en, default en\n$/);
  });

  it("creates users of every role, translators with their languages", async () => {
    const translator = await runCli(["create-user", "--org", "delta", "--email", "Tra@Delta.test", "--password", "password-123", "--role", "translator", "--languages", "de"], env);
    expect(translator.code).toBe(0);
    expect(translator.stdout).toMatch(/^created translator for de Tra@Delta.test \([0-9a-f-]{36}\) in 'delta'\n$/);
    for (const role of ["admin", "editor", "member"]) {
      const result = await runCli(["create-user", "--org", "delta", "--email", `${role}@delta.test`, "--password", "password-123", "--role", role], env);
      expect(result.code).toBe(0);
    }
  });

  it("enables webhooks for an organization", async () => {
    const result = await runCli(["enable-webhooks", "--org", "delta"], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("webhooks enabled for 'delta'\n");
  });

  it.each([
    [["create-org", "--code", "delta", "--name", "Again"], "error: an organization with code 'delta' already exists"],
    [["create-org", "--code", "Bad Code", "--name", "X"], "error: /code: must be lowercase letters, digits and single dashes\n  /code: must be lowercase letters, digits and single dashes"],
    [["create-org", "--code", "eps", "--name", "E", "--languages", "en", "--default-language", "de"], "error: /defaultLanguage: must be one of the organization's languages\n  /defaultLanguage: must be one of the organization's languages"],
    [["create-org", "--name", "No code"], "error: missing --code\nusage: npm run cli -- create-org --code C --name N [--languages en,de] [--default-language en]"],
    [["create-user", "--org", "delta", "--email", "tra@delta.TEST", "--password", "password-123", "--role", "editor"], "error: a user with email 'tra@delta.TEST' already exists"],
    [["create-user", "--org", "nowhere", "--email", "x@y.z", "--password", "password-123", "--role", "editor"], "error: no organization with code 'nowhere'"],
    [["create-user", "--org", "delta", "--email", "x@y.test", "--password", "short", "--role", "editor"], "error: /password: must be at least 8 characters\n  /password: must be at least 8 characters"],
    [["enable-webhooks", "--org", "delta", "--force"], "error: Unknown option '--force'\nusage: npm run cli -- enable-webhooks --org C"],
    [["launch-rockets"], "error: unknown command 'launch-rockets'"],
  ])("refuses %j with a clear message and exit status 1", async (args, message) => {
    const result = await runCli(args, env);
    expect(result.code).toBe(1);
    expect(result.stderr.slice(0, message.length)).toBe(message);
  });
});
