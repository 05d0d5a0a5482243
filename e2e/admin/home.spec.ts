import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { apiLogin, createWorkoutViaApi, uploadViaApi } from "./api-setup";
import { apiDeleteAll } from "./content-support";
import { E2E_ADMIN } from "./credentials";
import { expectNoSeriousA11yViolations, signInAsAdmin } from "./support";

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
  const workout = await createWorkoutViaApi(page.request, token, image.id, { title: { en: "Home figure workout" }, description: { en: "Only in English" } });
  try {
    await page.reload();
    expect({ de: await figure(page, "records need de"), fr: await figure(page, "records need fr"), drafts: await figure(page, "workouts in draft only") }).toEqual({
      de: before.de + 1,
      fr: before.fr + 1,
      drafts: before.drafts + 1,
    });
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: /^\d+ records need de$/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Translation queue" })).toBeVisible();
    await expect(page.getByLabel("Language", { exact: true })).toHaveValue("de");
    await expect(page.getByRole("link", { name: "Home figure workout" })).toBeVisible();
  } finally {
    await apiDeleteAll(page, [`/content/workouts/${workout.id}`, `/uploads/${image.id}`]);
  }
});
