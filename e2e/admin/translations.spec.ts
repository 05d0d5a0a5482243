import { expect, test, type APIRequestContext, type Locator } from "@playwright/test";
import sharp from "sharp";
import { buildSlideshowMp4, renderExerciseLoop, PALETTES } from "../../lib/demo/media";
import { apiLogin, bearer, createViaApi, signInAs, uploadViaApi } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoA11yViolations, languageTab, signInAsAdmin, toast } from "./support";

/**
 * The translation workspace and per-language publishing (ADR 11): a translator for German fills the
 * German texts of a workout side by side with English, is told which fields are missing when publishing
 * too early, publishes German but cannot touch French, and a mobile app then reads the workout in German.
 */
const TRANSLATOR = { email: "translator-de@e2e.test", password: "translator-de-password" };
const TITLE = "Morning burner";

type Workout = { id: string; title: Record<string, string>; status: Record<string, string>; phases: { title: Record<string, string> }[] };

let workoutId: string;

// The second test continues from the state the first leaves (German published).
test.describe.configure({ mode: "serial", timeout: 120_000 });

/** A status history row after its time: language, change, who. */
async function expectHistoryRow(row: Locator, cells: [string, string, string]) {
  await expect(row.getByRole("cell")).toHaveText([/UTC|\d/, ...cells]);
}

async function createWorkout(request: APIRequestContext): Promise<string> {
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const users = await request.get("/api/v3/users?filter[where][email][eq]=" + encodeURIComponent(TRANSLATOR.email), { headers: bearer(token) });
  if (((await users.json()) as { total: number }).total === 0) {
    await createViaApi(request, token, "/users", { ...TRANSLATOR, role: "translator", languages: ["de"] });
  }
  const image = await uploadViaApi(
    request,
    token,
    "cover.png",
    "image/png",
    await sharp({ create: { width: 320, height: 200, channels: 3, background: "#1d4ed8" } }).png().toBuffer(),
  );
  const slide = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0f766e" } }).png().toBuffer();
  const video = await uploadViaApi(request, token, "squat.mp4", "video/mp4", await buildSlideshowMp4({ slides: [slide], width: 64, height: 48, secondsPerSlide: 1 }));
  const loop = await uploadViaApi(request, token, "squat.gif", "image/gif", await renderExerciseLoop(PALETTES[Object.keys(PALETTES)[0] as keyof typeof PALETTES], "gif", 64, 2));
  const exercise = await createViaApi<{ id: string }>(request, token, "/content/exercises", {
    name: { en: "Goblet squat" },
    slug: null,
    level: "beginner",
    gender: "male",
    muscle_groups: [],
    equipment: [],
    types: [],
    video: video.id,
    gif: loop.id,
    image: image.id,
    steps: ["Stand tall"],
  });
  const workout = await createViaApi<{ id: string }>(request, token, "/content/workouts", {
    title: { en: TITLE },
    slug: null,
    description: { en: "Twenty minutes to wake up every muscle." },
    image: image.id,
    gender: "female",
    level: "beginner",
    types: [],
    goals: [],
    body_parts: [],
    locations: ["home"],
    duration: "16-30",
    phases: [
      { title: { en: "Warm up" }, time: 300, items: [{ type: "TIMER", notes: "", timer_title: { en: "Mobilise" }, timer_duration: 300 }] },
      {
        title: { en: "Training" },
        time: 600,
        items: [
          {
            type: "AMRAP",
            notes: { en: "Keep a steady pace" },
            amrap_duration: 600,
            amrap_exercises: [
              { exercise_id: exercise.id, notes: { en: "Slow on the way down" }, rest: 10, goal_targets: [{ type: "VALUE", metric: "repetitions", value: 10 }], resistance_targets: [] },
            ],
          },
        ],
      },
    ],
  });
  return workout.id;
}

test.beforeAll(async ({ request }) => {
  workoutId = await createWorkout(request);
});

