import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { dropAfterDrag, expectNoA11yViolations, languageTab, signInAsAdmin, toast } from "./support";

/**
 * The workout editor (ADR 10): every item type with VALUE and RANGE targets entered through the
 * form and compared with the API's JSON, keyboard reordering, the phase rules, validation on the
 * exact field, templates, duplicates, drafts and the conflict choice.
 *
 * The e2e organization starts empty, so each test first creates what it needs through the API with
 * the page's session cookie (writes name the same Origin, as the admin's own requests do).
 */
type Json = Record<string, unknown>;
type Catalogue = { image: { id: string; name: string }; video: string; exercises: { squat: string; pushUp: string; plank: string }; category: number; goal: number; bodyPart: number; pack: string };

// An uncaught error in the editor fails the test even where the screen still looks right.
const pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors.length = 0;
  page.on("pageerror", (error) => pageErrors.push(error.message));
});
test.afterEach(() => {
  expect(pageErrors).toEqual([]);
});

const suffix = () => Math.random().toString(36).slice(2, 8);

async function api<T = Json>(page: Page, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, data?: unknown): Promise<{ status: number; body: T; etag: string | null }> {
  const origin = new URL(page.url()).origin;
  // A fresh connection per call: a kept-alive socket the server is just closing was seen to reset (ECONNRESET).
  const headers: Record<string, string> = { Connection: "close", ...(method === "GET" ? {} : { Origin: origin }) };
  const response = await page.request.fetch(`/api/v3${path}`, { method, data, headers });
  const text = await response.text();
  return { status: response.status(), body: (text ? JSON.parse(text) : undefined) as T, etag: response.headers()["etag"] ?? null };
}

async function created<T = Json>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await api<T>(page, "POST", path, data);
  expect(response.status, `POST ${path}: ${JSON.stringify(response.body)}`).toBe(201);
  return response.body;
}

/** Lookups, an image, and three exercises (one needing a kettlebell) through the API. */
async function seedCatalogue(page: Page): Promise<Catalogue> {
  const origin = new URL(page.url()).origin;
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#2f6fb5" } }).png().toBuffer();
  const imageName = `cover-${suffix()}.png`;
  const uploadImage = await page.request.post("/api/v3/uploads", { headers: { Origin: origin, Connection: "close" }, multipart: { file: { name: imageName, mimeType: "image/png", buffer: png } } });
  expect(uploadImage.status()).toBe(201);
  const image = (await uploadImage.json()) as { id: string; name: string };
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom", "latin1"), Buffer.alloc(100)]);
  const uploadVideo = await page.request.post("/api/v3/uploads", { headers: { Origin: origin, Connection: "close" }, multipart: { file: { name: "demo.mp4", mimeType: "video/mp4", buffer: mp4 } } });
  expect(uploadVideo.status()).toBe(201);
  const video = (await uploadVideo.json()) as { id: string };

  const id = <T>(record: Json) => record.id as T;
  const tag = suffix();
  const category = id<number>(await created(page, "/content/categories", { name: `HIIT ${tag}` }));
  const goal = id<number>(await created(page, "/content/goals", { name: `Strength ${tag}` }));
  const bodyPart = id<number>(await created(page, "/content/body-parts", { name: `Legs ${tag}` }));
  const pack = id<string>(await created(page, "/content/packages", { name: `Premium ${tag}`, description: "Paid" }));
  const brand = id<number>(await created(page, "/content/equipment/brands", { name: `Ironworks ${tag}` }));
  const equipmentCategory = id<number>(await created(page, "/content/equipment/categories", { name: `Free weights ${tag}` }));
  const kettlebell = id<number>(await created(page, "/content/equipment", { name: `Kettlebell ${tag}`, brand_id: brand, categories: [equipmentCategory], image: image.id }));
  const exercise = async (name: string, equipment: number[]) =>
    id<string>(
      await created(page, "/content/exercises", {
        name: `${name} ${tag}`,
        level: "beginner",
        gender: "female",
        muscle_groups: [],
        equipment,
        types: [category],
        video: video.id,
        gif: image.id,
        image: image.id,
        steps: ["Stand tall"],
      }),
    );
  return {
    image,
    video: video.id,
    exercises: { squat: await exercise("Goblet squat", [kettlebell]), pushUp: await exercise("Push-up", []), plank: await exercise("Plank", []) },
    category,
    goal,
    bodyPart,
    pack,
  };
}

/** The exercise names of a seeded catalogue, as the picker shows them. */
async function exerciseName(page: Page, id: string): Promise<string> {
  return (await api<{ name: string }>(page, "GET", `/content/exercises/${id}`)).body.name;
}

function phase(page: Page, name: "Warm up" | "Training" | "Cool down"): Locator {
  return page.getByRole("region", { name, exact: true });
}

function item(scope: Locator, number: number): Locator {
  return scope.getByRole("region", { name: new RegExp(`^Item ${number}: `) });
}

async function addItem(scope: Locator, type: string): Promise<void> {
  await scope.getByLabel(/^Type of the new item/).selectOption(type);
  await scope.getByRole("button", { name: "Add item" }).click();
}

