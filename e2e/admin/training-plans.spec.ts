import { expect, test, type Locator, type Page } from "@playwright/test";
import { apiLogin, bearer, createViaApi, signInAs, uploadViaApi } from "./api-setup";
import { mp4, png } from "./content-support";
import { E2E_ADMIN } from "./credentials";
import { dropAfterDrag, expectNoA11yViolations, languageTab, signInAsAdmin, toast } from "./support";

type Activity = { type: string; id?: string; fields?: { title: unknown; description: unknown; distance: number | null; duration: number | null } };
type Plan = { id: string; title: string; weeks_total: number; days_total: number; max_days_per_week: number; weeks: { days: { activities: Activity[] }[] }[] };

const week = (page: Page, number: number) => page.getByRole("listitem", { name: `Week ${number}`, exact: true });
const day = (page: Page, label: string) => page.getByRole("listitem", { name: label, exact: true });

/** Presses Tab until the element has the focus (a keyboard user's way there), at most ten times. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 10 && !(await target.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
}

async function expectTotals(page: Page, weeks: number, days: number, most: number) {
  await expect(page.getByLabel("Plan totals")).toHaveText(`Weeks:${weeks}Days with activities:${days}Most days in a week:${most}`);
}

/** Drags with the pointer, in small steps, as a person's mouse moves. */
async function drag(page: Page, source: Locator, target: Locator) {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 8);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await dropAfterDrag(page);
}

