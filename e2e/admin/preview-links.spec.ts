import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { apiLogin, bearer, createWorkoutViaApi, uploadViaApi } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoA11yViolations, signInAsAdmin } from "./support";

/**
 * Preview links from the status panel (docs/api.md "Preview links"): an admin makes a German preview
 * link of a draft workout, sees its address once and copies it; the address reads the German draft
 * without any credential.
 */
const GERMAN_TITLE = "Vorschau-Training";
let workoutId: string;
let adminToken: string;

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const image = await uploadViaApi(request, adminToken, "preview.png", "image/png", await sharp({ create: { width: 320, height: 200, channels: 3, background: "#0e7490" } }).png().toBuffer());
  workoutId = (await createWorkoutViaApi(request, adminToken, image.id, { title: { en: "Preview workout", de: GERMAN_TITLE }, description: { en: "Shared before publishing." } })).id;
});

test("an admin makes a German preview link of a draft from the status panel, copies it, and it reads the draft without a token", async ({ page, context, playwright }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsAdmin(page, `/admin/translations/workouts/${workoutId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Translate workout" })).toBeVisible();

  await page.getByRole("button", { name: "Preview link de" }).click();
  const shown = page.getByRole("region", { name: "Preview link (de)" });
  await expect(shown.getByText("It is shown only this once.")).toBeVisible();
  const url = await shown.getByLabel("Preview link (de)").inputValue();
  expect(url).toMatch(new RegExp(`/api/v3/content/workouts/${workoutId}\\?preview=pv_[A-Za-z0-9_-]{43}$`));
  await shown.getByRole("button", { name: "Copy" }).click();
  await expect(shown.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectNoA11yViolations(page);

  // Whoever has the address reads the German draft, with no cookie and no token.
  const stranger = await playwright.request.newContext();
  const read = await stranger.get(url);
  expect(read.status()).toBe(200);
  expect(read.headers()["content-language"]).toBe("de");
  expect(((await read.json()) as { title: string; status: Record<string, string> })).toMatchObject({ title: GERMAN_TITLE, status: { default: "draft" } });
  await stranger.dispose();

  await shown.getByRole("button", { name: "I have stored it" }).click();
  await expect(shown).toHaveCount(0);
  // The record's links list it, without its token.
  const listed = await page.request.get(`/api/v3/content/workouts/${workoutId}/preview-links`, { headers: bearer(adminToken) });
  expect(((await listed.json()) as { data: { language: string; state: string }[] }).data).toMatchObject([{ language: "de", state: "active" }]);
});
