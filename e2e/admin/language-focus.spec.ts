import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { apiLogin, bearer, createViaApi, signInAs, uploadViaApi } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoA11yViolations, signInAsAdmin, toast } from "./support";

/**
 * One language in focus (ADR 9): editors show one language's texts at a time under a row of
 * language tabs, with the default language's text beside each field as the source, and the structure
 * once (read only for translators). The address carries the language.
 */
const TRANSLATOR = { email: "language-focus-de@e2e.test", password: "language-focus-password" };
const TITLE = "Sunrise mobility";

type Workout = { id: string; title: Record<string, string>; description: Record<string, string>; slug: string; phases: { title: Record<string, string>; time: number; items: { timer_title: Record<string, string>; timer_duration: number }[] }[] };

let token: string;
let workoutId: string;

test.describe.configure({ mode: "serial", timeout: 120_000 });

async function readWorkout(request: APIRequestContext): Promise<Workout> {
  const response = await request.get(`/api/v3/content/workouts/${workoutId}?lang=en,de,fr&texts=all`, { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as Workout;
}

const tab = (page: Page, name: RegExp) => page.getByRole("tablist", { name: "Languages" }).getByRole("tab", { name });

test.beforeAll(async ({ request }) => {
  token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  await createViaApi(request, token, "/users", { ...TRANSLATOR, role: "translator", languages: ["de"] });
  const image = await uploadViaApi(request, token, "sunrise.png", "image/png", await sharp({ create: { width: 320, height: 200, channels: 3, background: "#b45309" } }).png().toBuffer());
  const workout = await createViaApi<{ id: string }>(request, token, "/content/workouts", {
    title: { en: TITLE, fr: "Mobilité du matin" },
    slug: null,
    description: { en: "Loosen every joint before the day starts.", fr: "Délier chaque articulation avant la journée." },
    image: image.id,
    gender: "female",
    level: "beginner",
    types: [],
    goals: [],
    body_parts: [],
    locations: ["home"],
    duration: "0-15",
    phases: [{ title: { en: "Warm up" }, time: 300, items: [{ type: "TIMER", notes: "", timer_title: { en: "Circle the arms" }, timer_duration: 300 }] }],
  });
  workoutId = workout.id;
  // French is published, so a write may not take its title away (docs/api.md "Publishing").
  const published = await request.patch(`/api/v3/content/workouts/${workoutId}/status`, { headers: bearer(token), data: { fr: "published" } });
  expect(published.status(), await published.text()).toBe(200);
});

test("a German translator opens a record from the queue in German, translates beside the English source, cannot change the structure, and saves", async ({ page, request }) => {
  // Without ?lang a translator lands on their own language.
  await signInAs(page, TRANSLATOR.email, TRANSLATOR.password, `/admin/content/workouts/${workoutId}`);
  await expect(tab(page, /German/)).toHaveAttribute("aria-selected", "true");

  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Translation queue" }).click();
  await expect(page.getByLabel("Language", { exact: true })).toHaveValue("de");
  await page.getByRole("link", { name: TITLE, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/content/workouts/${workoutId}\\?lang=de$`));

  // The tabs: every language of the organization, each with its status; German is in focus.
  await expect(page.getByRole("tablist", { name: "Languages" }).getByRole("tab")).toHaveText([/English \(en, default\)\s*draft/, /German \(de\)\s*missing/, /French \(fr\)\s*published/]);
  await expect(tab(page, /German/)).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toHaveAccessibleName(/German/);

  // Only German inputs, each with the English source beside it, read only.
  await expect(page.getByLabel("Title (en, default)", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Title (fr)", { exact: true })).toHaveCount(0);
  for (const [label, source] of [
    ["Title", TITLE],
    ["Description", "Loosen every joint before the day starts."],
    ["Phase title", "Warm up"],
    ["Timer title", "Circle the arms"],
  ]) {
    await expect(page.getByLabel(`${label} (en, source)`, { exact: true })).toHaveValue(source as string);
    await expect(page.getByLabel(`${label} (en, source)`, { exact: true })).not.toBeEditable();
    await expect(page.getByLabel(`${label} (de)`, { exact: true })).toBeEditable();
  }

  // The structure is there once, and read only.
  await expect(page.getByLabel("Slug", { exact: true })).not.toBeEditable();
  await expect(page.getByLabel("Level", { exact: true })).toBeDisabled();
  await expect(page.getByLabel("Home", { exact: true })).toBeDisabled();
  await expect(page.getByLabel("Phase time (seconds)", { exact: true })).not.toBeEditable();
  await expect(page.getByLabel("Timer duration (seconds)", { exact: true })).not.toBeEditable();
  await expect(page.getByRole("button", { name: "Remove the warm up phase" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add item" })).toBeDisabled();
  await expect(page.getByRole("button", { name: /^Drag item 1/ })).toBeDisabled();
  await page.getByLabel("Phase time (seconds)", { exact: true }).pressSequentially("9");
  await expect(page.getByLabel("Phase time (seconds)", { exact: true })).toHaveValue("300");
  await expectNoA11yViolations(page);

  await page.getByLabel("Title (de)", { exact: true }).fill("Morgenmobilität");
  await page.getByLabel("Description (de)", { exact: true }).fill("Jedes Gelenk lockern, bevor der Tag beginnt.");
  await page.getByLabel("Phase title (de)", { exact: true }).fill("Aufwärmen");
  await page.getByLabel("Timer title (de)", { exact: true }).fill("Armkreisen");
  // English is shown but not theirs to change.
  await tab(page, /English/).click();
  await expect(page).toHaveURL(/lang=en$/);
  await expect(page.getByLabel("Title (en, default)", { exact: true })).not.toBeEditable();
  await expect(page.getByLabel("Title (en, default)", { exact: true })).toHaveAccessibleDescription("Read only: you translate de.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `Saved “${TITLE}”.`)).toBeVisible();

  const stored = await readWorkout(request);
  expect(stored.title).toEqual({ default: TITLE, en: TITLE, de: "Morgenmobilität", fr: "Mobilité du matin" });
  expect(stored.description.de).toBe("Jedes Gelenk lockern, bevor der Tag beginnt.");
  expect(stored.phases).toEqual([
    expect.objectContaining({ title: { default: "Warm up", en: "Warm up", de: "Aufwärmen", fr: "" }, time: 300, items: [expect.objectContaining({ timer_title: { default: "Circle the arms", en: "Circle the arms", de: "Armkreisen", fr: "" }, timer_duration: 300 })] }),
  ]);
});

test("an editor moves between the language tabs with the keyboard only, and keeps every edit", async ({ page }) => {
  await signInAsAdmin(page, `/admin/content/workouts/${workoutId}`);
  await expect(tab(page, /English/)).toHaveAttribute("aria-selected", "true");
  // From the first field, Shift+Tab reaches the selected tab (the others are left out of the tab order).
  await page.getByLabel("Title (en, default)", { exact: true }).focus();
  await page.keyboard.press("End");
  await page.keyboard.type(" flow");
  await page.keyboard.press("Shift+Tab");
  await expect(tab(page, /English/)).toBeFocused();

  await page.keyboard.press("ArrowRight");
  await expect(tab(page, /German/)).toBeFocused();
  await expect(tab(page, /German/)).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/lang=de$/);
  // The source shows the English title as edited, not as stored.
  await expect(page.getByLabel("Title (en, source)", { exact: true })).toHaveValue(`${TITLE} flow`);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Title (en, source)", { exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Title (de)", { exact: true })).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.type(" im Fluss");

  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(tab(page, /German/)).toBeFocused();
  await page.keyboard.press("End");
  await expect(tab(page, /French/)).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/lang=fr$/);
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, /English/)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(tab(page, /French/)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(tab(page, /English/)).toBeFocused();
  await expect(tab(page, /English/)).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Title (en, default)", { exact: true })).toHaveValue(`${TITLE} flow`);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByLabel("Title (de)", { exact: true })).toHaveValue("Morgenmobilität im Fluss");
  await expectNoA11yViolations(page);
});

test("an error in a language not in view marks its tab, and a refused save opens that language at the field", async ({ page, request }) => {
  await signInAsAdmin(page, `/admin/content/workouts/${workoutId}?lang=fr`);
  await expect(tab(page, /French/)).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Title (fr)", { exact: true }).fill("");
  await tab(page, /English/).click();
  await expect(page.getByLabel("Title (en, default)", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();

  // French is published: the API refuses to lose its title, and the French tab says so.
  await expect(tab(page, /French/)).toContainText("1 error");
  await expect(tab(page, /French/)).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/lang=fr$/);
  await expect(page.getByLabel("Title (fr)", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Title (fr)", { exact: true })).toHaveAccessibleDescription("is required in fr: the record is published in fr");
  await expect(tab(page, /English/)).not.toContainText("error");
  await expectNoA11yViolations(page);

  await page.getByLabel("Title (fr)", { exact: true }).fill("Mobilité du matin");
  await expect(tab(page, /French/)).not.toContainText("error");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `Saved “${TITLE}”.`)).toBeVisible();
  expect((await readWorkout(request)).title.fr).toBe("Mobilité du matin");

  if (process.env.DOCS_SCREENSHOTS) {
    // docs/admin.md's picture of the focused-language editor: German, with the English source beside.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/admin/content/workouts/${workoutId}?lang=de`);
    await expect(page.getByLabel("Title (de)", { exact: true })).toHaveValue("Morgenmobilität");
    await page.screenshot({ path: "docs/admin/language-focus.png" });
  }
});