test("an editor builds a four-week plan in the grid, moves activities by drag and by keyboard, copies a week, and saves what the API then serves", async ({ page }) => {
  test.setTimeout(120_000);
  // What the plan refers to: two workouts and an on-demand class, made through the API.
  const token = await apiLogin(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const image = await uploadViaApi(page.request, token, "plan.png", "image/png", await png(320, 200));
  const video = await uploadViaApi(page.request, token, "class.mp4", "video/mp4", mp4(2000));
  const provider = await createViaApi<{ id: number }>(page.request, token, "/content/providers", { name: "Plan studio" });
  const workoutBody = (title: string) => ({ title, description: `${title} for the plan`, image: image.id, gender: "female", level: "beginner", types: [], goals: [], body_parts: [], locations: ["home"], duration: "16-30", phases: [] });
  const legs = await createViaApi<{ id: string }>(page.request, token, "/content/workouts", workoutBody("Plan legs"));
  const core = await createViaApi<{ id: string }>(page.request, token, "/content/workouts", workoutBody("Plan core"));
  const yoga = await createViaApi<{ id: string }>(page.request, token, "/content/on-demand", {
    type: "virtual-class", title: "Plan yoga flow", video: video.id, image: image.id, duration: "16-30", level: "beginner", goals: [], equipment: [], categories: [], languages: ["en"], content_provider: provider.id,
  });

  await signInAsAdmin(page, "/admin/content/training-plans");
  await page.getByRole("link", { name: "New training plan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New training plan" })).toBeVisible();
  // The week grid comes first; the plan's details follow it (beside it on a wide screen).
  await expect(page.getByRole("form", { name: "New training plan" }).getByRole("heading", { level: 2 }).first()).toHaveText("Weeks");
  await expectTotals(page, 0, 0, 0);

  await page.getByLabel("Title (en, default)").fill("Four weeks to 5K");
  await page.getByLabel("Description (en, default)").fill("Run, strengthen and stretch.");
  await languageTab(page, "de").click();
  await page.getByLabel("Title (de)").fill("In vier Wochen zu 5 km");
  await page.getByLabel("Upload image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await png(400, 300) });
  await expect(page.getByRole("img", { name: "Preview of cover.png" })).toBeVisible();
  await page.getByLabel("Level").selectOption("beginner");
  await page.getByRole("checkbox", { name: "outdoor" }).check();

  // Four weeks; the totals follow the grid as it changes.
  for (let index = 0; index < 4; index++) await page.getByRole("button", { name: "Add week" }).click();
  await expectTotals(page, 4, 0, 0);
  await expectNoA11yViolations(page);

  // Week 1: a workout on Monday and an on-demand class on Wednesday, found through the side panel.
  await page.getByRole("button", { name: "Add an activity to Week 1, Monday" }).click();
  await expect(page.getByText("Adding to Week 1, Monday.")).toBeVisible();
  await page.getByLabel("Search workouts").fill("legs");
  await page.getByRole("button", { name: "Add Plan legs to Week 1, Monday" }).click();
  await expect(day(page, "Week 1, Monday")).toContainText("Plan legs");
  await expect(day(page, "Week 1, Monday")).toContainText("default: draft");
  await page.getByRole("button", { name: "Add an activity to Week 1, Wednesday" }).click();
  await page.getByRole("button", { name: "On-demand", exact: true }).click();
  await page.getByLabel("Search on-demand items").fill("yoga");
  await page.getByRole("button", { name: "Add Plan yoga flow to Week 1, Wednesday" }).click();
  await expect(day(page, "Week 1, Wednesday")).toContainText("Plan yoga flow");

  // A fitness activity made in place on Saturday; its title is required.
  await page.getByRole("button", { name: "Add an activity to Week 1, Saturday" }).click();
  await page.getByRole("button", { name: "Fitness activity", exact: true }).click();
  await page.getByRole("button", { name: "Add the fitness activity to Week 1, Saturday" }).click();
  await expect(page.getByLabel("Activity title (en)")).toHaveAccessibleDescription("Enter the title in en, the default language");
  await page.getByLabel("Activity title (en)").fill("Easy run");
  await page.getByLabel("Activity description (en)").fill("Conversational pace");
  await page.getByLabel("Distance (km)").fill("5");
  await page.getByLabel("Duration (minutes)").fill("30");
  await page.getByRole("button", { name: "Add the fitness activity to Week 1, Saturday" }).click();
  await expect(day(page, "Week 1, Saturday")).toContainText("Easy run");
  await expectTotals(page, 4, 3, 3);

  // A second workout on Week 2's Tuesday, then dragged with the pointer to Week 2's Thursday.
  await page.getByRole("button", { name: "Add an activity to Week 2, Tuesday" }).click();
  await page.getByRole("button", { name: "Workouts", exact: true }).click();
  await page.getByLabel("Search workouts").fill("core");
  await page.getByRole("button", { name: "Add Plan core to Week 2, Tuesday" }).click();
  await expect(day(page, "Week 2, Tuesday")).toContainText("Plan core");
  await drag(page, day(page, "Week 2, Tuesday").getByText("Plan core"), day(page, "Week 2, Thursday"));
  await expect(day(page, "Week 2, Thursday")).toContainText("Plan core");
  await expect(day(page, "Week 2, Tuesday")).not.toContainText("Plan core");

  // The keyboard moves the yoga class from Week 1's Wednesday to Week 1's Friday.
  const moveYoga = day(page, "Week 1, Wednesday").getByRole("button", { name: "Move Plan yoga flow", exact: true });
  await moveYoga.focus();
  await page.keyboard.press("Enter");
  const moveDialog = page.getByRole("dialog", { name: "Move Plan yoga flow" });
  await expect(moveDialog).toBeVisible();
  await expectNoA11yViolations(page);
  await tabTo(page, moveDialog.getByLabel("Day"));
  await page.keyboard.press("F");
  await expect(moveDialog.getByLabel("Day")).toHaveValue("4");
  await tabTo(page, moveDialog.getByRole("button", { name: "Move there" }));
  await page.keyboard.press("Enter");
  await expect(toast(page, "Moved “Plan yoga flow” to Week 1, Friday.")).toBeVisible();
  await expect(day(page, "Week 1, Friday")).toContainText("Plan yoga flow");
  await expect(day(page, "Week 1, Wednesday")).toContainText("Rest day");

  // Copy week 1 into week 3; week 4 stays a rest week.
  await page.getByRole("button", { name: "Copy week 1", exact: true }).click();
  await page.getByRole("button", { name: "Paste into week 3", exact: true }).click();
  await expect(day(page, "Week 3, Monday")).toContainText("Plan legs");
  await expect(day(page, "Week 3, Friday")).toContainText("Plan yoga flow");
  await expect(day(page, "Week 3, Saturday")).toContainText("Easy run");
  await expectTotals(page, 4, 7, 3);
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Create training plan" }).click();
  await expect(toast(page, "Created “Four weeks to 5K”.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Training plans" })).toBeVisible();

  // The API serves the same grid and the same derived totals.
  const list = (await (await page.request.get("/api/v3/content/training-plans")).json()) as { data: { id: string; title: string }[] };
  const planId = list.data.find((row) => row.title === "Four weeks to 5K")!.id;
  const plan = (await (await page.request.get(`/api/v3/content/training-plans/${planId}`)).json()) as Plan;
  expect({ weeks_total: plan.weeks_total, days_total: plan.days_total, max_days_per_week: plan.max_days_per_week }).toEqual({ weeks_total: 4, days_total: 7, max_days_per_week: 3 });
  const rest = { activities: [] };
  const run = { type: "fitness-activities", id: expect.stringMatching(/^fa_/), fields: { title: "Easy run", description: "Conversational pace", distance: 5000, duration: 1800 } };
  const firstWeek = [{ activities: [{ type: "workouts", id: legs.id }] }, rest, rest, rest, { activities: [{ type: "on-demand", id: yoga.id }] }, { activities: [run] }, rest];
  expect(plan.weeks).toEqual([
    { days: firstWeek },
    { days: [rest, rest, rest, { activities: [{ type: "workouts", id: core.id }] }, rest, rest, rest] },
    { days: firstWeek },
    { days: [rest, rest, rest, rest, rest, rest, rest] },
  ]);
  // The copy's fitness activity got an id of its own.
  expect(plan.weeks[2]!.days[5]!.activities[0]!.id).not.toBe(plan.weeks[0]!.days[5]!.activities[0]!.id);

  // Reopened, the grid is the same; opening an activity shows the workout as the plan serves it.
  await page.getByRole("link", { name: "Edit Four weeks to 5K" }).click();
  await expect(day(page, "Week 2, Thursday")).toContainText("Plan core");
  await expectTotals(page, 4, 7, 3);
  await day(page, "Week 2, Thursday").getByRole("button", { name: "Open Plan core", exact: true }).click();
  const details = page.getByRole("dialog", { name: "Plan core" });
  await expect(details).toContainText("As the API serves it when opened from this plan.");
  await expect(details).toContainText("Plan core for the plan");
  await expectNoA11yViolations(page);
  await details.getByRole("button", { name: "Close" }).click();
  await expect(week(page, 4)).toContainText("Rest day");
});

