import { expect, test, type Page, type Route } from "@playwright/test";
import sharp from "sharp";
import { apiLogin, bearer, signInAs, uploadViaApi } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoA11yViolations, signInAsAdmin, toast } from "./support";

/**
 * Background jobs (/admin/jobs): queue depth per task, failed jobs with their error, and a retry.
 * The queue depth is the real server's: an uploaded image's thumbnails job shows up as completed.
 * The e2e organization has no way to make a job fail for real (its webhooks cannot be enabled while
 * the server holds the embedded database, and every stored image renders), so the failed job and its
 * retry are a stand-in with the API's shapes; the API itself is tested in e2e/api/jobs.test.ts.
 */
const FAILED_ID = "9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f";

async function fakeFailedJob(page: Page) {
  const now = new Date().toISOString();
  const retried: string[] = [];
  let state = "failed";
  const job = () => ({
    id: FAILED_ID,
    task: "webhooks.deliver",
    state,
    payload: { delivery_id: FAILED_ID },
    attempts: 12,
    max_attempts: state === "failed" ? 101 : 102,
    last_error: "receiver answered 503",
    created_at: now,
    started_at: now,
    completed_at: state === "failed" ? now : null,
    next_run_at: state === "failed" ? null : now,
  });
  await page.route(/\/api\/v3\/jobs(\?|\/[^q]|$)/, async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    const json = (status: number, body: unknown) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
    if (url.pathname === "/api/v3/jobs" && request.method() === "GET") {
      const isFailedList = url.searchParams.get("filter[where][state]") === "failed";
      return json(200, isFailedList && state === "failed" ? { total: 1, data: [job()] } : { total: 0, data: [] });
    }
    if (url.pathname === `/api/v3/jobs/${FAILED_ID}/retry` && request.method() === "POST") {
      retried.push(FAILED_ID);
      state = "retry";
      return json(202, job());
    }
    return route.continue();
  });
  return { retried };
}

async function queueRow(page: Page, label: string) {
  return page.getByRole("table", { name: "Queues" }).getByRole("row", { name: new RegExp(label) });
}

test("an admin sees queue depth, a failed job with its error, and retries it", async ({ page, request }) => {
  // A real job: the thumbnails of an uploaded image are made in the background.
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#336699" } }).png().toBuffer();
  await uploadViaApi(request, token, "jobs-cover.png", "image/png", image);

  const fake = await fakeFailedJob(page);
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Background jobs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Background jobs" })).toBeVisible();

  const thumbnails = await queueRow(page, "Image thumbnails");
  await expect(thumbnails).toBeVisible();
  // The screen refreshes on its own: the job completes in the background.
  await expect(thumbnails.getByRole("cell").nth(4)).not.toHaveText("0", { timeout: 15_000 });
  await expect(await queueRow(page, "Webhook delivery")).toBeVisible();

  const failed = page.getByRole("table", { name: "Failed jobs, newest first" });
  const row = failed.getByRole("row", { name: /Webhook delivery/ });
  await expect(row).toContainText("receiver answered 503");
  await expect(row).toContainText("12 of 101");
  await expectNoA11yViolations(page);

  await row.getByRole("button", { name: `Retry Webhook delivery job ${FAILED_ID}` }).click();
  await expect(toast(page, "The webhook delivery job runs again.")).toBeVisible();
  expect(fake.retried).toEqual([FAILED_ID]);
  await expect(failed.getByText("No failed jobs.")).toBeVisible();
});

test("an editor has no jobs screen: no link, and the address is not found", async ({ page, request }) => {
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const created = await request.post("/api/v3/users", { headers: bearer(token), data: { email: "jobs.editor@e2e.test", password: "a long passphrase", role: "editor" } });
  expect([201, 409]).toContain(created.status());
  await signInAs(page, "jobs.editor@e2e.test", "a long passphrase");
  await expect(page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Background jobs" })).toHaveCount(0);
  const response = await page.goto("/admin/jobs");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("table", { name: "Queues" })).toHaveCount(0);
});