test("a German translator fills the German texts, is told what is missing, publishes German only, and apps read it in German", async ({ page, request }) => {
  await signInAs(page, TRANSLATOR.email, TRANSLATOR.password);

  // From the workouts list to the workspace, through the record's Translate link.
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Workouts" }).click();
  await page.getByRole("link", { name: `Translate ${TITLE}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Translate workout" })).toBeVisible();
  await expect(page.getByLabel("Translate into")).toHaveValue("de");
  await expect(page.getByText("0 of 7 texts translated into de (not started)")).toBeVisible();

  // Every language's status; only German may be changed by this person.
  const panel = page.getByRole("region", { name: "Status by language" });
  await expect(panel.getByRole("row", { name: /^en \(default\)/ })).toContainText("draft");
  await expect(panel.getByRole("button", { name: "Publish de", exact: true })).toBeEnabled();
  await expect(panel.getByRole("button", { name: "Publish fr", exact: true })).toBeDisabled();
  await expect(panel.getByRole("button", { name: "Publish en", exact: true })).toBeDisabled();
  await expect(panel.getByText("You can change the status of de only.")).toBeVisible();
  await expectNoA11yViolations(page);

  // English beside each German field; the title first.
  const titleRow = page.getByRole("listitem").filter({ has: page.getByLabel("Title (de)", { exact: true }) });
  await expect(titleRow).toContainText(TITLE);
  await expect(titleRow).toContainText("Missing");
  await page.getByLabel("Title (de)", { exact: true }).fill("Morgen-Brenner");
  await expect(titleRow).toContainText("Translated");
  await page.getByRole("button", { name: "Save translations" }).click();
  await expect(toast(page, "Saved the de translation.")).toBeVisible();
  await toast(page, "Saved the de translation.").getByRole("button", { name: "Dismiss notification" }).click();
  await expect(page.getByText("1 of 7 texts translated into de (partial)")).toBeVisible();

  // Publishing now names what is missing, links to it, and changes nothing.
  await panel.getByRole("button", { name: "Publish de", exact: true }).click();
  const refusal = panel.getByRole("alert");
  await expect(refusal).toContainText("de was not published: these fields have no de text yet.");
  // Only the record's required texts hold a language back; phase texts fall back to English.
  await expect(refusal.getByRole("link")).toHaveText(["Description"]);
  await expect(panel.getByRole("row", { name: /^de / })).toContainText("draft");
  await expect(page.getByRole("region", { name: "Status history" })).toContainText("No status has been changed yet.");
  await expectNoA11yViolations(page);
  await refusal.getByRole("link", { name: "Description" }).click();
  await expect(page.getByLabel("Description (de)", { exact: true })).toBeFocused();
  const adminToken = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const unpublished = (await (await request.get(`/api/v3/content/workouts/${workoutId}`, { headers: bearer(adminToken) })).json()) as Workout;
  expect(unpublished.status).toEqual({ default: "draft" });

  // The rest of the German texts, notes included.
  await page.getByLabel("Phase 1 (warm up) › Title (de)", { exact: true }).fill("Aufwärmen");
  await page.getByLabel("Description (de)", { exact: true }).fill("Zwanzig Minuten, die jeden Muskel wecken.");
  await page.getByLabel("Phase 1 (warm up) › Item 1 (TIMER) › Timer title (de)", { exact: true }).fill("Mobilisieren");
  await page.getByLabel("Phase 2 (training) › Title (de)", { exact: true }).fill("Training");
  await page.getByLabel("Phase 2 (training) › Item 1 (AMRAP) › Notes (de)", { exact: true }).fill("Gleichmäßiges Tempo");
  await page.getByLabel("Phase 2 (training) › Item 1 (AMRAP) › Exercise 1 › Notes (de)", { exact: true }).fill("Langsam nach unten");
  await expect(panel.getByRole("button", { name: "Publish de", exact: true })).toBeDisabled();
  await page.getByRole("button", { name: "Save translations" }).click();
  await expect(toast(page, "Saved the de translation.")).toBeVisible();
  await expect(page.getByText("7 of 7 texts translated into de (complete)")).toBeVisible();

  await panel.getByRole("button", { name: "Publish de", exact: true }).click();
  await expect(toast(page, "Published de.")).toBeVisible();
  await expect(panel.getByRole("row", { name: /^de / })).toContainText("published");
  await expect(panel.getByRole("button", { name: "Unpublish de", exact: true })).toBeEnabled();
  await expect(panel.getByRole("button", { name: "Publish de", exact: true })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Publish fr", exact: true })).toBeDisabled();
  const history = page.getByRole("region", { name: "Status history" });
  await expect(history.getByRole("row")).toHaveCount(2);
  await expectHistoryRow(history.getByRole("row").nth(1), ["de", "none → published", TRANSLATOR.email]);
  await expectNoA11yViolations(page);

  // The other languages were left alone.
  const stored = (await (await request.get(`/api/v3/content/workouts/${workoutId}?lang=en,de,fr&texts=all`, { headers: bearer(adminToken) })).json()) as Workout;
  expect(stored.title).toEqual({ default: TITLE, en: TITLE, de: "Morgen-Brenner", fr: "" });
  expect(stored.phases.map((phase) => phase.title)).toEqual([
    { default: "Warm up", en: "Warm up", de: "Aufwärmen", fr: "" },
    { default: "Training", en: "Training", de: "Training", fr: "" },
  ]);
  expect(stored.status).toEqual({ default: "draft", de: "published" });

  // A mobile app reads the workout in German; French (following the unpublished default) stays hidden.
  const mobile = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password, "mobile");
  const german = await request.get(`/api/v3/content/workouts/${workoutId}`, { headers: { ...bearer(mobile), "Accept-Language": "de" } });
  expect(german.status()).toBe(200);
  const read = (await german.json()) as { title: string; description: string; phases: { title: string; items: { notes: string }[] }[] };
  expect(read.title).toBe("Morgen-Brenner");
  expect(read.description).toBe("Zwanzig Minuten, die jeden Muskel wecken.");
  expect(read.phases.map((phase) => phase.title)).toEqual(["Aufwärmen", "Training"]);
  expect(read.phases[1]!.items[0]!.notes).toBe("Gleichmäßiges Tempo");
  const french = await request.get(`/api/v3/content/workouts/${workoutId}`, { headers: { ...bearer(mobile), "Accept-Language": "fr" } });
  expect(french.status()).toBe(404);
});

test("an editor unpublishes and returns a language to draft, and the history records each step", async ({ page, request }) => {
  await signInAsAdmin(page, `/admin/translations/workouts/${workoutId}?language=de`);
  await expect(page.getByRole("heading", { level: 1, name: "Translate workout" })).toBeVisible();
  const panel = page.getByRole("region", { name: "Status by language" });
  await expect(panel.getByRole("button", { name: "Publish fr", exact: true })).toBeEnabled();
  await expect(panel.getByRole("button", { name: "Publish en", exact: true })).toBeEnabled();

  await panel.getByRole("button", { name: "Unpublish de", exact: true }).click();
  await expect(toast(page, "Unpublished de.")).toBeVisible();
  await expect(panel.getByRole("row", { name: /^de / })).toContainText("unpublished");
  await expect(panel.getByRole("button", { name: "Publish de", exact: true })).toBeEnabled();
  await panel.getByRole("button", { name: "Back to draft de", exact: true }).click();
  await expect(toast(page, "de is a draft again.")).toBeVisible();
  await expect(panel.getByRole("row", { name: /^de / })).toContainText("draft");
  await expect(panel.getByRole("button", { name: "Back to draft de", exact: true })).toHaveCount(0);

  const rows = page.getByRole("region", { name: "Status history" }).getByRole("row");
  await expect(rows).toHaveCount(4);
  await expectHistoryRow(rows.nth(1), ["de", "unpublished → draft", E2E_ADMIN.email]);
  await expectHistoryRow(rows.nth(2), ["de", "published → unpublished", E2E_ADMIN.email]);
  await expectHistoryRow(rows.nth(3), ["de", "none → published", TRANSLATOR.email]);

  // An editor may translate any language: French is editable here.
  await page.getByLabel("Translate into").selectOption("fr");
  await expect(page).toHaveURL(/language=fr/);
  await expect(page.getByLabel("Title (fr)", { exact: true })).toBeEditable();
  await expectNoA11yViolations(page);

  // Someone saves French meanwhile: the save is refused (412) and overwriting keeps both writes,
  // because the workspace's patch names only the fields it changed.
  await page.getByLabel("Title (fr)", { exact: true }).fill("Brûleur du matin");
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const meanwhile = await request.patch(`/api/v3/content/workouts/${workoutId}`, { headers: bearer(token), data: { description: { fr: "Vingt minutes pour réveiller chaque muscle." } } });
  expect(meanwhile.status()).toBe(200);
  await page.getByRole("button", { name: "Save translations" }).click();
  const conflict = page.getByRole("dialog", { name: "Someone else changed this record" });
  await expect(conflict).toBeVisible();
  await conflict.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(toast(page, "Saved the fr translation.")).toBeVisible();
  await expect(page.getByLabel("Description (fr)", { exact: true })).toHaveValue("Vingt minutes pour réveiller chaque muscle.");
  const stored = (await (await request.get(`/api/v3/content/workouts/${workoutId}?lang=en,de,fr&texts=all`, { headers: bearer(token) })).json()) as Workout & { description: Record<string, string> };
  expect(stored.title).toEqual({ default: TITLE, en: TITLE, de: "Morgen-Brenner", fr: "Brûleur du matin" });
  expect(stored.description.fr).toBe("Vingt minutes pour réveiller chaque muscle.");
});

test("the translation queue lists what German still needs, by collection, and leads to the record in German, and from there to the workspace", async ({ page }) => {
  await signInAs(page, TRANSLATOR.email, TRANSLATOR.password);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Translation queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Translation queue" })).toBeVisible();
  await expect(page.getByLabel("Language", { exact: true })).toHaveValue("de");
  await expect(page.getByText("Showing 1–2 of 2 for de")).toBeVisible();
  const workoutRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: TITLE }) });
  await expect(workoutRow.getByRole("cell")).toHaveText([TITLE, "Workouts", "Translated, not published", "draft", /\d/]);
  const exerciseRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Goblet squat" }) });
  await expect(exerciseRow.getByRole("cell")).toHaveText(["Goblet squat", "Exercises", "Not translated", "no status", /\d/]);
  await expectNoA11yViolations(page);

  // Narrowed to what is not translated at all; then to workouts, where nothing is left of that kind.
  await page.getByLabel("Needs", { exact: true }).selectOption("none");
  await expect(page).toHaveURL(/filter\[where\]\[state\]=none/);
  await expect(page.getByText("Showing 1–1 of 1 for de")).toBeVisible();
  await expect(page.getByRole("link", { name: TITLE })).toHaveCount(0);
  await page.getByLabel("Collection", { exact: true }).selectOption("workouts");
  await expect(page.getByText("Nothing waits for de.")).toBeVisible();
  await page.getByLabel("Needs", { exact: true }).selectOption("");
  await expect(page.getByText("Showing 1–1 of 1 for de")).toBeVisible();

  // French, which this translator cannot edit, still shows what it needs (the editor began it).
  await page.getByLabel("Language", { exact: true }).selectOption("fr");
  await expect(page.getByRole("row").filter({ has: page.getByRole("link", { name: TITLE }) })).toContainText("Partly translated");

  await page.getByLabel("Language", { exact: true }).selectOption("de");
  // The rows' links carry the queue's language once the German view is shown.
  await expect(page.getByText("Showing 1–1 of 1 for de")).toBeVisible();
  await page.getByRole("link", { name: TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/content/workouts/${workoutId}\\?lang=de$`));
  await expect(languageTab(page, "de")).toHaveAttribute("aria-selected", "true");
  await page.getByRole("link", { name: "Open the translation workspace" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Translate workout" })).toBeVisible();
  await expect(page.getByLabel("Translate into")).toHaveValue("de");
  await expect(page.getByText("7 of 7 texts translated into de (complete)")).toBeVisible();

  // French can be read here but not changed by a German translator.
  await page.getByLabel("Translate into").selectOption("fr");
  await expect(page.getByText("You can read the fr translation but not change it: you translate de.")).toBeVisible();
  await expect(page.getByLabel("Title (fr)", { exact: true })).toHaveValue("Brûleur du matin");
  await expect(page.getByLabel("Title (fr)", { exact: true })).not.toBeEditable();
  await expect(page.getByRole("button", { name: "Save translations" })).toHaveCount(0);

  // An exercise from the queue: its name and steps, without status controls (exercises have none).
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Translation queue" }).click();
  await page.getByRole("link", { name: "Goblet squat" }).click();
  await expect(languageTab(page, "de")).toHaveAttribute("aria-selected", "true");
  await page.getByRole("link", { name: "Open the translation workspace" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Translate exercise" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Status by language" })).toHaveCount(0);
  await page.getByLabel("Name (de)", { exact: true }).fill("Goblet-Kniebeuge");
  await page.getByLabel("Step 1 (de)", { exact: true }).fill("Aufrecht stehen");
  await page.getByRole("button", { name: "Save translations" }).click();
  await expect(toast(page, "Saved the de translation.")).toBeVisible();
  await expect(page.getByText("2 of 2 texts translated into de (complete)")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Translation queue" }).click();
  await expect(page.getByText("Showing 1–1 of 1 for de")).toBeVisible();
  await expect(page.getByRole("link", { name: "Goblet squat" })).toHaveCount(0);
});
