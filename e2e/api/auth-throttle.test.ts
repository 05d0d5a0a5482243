import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/api";
import { PASSWORD, USERS } from "../support/fixtures";
import { prepareDatabase, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const blockedMessage = "too many failed login attempts: send the unblock token in X-Unblock-Token to try again";

function attempt(target: TestServer, email: string, password: string, unblockToken?: string) {
  return call<Record<string, string>>(target, "POST", "/auth/login", {
    body: { email, password, code: "alpha", scope: "platform" },
    headers: unblockToken ? { "X-Unblock-Token": unblockToken } : {},
  });
}

async function failFiveTimes(target: TestServer, email: string) {
  for (let i = 0; i < 5; i++) {
    const response = await attempt(target, email, `wrong-${i}`);
    expect(response.status).toBe(401);
  }
}

function expectBlocked(response: Awaited<ReturnType<typeof attempt>>, retryAfter: string) {
  expect(response.status).toBe(429);
  expect(Object.keys(response.body).sort()).toEqual(["code", "message", "unblock_token"]);
  expect(response.body.code).toBe("429");
  expect(response.body.message).toBe(blockedMessage);
  expect(response.body.unblock_token).toMatch(/^ubt_[A-Za-z0-9_-]{43}$/);
  expect(response.headers.get("x-unblock-token")).toBe(response.body.unblock_token);
  expect(response.headers.get("retry-after")).toBe(retryAfter);
  return response.body.unblock_token!;
}

describe("login throttling", () => {
  it("open → blocked on the 6th attempt; the right password is not even checked while blocked", async () => {
    const email = USERS.alphaEditor.email;
    await failFiveTimes(server, email);
    expectBlocked(await attempt(server, email, "wrong-again"), "1");
    expectBlocked(await attempt(server, email, PASSWORD), "1");
  });

  it("blocked → open with a valid unblock token, once; the next token waits twice as long; success resets", async () => {
    const email = USERS.alphaTranslator.email;
    await failFiveTimes(server, email);
    const first = expectBlocked(await attempt(server, email, "x"), "1");

    // Before its cool-down the token is refused with Retry-After and stays valid.
    const early = await attempt(server, email, PASSWORD, first);
    expect(early.status).toBe(429);
    expect(early.body).toEqual({ code: "429", message: "this unblock token can be used in 1 s" });
    expect(early.headers.get("retry-after")).toBe("1");

    await sleep(1100);
    // One further attempt: a wrong password fails normally and the account stays blocked.
    const spent = await attempt(server, email, "still-wrong", first);
    expect(spent.status).toBe(401);
    expect(spent.body).toEqual({ code: "401", message: "invalid credentials" });

    // The same token again is worthless: blocked, with the next token (2 s cool-down).
    const second = expectBlocked(await attempt(server, email, PASSWORD, first), "2");
    const tooEarly = await attempt(server, email, PASSWORD, second);
    expect(tooEarly.status).toBe(429);
    expect(tooEarly.headers.get("retry-after")).toMatch(/^[12]$/);

    await sleep(2100);
    const success = await attempt(server, email, PASSWORD, second);
    expect(success.status).toBe(200);

    // Success reset everything: four failures later the account is still open.
    for (let i = 0; i < 4; i++) expect((await attempt(server, email, `nope-${i}`)).status).toBe(401);
    expect((await attempt(server, email, PASSWORD)).status).toBe(200);
  });

  it("a token issued for another account does not unblock this one", async () => {
    await failFiveTimes(server, USERS.alphaAdmin.email);
    expectBlocked(await attempt(server, USERS.alphaAdmin.email, "x"), "1");
    await failFiveTimes(server, "ghost@alpha.test");
    const ghostToken = expectBlocked(await attempt(server, "ghost@alpha.test", "x"), "1");
    await sleep(1100);
    const response = await attempt(server, USERS.alphaAdmin.email, PASSWORD, ghostToken);
    expectBlocked(response, "1");
    expect(response.body.unblock_token).not.toBe(ghostToken);
  });

  it("keeps the block across a restart of the server", async () => {
    const prepared = await prepareDatabase();
    const reuse = { dataDir: prepared.dataDir, databaseUrl: prepared.databaseUrl };
    try {
      const first = await startTestServer({ reuse });
      await failFiveTimes(first, USERS.alphaMember.email);
      expectBlocked(await attempt(first, USERS.alphaMember.email, "x"), "1");
      await first.stop();
      const restarted = await startTestServer({ reuse });
      expectBlocked(await attempt(restarted, USERS.alphaMember.email, PASSWORD), "1");
      await restarted.stop();
    } finally {
      await prepared.drop();
    }
  });
});

describe.runIf(process.env.TEST_DB_KIND === "postgresql")("throttling across server instances", () => {
  it("a block made through one server is seen through another on the same database", async () => {
    const other = await startTestServer({ reuse: { dataDir: `${server.dataDir}-b`, databaseUrl: server.databaseUrl } });
    try {
      await failFiveTimes(server, "shared@alpha.test");
      expectBlocked(await attempt(other, "shared@alpha.test", PASSWORD), "1");
    } finally {
      await other.stop();
    }
  });
});
