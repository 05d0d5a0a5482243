import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { apiLogin, createViaApi, uploadViaApi } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoSeriousA11yViolations, signInAsAdmin, toast } from "./support";

/**
 * Organization settings (docs/api.md "Publishing"): an admin switches strict publishing on, and German
 * can then be published only once the phase titles are translated too; switched off, the title and
 * description are enough again.
 */
let workoutId: string;

async function adminToken(request: APIRequestContext): Promise<string> {
  return apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
}

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  const image = await uploadViaApi(request, token, "settings.png", "image/png", await sharp({ create: { width: 320, height: 200, channels: 3, background: "#7c3aed" } }).png().toBuffer());
  const workout = await createViaApi<{ id: string }>(request, token, "/content/workouts", {
    title: { en: "Settings check", de: "Einstellungsprobe" },
    slug: null,
    description: { en: "Title and description in German, phases in English.", de: "Titel und Beschreibung auf Deutsch." },
    image: image.id,
    gender: "female",
    level: "beginner",
    types: [],
    goals: [],
    body_parts: [],
    locations: ["home"],
    duration: "0-15",
    phases: [{ title: { en: "Warm up" }, time: 300, items: [{ type: "TIMER", notes: "", timer_title: { en: "Mobilise" }, timer_duration: 300 }] }],
  });
  workoutId = workout.id;
});

test("an admin switches strict publishing on and off, and publishing German follows it", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Organization settings" })).toBeVisible();
  const strict = page.getByRole("checkbox", { name: "Strict publishing" });
  const save = page.getByRole("button", { name: "Save settings" });
  await expect(strict).not.toBeChecked();
  await expect(save).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await strict.check();
  await save.click();
  await expect(toast(page, "Strict publishing is on.")).toBeVisible();
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Strict publishing" })).toBeChecked();

  // Strict: the English-only phase texts hold German back, and the refusal links to them.
  await page.goto(`/admin/translations/workouts/${workoutId}`);
  await page.getByLabel("Translate into").selectOption("de");
  const panel = page.getByRole("region", { name: "Status by language" });
  await panel.getByRole("button", { name: "Publish de", exact: true }).click();
  const refusal = panel.getByRole("alert");
  await expect(refusal).toContainText("de was not published: these fields have no de text yet.");
  await expect(refusal.getByRole("link")).toHaveText(["Phase 1 (warm up) › Title", "Phase 1 (warm up) › Item 1 (TIMER) › Timer title"]);
  await expect(panel.getByRole("row", { name: /^de / })).toContainText("draft");

  // Off again: the title and description are enough; the phases fall back to English.
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("checkbox", { name: "Strict publishing" }).uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toast(page, "Strict publishing is off.")).toBeVisible();

  await page.goto(`/admin/translations/workouts/${workoutId}`);
  await page.getByLabel("Translate into").selectOption("de");
  await page.getByRole("region", { name: "Status by language" }).getByRole("button", { name: "Publish de", exact: true }).click();
  await expect(toast(page, "Published de.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Status by language" }).getByRole("row", { name: /^de / })).toContainText("published");
});