async function pickExercise(page: Page, scope: Locator, name: string, button = "Add exercise"): Promise<void> {
  await scope.getByRole("button", { name: button, exact: true }).last().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("searchbox", { name: "Search exercises" }).fill(name.split(" ")[0]!);
  // Choose from the answer to this search, not from the previous results still shown while it runs.
  await expect(dialog.getByRole("status")).toHaveText(/^Showing \d+–\d+ of \d+$/);
  await dialog.getByRole("button", { name: new RegExp(`^${name}`) }).click();
  await expect(dialog).toBeHidden();
}

/** Searches a lookup picker for `prefix` (the seeded names carry a suffix) and chooses the match. */
async function chooseLookup(page: Page, label: string, prefix: string): Promise<void> {
  await page.getByRole("combobox", { name: label, exact: true }).fill(prefix);
  await page.getByRole("listbox", { name: label, exact: true }).getByRole("option", { name: new RegExp(`^${prefix} `) }).click();
  await expect(page.getByRole("list", { name: `Chosen ${label.toLowerCase()}` })).toContainText(prefix);
}

type TargetInput = { type: "VALUE"; metric: string; value: number } | { type: "RANGE"; metric: string; min: number; max: number };

/** Fills target `number` (1-based) of a target list, adding it first when `add`. */
async function fillTarget(scope: Locator, kind: "Goal" | "Resistance", number: number, target: TargetInput, add = true): Promise<void> {
  if (add) await scope.getByRole("button", { name: kind === "Goal" ? "Add goal" : "Add resistance target", exact: true }).click();
  const row = scope.getByRole("group", { name: `${kind} ${number}`, exact: true });
  await row.getByLabel(`${kind} ${number} type`).selectOption(target.type);
  await row.getByLabel(`${kind} ${number} metric`).selectOption(target.metric);
  if (target.type === "VALUE") {
    await row.getByLabel(new RegExp(`^${kind} ${number} value`)).fill(String(target.value));
  } else {
    await row.getByLabel(new RegExp(`^${kind} ${number} min`)).fill(String(target.min));
    await row.getByLabel(new RegExp(`^${kind} ${number} max`)).fill(String(target.max));
  }
}

const value = (metric: string, amount: number) => ({ type: "VALUE" as const, metric, value: amount });
const range = (metric: string, min: number, max: number) => ({ type: "RANGE" as const, metric, min, max });

