import { defineConfig } from "@playwright/test";

// The admin tests drive Debian's Chromium (no browser download is possible here, see stack-notes)
// against the built production server that scripts/e2e-server.mjs starts on a fresh database.
const port = process.env.E2E_PORT ?? "3210";
const baseURL = `http://127.0.0.1:${port}`;
// Several runs can share a checkout (each with its own E2E_PORT and NEXT_DIST_DIR): results apart too.
const resultsDir = process.env.E2E_RESULTS_DIR ?? "test-results";

export default defineConfig({
  testDir: "e2e/admin",
  workers: 1,
  // A flaky test should show up as a failure, in CI too.
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: `${resultsDir}/playwright.json` }]],
  // Traces and screenshots of failures; kept apart from the JSON report's directory.
  outputDir: `${resultsDir}/playwright`,
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/v3/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: port },
    // SIGTERM (not Playwright's default SIGKILL) so the script can remove its data directory.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
