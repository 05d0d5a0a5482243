#!/usr/bin/env node
// `npm test`: every suite in one command. vitest (unit + API, and API on PostgreSQL when
// TEST_DATABASE_URL is set), then Playwright against Debian's Chromium, then one summary whose last
// line is the totals, so CI logs end with the verdict.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { buildIfStale } from "./build-if-stale.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const VITEST_REPORT = "test-results/vitest.json";
const PLAYWRIGHT_REPORT = "test-results/playwright.json";

// Fail before spending minutes on the other suites: without a browser the run cannot be green.
if (!existsSync(CHROMIUM)) {
  console.error(
    `Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (Debian) ` +
      "or point CHROMIUM_PATH at a Chromium binary. (Playwright's browser download is not used.)",
  );
  process.exit(1);
}

if (process.env.SKIP_BUILD !== "1") buildIfStale();

/** A port nobody listens on, so a leftover server on the default port cannot break the e2e run. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function run(label, args, env) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(process.execPath, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env } });
  if (result.error) console.error(`${label}: could not start: ${result.error.message}`);
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

// Old reports would hide a runner that crashed this time.
mkdirSync("test-results", { recursive: true });
rmSync(VITEST_REPORT, { force: true });
rmSync(PLAYWRIGHT_REPORT, { force: true });

const vitestStatus = run("vitest", ["node_modules/vitest/vitest.mjs", "run"], { VITEST_JSON_REPORT: VITEST_REPORT });
// Playwright runs even when vitest failed: one run should report everything that is broken.
const e2ePort = process.env.E2E_PORT ?? String(await freePort());
const playwrightStatus = run("playwright", ["node_modules/@playwright/test/cli.js", "test"], { E2E_PORT: e2ePort });

/** Counts of one runner; `problems` explains failures that are not failed tests. */
function summarizeVitest(report, status) {
  if (!report) return { passed: 0, failed: 1, skipped: 0, problems: [`vitest wrote no report (exit status ${status}): counted as 1 failure`] };
  const counts = {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    problems: [],
  };
  // A file that fails to load or whose hooks throw has no failed test of its own.
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === "failed").length;
    if (file.status === "failed" && failedTests === 0) {
      counts.failed += 1;
      counts.problems.push(`vitest: ${file.name} failed outside its tests: ${String(file.message ?? "").split("\n")[0]}`);
    }
  }
  if (status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.problems.push(`vitest exited with status ${status} without a failed test (an unhandled error?): counted as 1 failure`);
  }
  return counts;
}

function summarizePlaywright(report, status) {
  if (!report) return { passed: 0, failed: 1, skipped: 0, problems: [`playwright wrote no report (exit status ${status}): counted as 1 failure`] };
  const stats = report.stats ?? {};
  const counts = { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0, problems: [] };
  // Errors outside tests (the web server did not start, a spec did not compile) fail the run too.
  for (const error of report.errors ?? []) {
    counts.failed += 1;
    counts.problems.push(`playwright: ${String(error.message ?? error).split("\n")[0]}`);
  }
  if (status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.problems.push(`playwright exited with status ${status} without a failed test: counted as 1 failure`);
  }
  return counts;
}

const rows = [
  ["vitest", summarizeVitest(readJson(VITEST_REPORT), vitestStatus)],
  ["playwright", summarizePlaywright(readJson(PLAYWRIGHT_REPORT), playwrightStatus)],
];
const total = rows.reduce((sum, [, c]) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed, skipped: sum.skipped + c.skipped }), { passed: 0, failed: 0, skipped: 0 });

const line = (name, c) => `${name.padEnd(12)}${String(c.passed).padStart(8)}${String(c.failed).padStart(8)}${String(c.skipped).padStart(9)}`;
console.log("\n=== summary ===");
for (const [, c] of rows) for (const problem of c.problems) console.log(`! ${problem}`);
console.log(`${"runner".padEnd(12)}${"passed".padStart(8)}${"failed".padStart(8)}${"skipped".padStart(9)}`);
for (const [name, c] of rows) console.log(line(name, c));
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(total.failed > 0 ? 1 : 0);