test("an editor builds a workout with all eight item types; the API returns exactly what was entered", async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page, "/admin/content/workouts");
  const cat = await seedCatalogue(page);
  const names = { squat: await exerciseName(page, cat.exercises.squat), pushUp: await exerciseName(page, cat.exercises.pushUp), plank: await exerciseName(page, cat.exercises.plank) };

  await page.getByRole("link", { name: "New workout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New workout" })).toBeVisible();
  await expectNoA11yViolations(page);

  // Details
  const title = `Full body builder ${suffix()}`;
  await page.getByLabel("Title (en, default)", { exact: true }).fill(title);
  await languageTab(page, "de").click();
  await page.getByLabel("Title (de)", { exact: true }).fill("Ganzkörper-Aufbau");
  await languageTab(page, "en").click();
  await page.getByLabel("Description (en, default)", { exact: true }).fill("Everything at once");
  await page.getByRole("button", { name: "Choose image from the library" }).click();
  const imageDialog = page.getByRole("dialog", { name: "Choose image" });
  await imageDialog.getByLabel("Search uploads").fill(cat.image.name);
  await expectNoA11yViolations(page);
  await imageDialog.getByRole("button", { name: cat.image.name }).click();
  await expect(page.getByRole("group", { name: "Image" }).getByRole("img", { name: `Preview of ${cat.image.name}` })).toBeVisible();
  await page.getByLabel("Gender").selectOption("non-binary");
  await page.getByLabel("Level").selectOption("advanced");
  await page.getByLabel("Duration (minutes)", { exact: true }).selectOption("31-45");
  await page.getByLabel("Estimated duration (minutes)").fill("37");
  await page.getByRole("checkbox", { name: "Home" }).check();
  await page.getByRole("checkbox", { name: "Club" }).check();
  await chooseLookup(page, "Types", "HIIT");
  await chooseLookup(page, "Goals", "Strength");
  await chooseLookup(page, "Body parts", "Legs");
  await chooseLookup(page, "Content packages", "Premium");

  // Three phases; a fourth cannot be added.
  await page.getByRole("button", { name: "Add warm up phase" }).click();
  await page.getByRole("button", { name: "Add training phase" }).click();
  await page.getByRole("button", { name: "Add cool down phase" }).click();
  await expect(page.getByText("A workout has at most three phases")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Add .* phase$/ })).toHaveCount(0);

  // Warm up: a timer and single exercises with two sets.
  const warmUp = phase(page, "Warm up");
  await warmUp.getByLabel("Phase time (seconds)").fill("420");
  await addItem(warmUp, "TIMER");
  const timer = item(warmUp, 1);
  await timer.getByLabel("Timer title (en)").fill("Joint circles");
  await timer.getByLabel("Timer duration (seconds)").fill("120");
  await timer.getByLabel("Item notes (en)").fill("Breathe");
  await addItem(warmUp, "SINGLE-EXERCISES");
  const single = item(warmUp, 2);
  await pickExercise(page, single, names.squat);
  const squat = single.getByRole("group", { name: `Exercise 1: ${names.squat}` });
  await squat.getByLabel("Notes (en)").last().fill("Slow descent");
  const set1 = squat.getByRole("group", { name: "Set 1", exact: true });
  await set1.getByLabel("Rest (seconds)").fill("30");
  await fillTarget(set1, "Goal", 1, value("repetitions", 12), false);
  await fillTarget(set1, "Resistance", 1, range("weight", 10, 12.5));
  await set1.getByLabel("Notes (en)").fill("Set one");
  await squat.getByRole("button", { name: "Add set" }).click();
  const set2 = squat.getByRole("group", { name: "Set 2", exact: true });
  await set2.getByLabel("Rest (seconds)").fill("45");
  await fillTarget(set2, "Goal", 1, range("repetitions", 8, 10), false);
  await fillTarget(set2, "Resistance", 1, value("weight", 15));
  await single.getByLabel("Item notes (en)").fill("Controlled");

  // Training: superset, time circuit with two different rounds, repetition circuit, AMRAP, RFT.
  const training = phase(page, "Training");
  await training.getByLabel("Phase title (en)").fill("Main block");
  await training.getByLabel("Phase time (seconds)").fill("1500");
  await addItem(training, "SUPERSET");
  const superset = item(training, 1);
  await superset.getByLabel("Sets", { exact: true }).fill("3");
  await superset.getByLabel("Rest after each set (seconds)").fill("90");
  await pickExercise(page, superset, names.squat);
  await pickExercise(page, superset, names.pushUp);
  const ss1 = superset.getByRole("group", { name: `Exercise 1: ${names.squat}` });
  await fillTarget(ss1, "Goal", 1, value("repetitions", 10));
  await fillTarget(ss1, "Resistance", 1, range("weight", 20, 25));
  const ss2 = superset.getByRole("group", { name: `Exercise 2: ${names.pushUp}` });
  await fillTarget(ss2, "Goal", 1, value("duration", 30));
  await ss2.getByLabel("Notes (en)").fill("Hold the top");
  await superset.getByLabel("Item notes (en)").fill("No rest inside");

  await addItem(training, "CIRCUIT-TIME");
  const circuitTime = item(training, 2);
  const round1 = circuitTime.getByRole("group", { name: "Round 1", exact: true });
  await round1.getByLabel("Work (seconds)").fill("40");
  await round1.getByLabel("Rest between exercises (seconds)").fill("20");
  await round1.getByLabel("Rest after the round (seconds)").fill("60");
  await pickExercise(page, round1, names.pushUp);
  await round1.getByRole("group", { name: `Exercise 1: ${names.pushUp}` }).getByLabel("Rest (seconds)").fill("10");
  await fillTarget(round1.getByRole("group", { name: `Exercise 1: ${names.pushUp}` }), "Resistance", 1, value("weight", 8));
  await circuitTime.getByRole("button", { name: "Add round" }).click();
  const round2 = circuitTime.getByRole("group", { name: "Round 2", exact: true });
  await round2.getByLabel("Work (seconds)").fill("30");
  await round2.getByLabel("Rest between exercises (seconds)").fill("15");
  await round2.getByLabel("Rest after the round (seconds)").fill("0");
  await pickExercise(page, round2, names.plank);
  await round2.getByRole("group", { name: `Exercise 1: ${names.plank}` }).getByLabel("Rest (seconds)").fill("5");
  await round2.getByRole("group", { name: `Exercise 1: ${names.plank}` }).getByLabel("Notes (en)").fill("Faster");
  await circuitTime.getByLabel("Item notes (en)").fill("Two rounds");

  await addItem(training, "CIRCUIT-REPETITIONS");
  const circuitReps = item(training, 3);
  const repRound = circuitReps.getByRole("group", { name: "Round 1", exact: true });
  await repRound.getByLabel("Rest between exercises (seconds)").fill("15");
  await repRound.getByLabel("Rest after the round (seconds)").fill("60");
  await pickExercise(page, repRound, names.plank);
  const repPlank = repRound.getByRole("group", { name: `Exercise 1: ${names.plank}` });
  await repPlank.getByLabel("Rest (seconds)").fill("10");
  await fillTarget(repPlank, "Goal", 1, range("repetitions", 15, 20));
  await fillTarget(repPlank, "Resistance", 1, range("weight", 4, 6));

  await addItem(training, "AMRAP");
  const amrap = item(training, 4);
  await amrap.getByLabel("Time cap (seconds)").fill("600");
  await pickExercise(page, amrap, names.squat);
  await fillTarget(amrap.getByRole("group", { name: `Exercise 1: ${names.squat}` }), "Goal", 1, value("repetitions", 5));
  await amrap.getByLabel("Item notes (en)").fill("Steady pace");

  await addItem(training, "RFT");
  const rft = item(training, 5);
  await rft.getByLabel("Rounds", { exact: true }).fill("5");
  await pickExercise(page, rft, names.pushUp);
  const rftPushUp = rft.getByRole("group", { name: `Exercise 1: ${names.pushUp}` });
  await fillTarget(rftPushUp, "Goal", 1, range("duration", 20, 30));
  await fillTarget(rftPushUp, "Resistance", 1, value("weight", 0));
  await rftPushUp.getByLabel("Notes (en)").fill("Sprint");

  // Cool down: an EMOM of two minutes; its phase time is 0, so the summary counts the items.
  const coolDown = phase(page, "Cool down");
  await coolDown.getByLabel("Phase time (seconds)").fill("0");
  await addItem(coolDown, "EMOM");
  const emom = item(coolDown, 1);
  await emom.getByLabel("Rest after the last minute (seconds)").fill("30");
  await pickExercise(page, emom, names.plank, "Add minute");
  const minute1 = emom.getByRole("group", { name: `Minute 1: ${names.plank}` });
  await minute1.getByLabel("Rest (seconds)").fill("20");
  await fillTarget(minute1, "Goal", 1, value("repetitions", 8));
  await pickExercise(page, emom, names.pushUp, "Add minute");
  await emom.getByLabel("Item notes (en)").fill("Every minute");

  // The live summary: 420 + 1500 + (2 × 60 + 30) seconds, three exercises, the kettlebell.
  const summary = page.getByRole("complementary", { name: "Summary" });
  await expect(summary.getByText("34 min 30 s")).toBeVisible();
  await expect(summary.getByRole("definition").nth(1)).toHaveText("3");
  await expect(summary.getByRole("definition").nth(2)).toHaveText(/^Kettlebell /);
  // Each phase's share, live, adding up to the total.
  await expect(summary.getByRole("list", { name: "Time by phase" }).getByRole("listitem")).toHaveText(["Warm up: 7 min", "Training: 25 min", "Cool down: 2 min 30 s"]);
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Create workout" }).click();
  await expect(toast(page, `Created “${title}”.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content\/workouts\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").at(-1)!;
  await page.reload();
  await languageTab(page, "de").click();
  await expect(page.getByLabel("Title (de)", { exact: true })).toHaveValue("Ganzkörper-Aufbau");
  await expect(item(phase(page, "Training"), 2).getByRole("group", { name: "Round 2", exact: true }).getByLabel("Work (seconds)")).toHaveValue("30");
  await expectNoA11yViolations(page);

  const { a, b, c } = { a: cat.exercises.squat, b: cat.exercises.pushUp, c: cat.exercises.plank };
  const expectedPhases = [
    {
      kind: "warm-up",
      title: "Warm up",
      time: 420,
      items: [
        { type: "TIMER", notes: "Breathe", timer_title: "Joint circles", timer_duration: 120 },
        {
          type: "SINGLE-EXERCISES",
          notes: "Controlled",
          se_exercises: [
            {
              exercise_id: a,
              notes: "Slow descent",
              sets: [
                { notes: "Set one", rest: 30, goal_targets: [value("repetitions", 12)], resistance_targets: [range("weight", 10, 12.5)] },
                { notes: "", rest: 45, goal_targets: [range("repetitions", 8, 10)], resistance_targets: [value("weight", 15)] },
              ],
            },
          ],
        },
      ],
    },
    {
      kind: "training",
      title: "Main block",
      time: 1500,
      items: [
        {
          type: "SUPERSET",
          notes: "No rest inside",
          ss_sets: 3,
          ss_rest: 90,
          ss_exercises: [
            { notes: "", exercise_id: a, goal_targets: [value("repetitions", 10)], resistance_targets: [range("weight", 20, 25)] },
            { notes: "Hold the top", exercise_id: b, goal_targets: [value("duration", 30)], resistance_targets: [] },
          ],
        },
        {
          type: "CIRCUIT-TIME",
          notes: "Two rounds",
          ct_rounds: [
            { rest_rounds: 60, work: 40, rest: 20, exercises: [{ notes: "", exercise_id: b, rest: 10, resistance_targets: [value("weight", 8)] }] },
            { rest_rounds: 0, work: 30, rest: 15, exercises: [{ notes: "Faster", exercise_id: c, rest: 5, resistance_targets: [] }] },
          ],
        },
        {
          type: "CIRCUIT-REPETITIONS",
          notes: "",
          cr_rounds: [{ rest: 15, rest_round: 60, exercises: [{ notes: "", rest: 10, exercise_id: c, goal_targets: [range("repetitions", 15, 20)], resistance_targets: [range("weight", 4, 6)] }] }],
        },
        { type: "AMRAP", notes: "Steady pace", amrap_duration: 600, amrap_exercises: [{ notes: "", rest: 0, exercise_id: a, goal_targets: [value("repetitions", 5)], resistance_targets: [] }] },
        { type: "RFT", notes: "", rft_rounds: 5, rft_exercises: [{ notes: "Sprint", exercise_id: b, goal_targets: [range("duration", 20, 30)], resistance_targets: [value("weight", 0)] }] },
      ],
    },
    {
      kind: "cool-down",
      title: "Cool down",
      time: 0,
      items: [
        {
          type: "EMOM",
          notes: "Every minute",
          emom_rest: 30,
          emom_minutes: [
            { notes: "", rest: 20, exercise_id: c, goal_targets: [value("repetitions", 8)], resistance_targets: [] },
            { notes: "", rest: 0, exercise_id: b, goal_targets: [], resistance_targets: [] },
          ],
        },
      ],
    },
  ];
  const stored = (await api(page, "GET", `/content/workouts/${id}?lang=en,de&texts=all`)).body;
  expect(stored.title).toEqual({ default: title, en: title, de: "Ganzkörper-Aufbau" });
  const read = (await api(page, "GET", `/content/workouts/${id}`)).body;
  expect(read).toMatchObject({
    title,
    description: "Everything at once",
    image: { id: cat.image.id },
    gender: "non-binary",
    level: "advanced",
    types: [cat.category],
    goals: [cat.goal],
    body_parts: [cat.bodyPart],
    locations: ["home", "club"],
    duration: "31-45",
    estimated_duration: 37,
    template: false,
    content_packages: [cat.pack],
    status: { default: "draft" },
  });
  expect(read.slug).toMatch(/^full-body-builder-/);
  // Field by field, so that a difference names the phase and item it is in.
  const phases = read.phases as Json[];
  expect(phases).toHaveLength(3);
  for (const [p, expected] of expectedPhases.entries()) {
    const { items, ...rest } = expected;
    expect({ ...phases[p], items: undefined }, `phase ${p}`).toEqual({ ...rest, items: undefined });
    for (const [i, expectedItem] of items.entries()) expect((phases[p]!.items as Json[])[i], `phase ${p} item ${i} (${expectedItem.type})`).toEqual(expectedItem);
    expect(phases[p]!.items as Json[]).toHaveLength(items.length);
  }
  // The timeline an app plays ends where the summary's estimate did (34 min 30 s).
  const timeline = (await api(page, "GET", `/content/workouts/${id}/timeline`)).body;
  expect(timeline.total_seconds).toBe(34 * 60 + 30);
});

/** A workout written through the API: a training phase with two timers and an AMRAP of two exercises. */
async function seedWorkout(page: Page, cat: Catalogue, extra: Json = {}): Promise<{ id: string; title: string }> {
  const title = `Order test ${suffix()}`;
  const workout = await created(page, "/content/workouts", {
    title,
    description: "For reordering",
    image: cat.image.id,
    gender: "female",
    level: "beginner",
    types: [],
    goals: [],
    body_parts: [],
    locations: ["home"],
    duration: "0-15",
    phases: [
      {
        kind: "training",
        title: "Training",
        time: 600,
        items: [
          { type: "TIMER", notes: "", timer_title: "First", timer_duration: 60 },
          { type: "TIMER", notes: "", timer_title: "Second", timer_duration: 60 },
          {
            type: "AMRAP",
            notes: "",
            amrap_duration: 300,
            amrap_exercises: [
              { notes: "", rest: 0, exercise_id: cat.exercises.squat, goal_targets: [], resistance_targets: [] },
              { notes: "", rest: 0, exercise_id: cat.exercises.pushUp, goal_targets: [], resistance_targets: [] },
            ],
          },
        ],
      },
    ],
    ...extra,
  });
  return { id: workout.id as string, title };
}

test("items and exercises reorder with the keyboard only (and items by pointer); items are duplicated and moved between phases; each order is saved", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, "/admin/content/workouts");
  const cat = await seedCatalogue(page);
  const { id, title } = await seedWorkout(page, cat);
  const squat = await exerciseName(page, cat.exercises.squat);
  const pushUp = await exerciseName(page, cat.exercises.pushUp);
  await page.goto(`/admin/content/workouts/${id}`);
  const training = phase(page, "Training");
  await expect(item(training, 1).getByLabel("Timer title (en)")).toHaveValue("First");

  // Move down, twice, from the keyboard: the focus follows the item.
  await training.getByRole("button", { name: "Move item 1: Timer in training down" }).focus();
  await page.keyboard.press("Enter");
  await expect(training.getByRole("button", { name: "Move item 2: Timer in training down" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(training.getByRole("button", { name: "Move item 3: Timer in training down" })).toBeFocused();
  await expect(item(training, 1).getByLabel("Timer title (en)")).toHaveValue("Second");
  await expect(item(training, 3).getByLabel("Timer title (en)")).toHaveValue("First");

  // The AMRAP's exercises, dragged with the keyboard: Space picks up, ArrowDown moves, Space drops.
  const amrap = item(training, 2);
  await expect(amrap).toHaveAccessibleName(/^Item 2: AMRAP/);
  await amrap.getByRole("button", { name: `Drag exercise 1 of item 2: amrap in training (${squat})` }).focus();
  // Each step waits for the screen-reader announcement @dnd-kit makes once it has measured the move.
  await page.keyboard.press("Space");
  await expect(page.getByText(`exercise 1 of item 2: amrap in training, ${squat} is over position 1 of 2.`)).toBeAttached();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText(`exercise 1 of item 2: amrap in training, ${squat} is over position 2 of 2.`)).toBeAttached();
  await page.keyboard.press("Space");
  await expect(page.getByText(/^Dropped exercise 1 of item 2: amrap in training, .* at position 2 of 2\.$/)).toBeAttached();
  await expect(amrap.getByRole("group", { name: `Exercise 1: ${pushUp}` })).toBeVisible();
  await expect(amrap.getByRole("group", { name: `Exercise 2: ${squat}` })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Save changes" }).focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, `Saved “${title}”.`)).toBeVisible();
  const stored = (await api(page, "GET", `/content/workouts/${id}`)).body;
  const items = (stored.phases as Json[])[0]!.items as Json[];
  expect(items.map((entry) => entry.type)).toEqual(["TIMER", "AMRAP", "TIMER"]);
  expect(items.map((entry) => entry.timer_title)).toEqual(["Second", undefined, "First"]);
  expect((items[1]!.amrap_exercises as Json[]).map((entry) => entry.exercise_id)).toEqual([cat.exercises.pushUp, cat.exercises.squat]);

  // Dragging with the pointer: the third item onto the first place.
  const handle = training.getByRole("button", { name: "Drag item 3: Timer in training" });
  const from = (await handle.boundingBox())!;
  const to = (await item(training, 1).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
  await dropAfterDrag(page);
  await expect(page.getByText("Dropped item 3: Timer at position 1 of 3.")).toBeAttached();
  await expect(item(training, 1).getByLabel("Timer title (en)")).toHaveValue("First");
  await expect(item(training, 2).getByLabel("Timer title (en)")).toHaveValue("Second");

  // Duplicate an item; move another to a new cool down phase.
  await training.getByRole("button", { name: "Duplicate item 2: timer in training" }).click();
  await expect(item(training, 3).getByLabel("Timer title (en)")).toHaveValue("Second");
  await item(training, 3).getByLabel("Timer title (en)").fill("Second again");
  await page.getByRole("button", { name: "Add cool down phase" }).click();
  await training.getByRole("button", { name: "Move item 4: amrap in training to cool down" }).click();
  const coolDown = phase(page, "Cool down");
  await expect(item(coolDown, 1)).toHaveAccessibleName(/^Item 1: AMRAP/);
  await expect(item(training, 4)).toHaveCount(0);

  // The first save handed the editor the new ETag: this save is not taken for a stale one.
  const secondSave = page.waitForResponse((response) => response.request().method() === "PUT" && response.url().endsWith(`/api/v3/content/workouts/${id}`));
  await page.getByRole("button", { name: "Save changes" }).click();
  expect((await secondSave).status()).toBe(200);
  await expect(page.getByRole("dialog", { name: "Someone else changed this record" })).toHaveCount(0);
  const saved = (await api(page, "GET", `/content/workouts/${id}`)).body;
  const [trainingPhase, coolDownPhase] = saved.phases as Json[];
  expect((trainingPhase!.items as Json[]).map((entry) => entry.timer_title)).toEqual(["First", "Second", "Second again"]);
  expect(coolDownPhase).toMatchObject({ kind: "cool-down", title: "Cool down", time: 0 });
  expect(coolDownPhase!.items).toEqual([items[1]]);
});

test("phases stay three at most and in order; a range with min above max is refused on its field and blocks saving", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, "/admin/content/workouts");
  const cat = await seedCatalogue(page);
  const squat = await exerciseName(page, cat.exercises.squat);
  await page.goto("/admin/content/workouts/new");
  const title = `Invalid range ${suffix()}`;
  await page.getByLabel("Title (en, default)", { exact: true }).fill(title);

  await page.getByRole("button", { name: "Add training phase" }).click();
  await page.getByRole("button", { name: "Add cool down phase" }).click();
  // The warm up comes first even when added last.
  await page.getByRole("button", { name: "Add warm up phase" }).click();
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Warm up", "Training", "Cool down"]);
  await expect(page.getByRole("button", { name: /^Add .* phase$/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Remove the training phase" }).click();
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Warm up", "Cool down"]);
  await expect(page.getByRole("button", { name: /^Add .* phase$/ })).toHaveText(["Add training phase"]);
  await page.getByRole("button", { name: "Add training phase" }).click();
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Warm up", "Training", "Cool down"]);

  const training = phase(page, "Training");
  await addItem(training, "AMRAP");
  const amrap = item(training, 1);
  await pickExercise(page, amrap, squat);
  const entry = amrap.getByRole("group", { name: `Exercise 1: ${squat}` });
  await fillTarget(entry, "Goal", 1, range("repetitions", 12, 8));
  const max = entry.getByLabel(/^Goal 1 max/);
  await expect(max).toHaveAttribute("aria-invalid", "true");
  await expect(max).toHaveAccessibleDescription("must be at least min");
  await expect(entry.getByLabel(/^Goal 1 min/)).not.toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);

  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/v3/content/workouts")) posted += 1;
  });
  await page.getByRole("button", { name: "Create workout" }).click();
  await expect(page.getByText("The workout was not saved: correct the highlighted fields.")).toBeVisible();
  await expect(max).toHaveAccessibleDescription("must be at least min");
  await expect(page).toHaveURL(/\/admin\/content\/workouts\/new$/);
  expect(posted).toBe(0);

  // Correcting the range clears the error as it is typed.
  await max.fill("15");
  await expect(max).not.toHaveAttribute("aria-invalid", "true");
  const list = await api<{ total: number }>(page, "GET", `/content/workouts?filter[where][title][contains]=${encodeURIComponent(title)}`);
  expect(list.body.total).toBe(0);

  // Leaving by a link asks first; staying keeps everything.
  const warnings: string[] = [];
  page.once("dialog", (warning) => {
    warnings.push(warning.message());
    void warning.dismiss();
  });
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Exercises" }).click();
  expect(warnings).toEqual([expect.stringMatching(/unsaved changes/)]);
  await expect(page.getByRole("heading", { level: 1, name: "New workout" })).toBeVisible();
  await expect(max).toHaveValue("15");
});

test("a new workout starts from a template; a workout is duplicated under a new slug", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, "/admin/content/workouts");
  const cat = await seedCatalogue(page);
  const template = await seedWorkout(page, cat, { template: true });
  const templateRecord = (await api(page, "GET", `/content/workouts/${template.id}`)).body;

  await page.goto("/admin/content/workouts/new");
  await page.getByLabel("Start from a template").selectOption({ label: template.title });
  await page.getByRole("button", { name: "Use template" }).click();
  await expect(page.getByText("Started from a template")).toBeVisible();
  await expect(page.getByLabel("Title (en, default)", { exact: true })).toHaveValue(template.title);
  await expect(page.getByRole("checkbox", { name: /^Template/ })).not.toBeChecked();
  await expectNoA11yViolations(page);
  const fromTemplate = `From template ${suffix()}`;
  await page.getByLabel("Title (en, default)", { exact: true }).fill(fromTemplate);
  await page.getByRole("button", { name: "Create workout" }).click();
  await expect(toast(page, `Created “${fromTemplate}”.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content\/workouts\/[0-9a-f-]{36}$/);
  const started = (await api(page, "GET", `/content/workouts/${page.url().split("/").at(-1)}`)).body;
  expect(started.id).not.toBe(template.id);
  expect(started.template).toBe(false);
  expect(started.phases).toEqual(templateRecord.phases);

  // Duplicate the new workout: a copy in the editor, saved with its own slug.
  await page.getByRole("link", { name: "Duplicate workout" }).click();
  await expect(page.getByLabel("Title (en, default)", { exact: true })).toHaveValue(`${fromTemplate} (copy)`);
  await expect(page.getByLabel("Slug")).toHaveValue("");
  await page.getByRole("button", { name: "Create workout" }).click();
  await expect(toast(page, `Created “${fromTemplate} (copy)”.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content\/workouts\/[0-9a-f-]{36}$/);
  const copy = (await api(page, "GET", `/content/workouts/${page.url().split("/").at(-1)}`)).body;
  expect(copy.id).not.toBe(started.id);
  expect(copy.slug).not.toBe(started.slug);
  expect(copy.phases).toEqual(started.phases);
});

test("nothing typed is lost: a draft survives a refused save and a reload; a stale save offers the conflict choice", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, "/admin/content/workouts");
  const cat = await seedCatalogue(page);
  const taken = await seedWorkout(page, cat);
  const takenSlug = (await api<{ slug: string }>(page, "GET", `/content/workouts/${taken.id}`)).body.slug;
  const { id, title } = await seedWorkout(page, cat);
  await page.goto(`/admin/content/workouts/${id}`);
  await expect(page.getByLabel("Title (en, default)", { exact: true })).toHaveValue(title);

  // The API's 422 lands on the field it names: an exercise deleted after it was picked.
  const amrap = item(phase(page, "Training"), 3);
  const plank = await exerciseName(page, cat.exercises.plank);
  await pickExercise(page, amrap, plank);
  expect((await api(page, "DELETE", `/content/exercises/${cat.exercises.plank}`)).status).toBe(204);
  await languageTab(page, "de").click();
  await page.getByLabel("Title (de)", { exact: true }).fill("Reihenfolge");
  await page.getByRole("button", { name: "Save changes" }).click();
  const deleted = amrap.getByRole("group", { name: `Exercise 3: ${plank}` });
  await expect(deleted.getByText(`unknown exercise ${cat.exercises.plank}`)).toBeVisible();
  await expect(page.getByText("The workout was not saved: see the highlighted fields.")).toBeVisible();
  await expect(page.getByLabel("Title (de)", { exact: true })).toHaveValue("Reihenfolge");
  await deleted.getByRole("button", { name: `Remove Exercise 3: ${plank}` }).click();

  // A refused save (the slug is taken: 409 on the field) keeps what was typed.
  await page.getByLabel("Slug").fill(takenSlug);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Title (de)", { exact: true })).toHaveValue("Reihenfolge");

  // A reload (or a crash) restores the draft, with a notice.
  page.on("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByText(/^Restored your unsaved changes from/)).toBeVisible();
  await expect(page.getByLabel("Title (de)", { exact: true })).toHaveValue("Reihenfolge");
  await expect(page.getByLabel("Slug")).toHaveValue(takenSlug);
  await expectNoA11yViolations(page);

  // Someone else saves meanwhile: the draft's save is stale (412) and the person chooses.
  const patched = await api(page, "PATCH", `/content/workouts/${id}`, { description: "Changed elsewhere" });
  expect(patched.status).toBe(200);
  await page.getByLabel("Slug").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  const conflict = page.getByRole("dialog", { name: "Someone else changed this record" });
  await expect(conflict).toBeVisible();
  // The dialog says what they changed, so keeping mine is an informed choice.
  const theirs = conflict.getByRole("region", { name: "Their changes" });
  await expect(theirs.getByRole("term")).toHaveText(["Description (en)"]);
  await expect(theirs.getByRole("definition")).toHaveText(["“Changed elsewhere”"]);
  await expectNoA11yViolations(page);
  await conflict.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(toast(page, `Saved “${title}”.`)).toBeVisible();
  const stored = (await api(page, "GET", `/content/workouts/${id}?lang=en,de&texts=all`)).body;
  expect(stored.title).toEqual({ default: title, en: title, de: "Reihenfolge" });
  expect(stored.description).toEqual({ default: "For reordering", en: "For reordering", de: "" });

  // Saved: no draft is offered any more.
  await page.reload();
  await expect(page.getByLabel("Title (de)", { exact: true })).toHaveValue("Reihenfolge");
  await expect(page.getByText(/^Restored your unsaved changes/)).toHaveCount(0);

  // Discarding a draft brings back the stored values.
  await page.getByLabel("Title (de)", { exact: true }).fill("Verworfen");
  await page.reload();
  await expect(page.getByLabel("Title (de)", { exact: true })).toHaveValue("Verworfen");
  await page.getByRole("button", { name: "Discard them" }).click();
  await expect(page.getByLabel("Title (de)", { exact: true })).toHaveValue("Reihenfolge");
});

test("under strict publishing, a text a published language needs is refused on that language's input, on that language's tab", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, "/admin/content/workouts");
  // Strict publishing: a language published keeps every text, the timer title included (docs/api.md "Publishing").
  expect((await api(page, "PATCH", "/organization", { strict_publishing: true })).status).toBe(200);
  try {
    await refuseClearedGermanTimerTitle(page);
  } finally {
    // The tests after this one run in this spec's organization too.
    expect((await api(page, "PATCH", "/organization", { strict_publishing: false })).status).toBe(200);
  }
});

async function refuseClearedGermanTimerTitle(page: Page) {
  const cat = await seedCatalogue(page);
  const title = `Published in German ${suffix()}`;
  const workout = await created(page, "/content/workouts", {
    title: { en: title, de: "Auf Deutsch veröffentlicht" },
    description: { en: "Both languages", de: "Beide Sprachen" },
    image: cat.image.id,
    gender: "male",
    level: "intermediate",
    types: [],
    goals: [],
    body_parts: [],
    locations: ["outdoor"],
    duration: "0-15",
    phases: [{ kind: "training", title: { en: "Training", de: "Training" }, time: 300, items: [{ type: "TIMER", notes: "", timer_title: { en: "Run", de: "Laufen" }, timer_duration: 300 }] }],
  });
  expect((await api(page, "PATCH", `/content/workouts/${workout.id as string}/status`, { de: "published" })).status).toBe(200);

  await page.goto(`/admin/content/workouts/${workout.id as string}`);
  const timer = item(phase(page, "Training"), 1);
  await languageTab(page, "de").click();
  const german = timer.getByLabel("Timer title (de)");
  await expect(german).toHaveValue("Laufen");
  await german.fill("");
  await languageTab(page, "en").click(); // German out of view before saving
  await expect(german).toBeHidden();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(languageTab(page, "de")).toContainText("1 error");
  await expect(languageTab(page, "de")).toHaveAttribute("aria-selected", "true");
  await expect(german).toBeVisible();
  await expect(german).toBeFocused();
  await expect(german).toHaveAccessibleDescription("is required in de: the record is published in de");
  await languageTab(page, "en").click();
  await expect(timer.getByLabel("Timer title (en)")).not.toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);
}

test("the exercise picker searches as you type and pages through the results; the image picker uploads a new image", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, "/admin/content/workouts");
  const cat = await seedCatalogue(page);
  const tag = suffix();
  for (let n = 1; n <= 9; n += 1) {
    await created(page, "/content/exercises", {
      name: `Lunge ${tag} ${n}`,
      level: "beginner",
      gender: "male",
      muscle_groups: [],
      equipment: [],
      types: [],
      video: cat.video,
      gif: cat.image.id,
      image: cat.image.id,
      steps: ["Step forward"],
    });
  }
  await page.goto("/admin/content/workouts/new");
  await page.getByRole("button", { name: "Add training phase" }).click();
  const training = phase(page, "Training");
  await addItem(training, "AMRAP");
  await item(training, 1).getByRole("button", { name: "Add exercise" }).click();
  const picker = page.getByRole("dialog", { name: "Add exercise to item 1: amrap in training" });
  await picker.getByRole("searchbox", { name: "Search exercises" }).fill(`lunge ${tag}`);
  await expect(picker.getByText("Showing 1–8 of 9")).toBeVisible();
  await expect(picker.getByRole("list", { name: "Exercises found" }).getByRole("button")).toHaveCount(8);
  // The focused result is previewed with its image.
  await page.keyboard.press("Tab");
  await expect(picker.getByRole("button", { name: new RegExp(`^Lunge ${tag} 1`) })).toBeFocused();
  await expect(picker.getByRole("img", { name: `Preview of Lunge ${tag} 1` })).toBeVisible();
  await expectNoA11yViolations(page);
  await picker.getByRole("button", { name: "Next" }).click();
  await expect(picker.getByText("Showing 9–9 of 9")).toBeVisible();
  await picker.getByRole("button", { name: new RegExp(`^Lunge ${tag} 9`) }).click();
  await expect(picker).toBeHidden();
  await expect(item(training, 1).getByRole("group", { name: `Exercise 1: Lunge ${tag} 9` })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Summary" }).getByRole("definition").nth(1)).toHaveText("1");

  const png = await sharp({ create: { width: 200, height: 150, channels: 3, background: "#c0392b" } }).png().toBuffer();
  const fileName = `fresh-${tag}.png`;
  await page.getByLabel("Upload image").setInputFiles({ name: fileName, mimeType: "image/png", buffer: png });
  await expect(page.getByRole("group", { name: "Image" }).getByRole("img", { name: `Preview of ${fileName}` })).toBeVisible();
  const uploads = await api<{ data: { id: string; name: string }[] }>(page, "GET", `/uploads?filter[where][name][eq]=${fileName}`);
  expect(uploads.body.data.map((upload) => upload.name)).toEqual([fileName]);
});
