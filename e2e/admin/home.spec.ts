import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { apiLogin, bearer, createWorkoutViaApi, uploadViaApi } from "./api-setup";
import { apiDeleteAll } from "./content-support";
import { E2E_ADMIN } from "./credentials";
import { expectNoA11yViolations, signInAsAdmin } from "./support";

/** The figure a link on the home shows, e.g. "3 records need de" → 3. */
async function figure(page: Page, label: string): Promise<number> {
  const link = page.getByRole("link", { name: new RegExp(`^\\d+ ${label}$`) });
  await expect(link).toBeVisible();
  return Number((await link.innerText()).match(/\d+/)![0]);
}

test("the home shows the work waiting, each figure one more after a new draft in English only, and leads to the translation queue", async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 2, name: "Missing translations" })).toBeVisible();
  const before = { de: await figure(page, "records need de"), fr: await figure(page, "records need fr"), drafts: await figure(page, "workouts in draft only") };
  await expect(page.getByRole("link", { name: /^\d+ failed background jobs$/ })).toBeVisible();

  const token = await apiLogin(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const image = await uploadViaApi(page.request, token, "home.png", "image/png", await sharp({ create: { width: 64, height: 48, channels: 3, background: "#7c3aed" } }).png().toBuffer());
  await createWorkoutViaApi(page.request, token, image.id, { title: { en: "Home figure workout" }, description: { en: "Only in English" } });
  await page.reload();
  expect({ de: await figure(page, "records need de"), fr: await figure(page, "records need fr"), drafts: await figure(page, "workouts in draft only") }).toEqual({
    de: before.de + 1,
    fr: before.fr + 1,
    drafts: before.drafts + 1,
  });
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: /^\d+ records need de$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Translation queue" })).toBeVisible();
  await expect(page.getByLabel("Language", { exact: true })).toHaveValue("de");
  await expect(page.getByRole("link", { name: "Home figure workout" })).toBeVisible();
});

test("the home lists the records the person edited last, images without a chosen crop, upcoming scheduled changes and failed webhook deliveries", async ({ page }) => {
  await signInAsAdmin(page);
  const token = await apiLogin(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByRole("heading", { level: 2, name: "Media and schedules" })).toBeVisible();
  const before = { images: await figure(page, "images without a chosen crop"), schedules: await scheduled(page) };
  // The spec's organization cannot enable webhooks (ADR 9), so none of its deliveries ever failed.
  expect(await figure(page, "failed webhook deliveries")).toBe(0);

  const image = await uploadViaApi(page.request, token, "home-crop.png", "image/png", await sharp({ create: { width: 80, height: 60, channels: 3, background: "#0f766e" } }).png().toBuffer());
  const older = await createWorkoutViaApi(page.request, token, image.id, { title: { en: "Home edited first" }, description: { en: "Older edit" } });
  const newer = await createWorkoutViaApi(page.request, token, image.id, { title: { en: "Home edited last" }, description: { en: "Newer edit" } });
  const at = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  const schedule = await page.request.post(`/api/v3/content/workouts/${newer.id}/schedules`, { headers: bearer(token), data: { language: "en", status: "published", at } });
  expect(schedule.status(), await schedule.text()).toBe(201);
  const scheduleId = ((await schedule.json()) as { id: string }).id;
  try {
    await page.reload();
    // Newest first, each a link to its editor.
    const recent = page.getByRole("region", { name: "Your recent edits" }).getByRole("link");
    await expect(recent.nth(0)).toHaveText("Home edited last");
    await expect(recent.nth(1)).toHaveText("Home edited first");
    expect({ images: await figure(page, "images without a chosen crop"), schedules: await scheduled(page) }).toEqual({ images: before.images + 1, schedules: before.schedules + 1 });
    await expectNoA11yViolations(page);

    // The scheduled changes' figure says when the next one runs and opens their calendar.
    const schedulesLink = page.getByRole("link", { name: /^\d+ scheduled status changes$/ });
    await expect(schedulesLink).toHaveAccessibleDescription(/^next \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/);
    await schedulesLink.click();
    await expect(page.getByRole("heading", { level: 1, name: "Scheduled changes" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/schedules$/);
    await page.goBack();

    // A crop chosen for each of the four formats (each moved off the centred default): the image no longer waits.
    const formats = Object.fromEntries(Object.entries(image.metadata.formats).map(([style, crop]) => [style, { ...crop, x: 0, y: 0 }]));
    expect(Object.values(image.metadata.formats).every((crop) => crop.x > 0 || crop.y > 0)).toBe(true);
    const patched = await page.request.patch(`/api/v3/uploads/${image.id}`, { headers: bearer(token), data: { metadata: { formats } } });
    expect(patched.status(), await patched.text()).toBe(200);
    await page.reload();
    expect(await figure(page, "images without a chosen crop")).toBe(before.images);

    await recent.nth(0).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit workout" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/content/workouts/${newer.id}$`));
  } finally {
    // The schedule first, then what it belongs to; the check below needs the records gone.
    await apiDeleteAll(page, [`/content/workouts/${newer.id}/schedules/${scheduleId}`, `/content/workouts/${newer.id}`, `/content/workouts/${older.id}`, `/uploads/${image.id}`]);
  }
  // A deleted record leaves the list.
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "Home edited last" })).toHaveCount(0);
});

/** The home's count of scheduled status changes (a link to the calendar). */
async function scheduled(page: Page): Promise<number> {
  return figure(page, "scheduled status changes");
}
