import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "@/lib/db/client";
import { call, loginAs } from "../support/api";
import { PASSWORD } from "../support/fixtures";
import { prepareDatabase, startTestServer } from "../support/server";

describe("secrets at rest and in logs", () => {
  it("stores only hashes and never logs or re-serves passwords and tokens", async () => {
    const prepared = await prepareDatabase();
    try {
      const server = await startTestServer({ reuse: prepared, env: { LOG_LEVEL: "debug" } });
      const secrets: string[] = [PASSWORD];
      const pair = await loginAs(server, "alphaAdmin");
      secrets.push(pair.token, pair.refresh_token);
      const refreshed = await call<{ refresh_token: string; token: string }>(server, "POST", "/auth/token/refresh", { body: { refresh_token: pair.refresh_token } });
      secrets.push(refreshed.body.refresh_token, refreshed.body.token);
      const integration = await call<{ token: string }>(server, "POST", "/auth/integration", { token: refreshed.body.token, body: { name: "Secret keeper" } });
      secrets.push(integration.body.token);
      await call(server, "POST", "/users", { token: refreshed.body.token, body: { email: "hush@alpha.test", password: "plain-password-xyz", role: "editor" } });
      secrets.push("plain-password-xyz");
      for (let i = 0; i < 6; i++) {
        const response = await call<{ unblock_token?: string }>(server, "POST", "/auth/login", {
          body: { email: "hush@alpha.test", password: `guess-password-${i}`, code: "alpha", scope: "platform" },
        });
        secrets.push(`guess-password-${i}`);
        if (response.body.unblock_token) secrets.push(response.body.unblock_token);
      }
      expect(secrets).toHaveLength(14);

      // Nothing after creation re-serves a secret.
      const listing = JSON.stringify((await call(server, "GET", "/auth/integration", { token: refreshed.body.token })).body);
      const users = JSON.stringify((await call(server, "GET", "/users", { token: refreshed.body.token })).body);
      for (const secret of secrets) {
        expect(listing).not.toContain(secret);
        expect(users).not.toContain(secret);
      }
      await server.stop();
      for (const secret of secrets) expect(server.output()).not.toContain(secret);

      const database = await openDatabase({ dataDir: prepared.dataDir, DATABASE_URL: prepared.databaseUrl, DATABASE_POOL_MAX: 1 });
      try {
        const tables = await queryRows<{ table_name: string }>(
          database.db,
          sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
        );
        const names = tables.map((row) => row.table_name);
        expect(names).toEqual(expect.arrayContaining(["users", "refresh_tokens", "integration_tokens", "unblock_tokens"]));
        for (const name of names) {
          const dump = JSON.stringify(await queryRows(database.db, sql.raw(`select * from "${name}"`)));
          for (const secret of secrets) expect(dump, `${name} holds a secret`).not.toContain(secret);
        }
        const hashes = await queryRows<{ password_hash: string }>(database.db, sql`select password_hash from users`);
        for (const row of hashes) expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      } finally {
        await database.close();
      }
    } finally {
      await prepared.drop();
    }
  });
});
