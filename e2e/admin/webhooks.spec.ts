import { expect, test, type Page, type Route } from "@playwright/test";
import { expectNoSeriousA11yViolations, signInAsAdmin, toast } from "./support";

test("webhooks are in closed beta for the e2e organization, and the screen says how they are enabled", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(page.getByText(/closed beta and not enabled for this organization/)).toBeVisible();
  await expect(page.getByRole("form", { name: "Add a receiver" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

/**
 * A stand-in for the webhook endpoints with the API's shapes. The e2e organization cannot have webhooks
 * enabled (the CLI that enables them cannot open the database the running server holds), so the
 * screen's flows are checked against this, and the API itself by e2e/api/webhooks*.test.ts.
 */
async function fakeWebhookApi(page: Page) {
  const now = new Date().toISOString();
  const hooks: Record<string, unknown>[] = [];
  const retried: string[] = [];
  const delivery = (webhookId: string) => ({
    id: "5f0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
    webhook_id: webhookId,
    status: "failed",
    events: [{ event: "updated", entity: "Workout", id: "w1" }],
    attempt_count: 3,
    next_attempt_at: null,
    last_status_code: 500,
    last_error: null,
    created_at: now,
    completed_at: now,
    attempts: [],
  });
  await page.route("**/api/v3/webhooks**", async (route: Route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname.replace("/api/v3", "");
    const json = (status: number, body?: unknown) => route.fulfill({ status, contentType: "application/json", body: body === undefined ? "" : JSON.stringify(body) });
    if (path === "/webhooks" && request.method() === "GET") return json(200, { total: hooks.length, data: hooks });
    if (path === "/webhooks" && request.method() === "POST") {
      const body = request.postDataJSON() as { url: string; description: string; events: string[] };
      if (!body.url.startsWith("https://")) return json(422, { code: "422", message: "invalid request", details: [{ path: "/url", message: "must be a public http(s) address" }] });
      const hook = { id: "0b6f7e0c-2a52-4d5e-8f57-8c2b1f3f4a10", ...body, is_enabled: true, disabled_reason: null, previous_secret_expires_at: null, created_at: now, updated_at: now };
      hooks.push(hook);
      return json(201, { ...hook, secret: "whsec_c2VjcmV0LXNob3duLW9uY2UtMTIzNDU2Nzg5MA==" });
    }
    const match = /^\/webhooks\/([^/]+)(\/.*)?$/.exec(path);
    const hook = hooks.find((entry) => entry.id === match?.[1]);
    if (!match || !hook) return json(404, { code: "404", message: "webhook not found" });
    if (match[2] === "/deliveries") return json(200, { total: 1, data: [delivery(hook.id as string)] });
    if (match[2]?.endsWith("/retry")) {
      retried.push(match[2]);
      return json(202, delivery(hook.id as string));
    }
    if (request.method() === "PATCH") {
      Object.assign(hook, request.postDataJSON());
      return json(200, hook);
    }
    return json(405, { code: "405", message: "not faked" });
  });
  return { retried };
}

test("an admin adds a receiver, sees its secret once, pauses it and retries a failed delivery", async ({ page }) => {
  const fake = await fakeWebhookApi(page);
  await signInAsAdmin(page, "/admin/webhooks");
  const form = page.getByRole("form", { name: "Add a receiver" });
  await form.getByLabel("Receiver URL").fill("http://10.0.0.1/hook");
  await form.getByLabel("Events").fill("Workout.*, Nonsense");
  await form.getByRole("button", { name: "Add receiver" }).click();
  await expect(form.getByText("“Nonsense” must be <Entity>.<event>", { exact: false })).toBeVisible();
  await form.getByLabel("Events").fill("Workout.*, *.deleted");
  await form.getByRole("button", { name: "Add receiver" }).click();
  await expect(form.getByLabel("Receiver URL")).toHaveAccessibleDescription("must be a public http(s) address");
  await form.getByLabel("Receiver URL").fill("https://partner.example/hooks");
  await form.getByRole("button", { name: "Add receiver" }).click();

  const secret = page.getByRole("region", { name: "Signing secret" });
  await expect(secret.getByText("it is shown only this once")).toBeVisible();
  await expect(secret.getByLabel("Signing secret")).toHaveValue(/^whsec_/);
  await expectNoSeriousA11yViolations(page);
  await secret.getByRole("button", { name: "I have stored it" }).click();
  await expect(secret).toHaveCount(0);

  const row = page.getByRole("row", { name: /partner\.example/ });
  await expect(row).toContainText("Workout.*, *.deleted");
  await expect(row).toContainText("enabled");
  await page.getByRole("button", { name: "Disable https://partner.example/hooks" }).click();
  await expect(row).toContainText("disabled");

  await page.getByRole("button", { name: "Deliveries of https://partner.example/hooks" }).click();
  const log = page.getByRole("region", { name: "Deliveries to https://partner.example/hooks" });
  await expect(log.getByRole("row", { name: /Workout\.updated/ })).toContainText("failed");
  await log.getByRole("button", { name: /Retry delivery/ }).click();
  await expect(toast(page, "The delivery is sent again.")).toBeVisible();
  expect(fake.retried).toHaveLength(1);
  await expectNoSeriousA11yViolations(page);
});