/** A one-week plan made through the API, with a fitness activity on Saturday. */
async function planWithFitnessActivity(page: Page, token: string, title: string, activity: { title: Record<string, string>; description: Record<string, string> }) {
  const image = await uploadViaApi(page.request, token, "plan.png", "image/png", await png(320, 200));
  const rest = { activities: [] };
  const saturday = { activities: [{ type: "fitness-activities", fields: { ...activity, distance: 5000, duration: 1800 } }] };
  const plan = await createViaApi<{ id: string }>(page.request, token, "/content/training-plans", {
    title: { en: title },
    description: { en: "One week of running" },
    image: image.id,
    goals: [],
    types: [],
    level: "beginner",
    locations: ["outdoor"],
    weeks: [{ days: [rest, rest, rest, rest, rest, saturday, rest] }],
  });
  return plan.id;
}

/** The plan's first week's activities on one day as the API serves them in `lang`. */
async function activitiesIn(page: Page, token: string, planId: string, lang: string, dayIndex: number) {
  const response = await page.request.get(`/api/v3/content/training-plans/${planId}?lang=${lang}`, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Plan).weeks[0]!.days[dayIndex]!.activities.map((activity) => activity.fields);
}

test("with German in focus, an editor translates a fitness activity in its dialog beside the English source, adds one in both languages, and the API serves the German texts", async ({ page }) => {
  test.setTimeout(90_000);
  const token = await apiLogin(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const planId = await planWithFitnessActivity(page, token, "Run in two languages", { title: { en: "Easy run" }, description: { en: "Conversational pace" } });

  await signInAsAdmin(page, `/admin/content/training-plans/${planId}`);
  await languageTab(page, "de").click();
  await expect(page).toHaveURL(/lang=de$/);
  // Without a German title the grid shows the English one.
  await day(page, "Week 1, Saturday").getByRole("button", { name: "Open Easy run", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Fitness activity" });
  await expect(dialog.getByLabel("Activity title (en, source)", { exact: true })).toHaveValue("Easy run");
  await expect(dialog.getByLabel("Activity title (en, source)", { exact: true })).not.toBeEditable();
  await expect(dialog.getByLabel("Activity description (en, source)", { exact: true })).toHaveValue("Conversational pace");
  await expect(dialog.getByLabel("Activity description (en, source)", { exact: true })).not.toBeEditable();
  await expect(dialog.getByLabel("Activity title (en)", { exact: true })).toHaveCount(0);
  await expect(dialog.getByLabel("Activity title (de)", { exact: true })).toHaveValue("");
  await dialog.getByLabel("Activity title (de)", { exact: true }).fill("Lockerer Lauf");
  await dialog.getByLabel("Activity description (de)", { exact: true }).fill("Im Plauderton");
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog).toBeHidden();
  await expect(day(page, "Week 1, Saturday").getByRole("button", { name: "Open Lockerer Lauf", exact: true })).toBeVisible();

  // A new fitness activity has no English title yet: the panel asks for it beside the German one.
  await page.getByRole("button", { name: "Add an activity to Week 1, Monday" }).click();
  await page.getByRole("button", { name: "Fitness activity", exact: true }).click();
  await page.getByLabel("Activity title (de)", { exact: true }).fill("Dehnen");
  await page.getByRole("button", { name: "Add the fitness activity to Week 1, Monday" }).click();
  await expect(page.getByLabel("Activity title (en)", { exact: true })).toHaveAccessibleDescription("Enter the title in en, the default language");
  await page.getByLabel("Activity title (en)", { exact: true }).fill("Stretch");
  await page.getByRole("button", { name: "Add the fitness activity to Week 1, Monday" }).click();
  await expect(day(page, "Week 1, Monday")).toContainText("Dehnen");

  // In English the grid and the dialog show the English texts, as they were.
  await languageTab(page, "en").click();
  await expect(day(page, "Week 1, Monday")).toContainText("Stretch");
  await day(page, "Week 1, Saturday").getByRole("button", { name: "Open Easy run", exact: true }).click();
  await expect(dialog.getByLabel("Activity title (en)", { exact: true })).toHaveValue("Easy run");
  await expect(dialog.getByLabel("Activity title (de)", { exact: true })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Saved “Run in two languages”.")).toBeVisible();
  expect(await activitiesIn(page, token, planId, "de", 5)).toEqual([{ title: "Lockerer Lauf", description: "Im Plauderton", distance: 5000, duration: 1800 }]);
  expect(await activitiesIn(page, token, planId, "en", 5)).toEqual([{ title: "Easy run", description: "Conversational pace", distance: 5000, duration: 1800 }]);
  expect(await activitiesIn(page, token, planId, "de", 0)).toEqual([{ title: "Dehnen", description: "", distance: null, duration: null }]);
  expect(await activitiesIn(page, token, planId, "en", 0)).toEqual([{ title: "Stretch", description: "", distance: null, duration: null }]);
});

test("a German translator opens a fitness activity in the read-only grid, translates it into German only, and saves", async ({ page }) => {
  test.setTimeout(90_000);
  const token = await apiLogin(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const translator = { email: "plan-translator-de@e2e.test", password: "plan-translator-password" };
  await createViaApi(page.request, token, "/users", { ...translator, role: "translator", languages: ["de"] });
  const planId = await planWithFitnessActivity(page, token, "Run for translators", { title: { en: "Easy run", fr: "Course facile" }, description: { en: "Conversational pace" } });

  // A translator lands on their own language; the grid's structure is theirs to read, not to change.
  await signInAs(page, translator.email, translator.password, `/admin/content/training-plans/${planId}`);
  await expect(languageTab(page, "de")).toHaveAttribute("aria-selected", "true");
  const saturday = day(page, "Week 1, Saturday");
  await expect(saturday.getByRole("button", { name: "Move Easy run", exact: true })).toBeDisabled();
  await expect(saturday.getByRole("button", { name: "Remove Easy run", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add an activity to Week 1, Saturday" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add week" })).toBeDisabled();

  await saturday.getByRole("button", { name: "Open Easy run", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Fitness activity" });
  await expect(dialog.getByLabel("Activity title (en, source)", { exact: true })).not.toBeEditable();
  await expect(dialog.getByLabel("Distance (km)", { exact: true })).toHaveValue("5");
  await expect(dialog.getByLabel("Distance (km)", { exact: true })).not.toBeEditable();
  await expect(dialog.getByLabel("Duration (minutes)", { exact: true })).not.toBeEditable();
  await dialog.getByLabel("Activity title (de)", { exact: true }).fill("Lockerer Lauf");
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog).toBeHidden();

  // French is shown but not theirs to change, in the dialog as in the rest of the form.
  await languageTab(page, "fr").click();
  await saturday.getByRole("button", { name: "Open Course facile", exact: true }).click();
  await expect(dialog.getByLabel("Activity title (fr)", { exact: true })).toHaveValue("Course facile");
  await expect(dialog.getByLabel("Activity title (fr)", { exact: true })).not.toBeEditable();
  await expect(dialog.getByLabel("Activity title (fr)", { exact: true })).toHaveAccessibleDescription("Read only: you translate de.");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Saved “Run for translators”.")).toBeVisible();
  expect(await activitiesIn(page, token, planId, "de", 5)).toEqual([{ title: "Lockerer Lauf", description: "Conversational pace", distance: 5000, duration: 1800 }]);
  expect(await activitiesIn(page, token, planId, "fr", 5)).toEqual([{ title: "Course facile", description: "Conversational pace", distance: 5000, duration: 1800 }]);
  expect(await activitiesIn(page, token, planId, "en", 5)).toEqual([{ title: "Easy run", description: "Conversational pace", distance: 5000, duration: 1800 }]);
});
