import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { apiLogin, bearer, createViaApi, signInAs, uploadViaApi } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoA11yViolations, languageTab, toast } from "./support";

/**
 * The version history beside the editor (docs/decisions/0027): an editor compares the first version of
 * a workout with the current one (a German title changed, an item moved to another phase), restores it
 * after confirming, and the API then serves the restored content; a restore over someone else's newer
 * save is refused with a message that says so.
 */
const EDITOR = { email: "history.editor@e2e.test", password: "a long passphrase" };

let workoutId: string;

// The second test continues from the versions the first leaves (3, the restore of 1).
test.describe.configure({ mode: "serial" });

const timer = (title: string) => ({ type: "TIMER", notes: "", timer_title: { en: title }, timer_duration: 60 });
function workoutBody(image: string, slug: string | null, germanTitle: string, phases: { title: string; items: string[] }[]) {
  return {
    title: { en: "Hill sprints", de: germanTitle },
    slug,
    description: { en: "Short and steep." },
    image,
    gender: "female",
    level: "beginner",
    types: [],
    goals: [],
    body_parts: [],
    locations: ["outdoor"],
    duration: "0-15",
    phases: phases.map((phase) => ({ title: { en: phase.title }, time: 120, items: phase.items.map(timer) })),
  };
}

async function adminToken(request: APIRequestContext) {
  return apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
}

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  await createViaApi(request, token, "/users", { ...EDITOR, role: "editor" });
  const image = await uploadViaApi(request, token, "hills.png", "image/png", await sharp({ create: { width: 320, height: 200, channels: 3, background: "#15803d" } }).png().toBuffer());
  const first = workoutBody(image.id, null, "Bergsprints", [
    { title: "Warm up", items: ["Jog", "Strides"] },
    { title: "Sprints", items: ["Sprint"] },
  ]);
  const created = await createViaApi<{ id: string; slug: string }>(request, token, "/content/workouts", first);
  workoutId = created.id;
  // Version 2, by the editor: the German title changed and "Strides" moved to the second phase.
  const editorToken = await apiLogin(request, EDITOR.email, EDITOR.password);
  const second = workoutBody(image.id, created.slug, "Bergläufe", [
    { title: "Warm up", items: ["Jog"] },
    { title: "Sprints", items: ["Sprint", "Strides"] },
  ]);
  const put = await request.put(`/api/v3/content/workouts/${workoutId}`, { headers: { ...bearer(editorToken), "If-Match": "*" }, data: second });
  expect(put.status(), await put.text()).toBe(200);
});

test("an editor compares an earlier version with the current one and restores it", async ({ page, request }) => {
  await signInAs(page, EDITOR.email, EDITOR.password, `/admin/content/workouts/${workoutId}`);
  const history = page.getByRole("complementary", { name: "Version history" });
  const versions = history.getByRole("table", { name: "Versions, newest first" });
  await expect(versions.getByRole("row")).toHaveCount(3);
  await expect(versions.getByRole("row").nth(1).getByRole("cell")).toHaveText(["2", /\d/, EDITOR.email, "Saved", "Compare"]);
  await expect(versions.getByRole("row").nth(2).getByRole("cell")).toHaveText(["1", /\d/, E2E_ADMIN.email, "Created", "Compare"]);

  await history.getByRole("button", { name: "Compare version 1 with the current version" }).click();
  await expect(history.getByRole("heading", { name: "From version 1 to the current version 2" })).toBeVisible();
  const changes = history.getByRole("list", { name: "Changes since version 1" }).getByRole("listitem");
  await expect(changes).toHaveText(["Title (de): “Bergsprints” → “Bergläufe”", "Phase 2 › Item 2: moved from Phase 1 › Item 2"], { useInnerText: true });
  // No violation of any impact, the panel and the workout editor beside it.
  await expectNoA11yViolations(page);

  await history.getByRole("button", { name: "Restore version 1" }).click();
  const dialog = page.getByRole("dialog", { name: "Restore version 1?" });
  await expect(dialog).toContainText("The status of each language stays as it is.");
  await dialog.getByRole("button", { name: "Restore version 1" }).click();
  await expect(toast(page, "Restored version 1; the form shows it now.")).toBeVisible();

  // The form was loaded again with the restored content, and the history has the restore on top.
  await languageTab(page, "de").click();
  await expect(page.getByLabel("Title (de)", { exact: true })).toHaveValue("Bergsprints");
  await expect(versions.getByRole("row").nth(1).getByRole("cell")).toHaveText(["3", /\d/, EDITOR.email, "Restored version 1", "Compare"]);
  const served = await request.get(`/api/v3/content/workouts/${workoutId}?texts=all&lang=en,de`, { headers: bearer(await adminToken(request)) });
  expect(served.status()).toBe(200);
  const workout = (await served.json()) as { title: Record<string, string>; phases: { items: { timer_title: Record<string, string> }[] }[] };
  expect(workout.title.de).toBe("Bergsprints");
  expect(workout.phases.map((phase) => phase.items.map((item) => item.timer_title.en))).toEqual([["Jog", "Strides"], ["Sprint"]]);
});

test("a restore over someone else's newer save is refused and says why", async ({ page, request }) => {
  await signInAs(page, EDITOR.email, EDITOR.password, `/admin/content/workouts/${workoutId}`);
  const history = page.getByRole("complementary", { name: "Version history" });
  await history.getByRole("button", { name: "Compare version 2 with the current version" }).click();
  await expect(history.getByRole("button", { name: "Restore version 2" })).toBeVisible();

  // Someone else saves meanwhile: the ETag the page holds is stale now.
  const patched = await request.patch(`/api/v3/content/workouts/${workoutId}`, { headers: bearer(await adminToken(request)), data: { title: { de: "Hügelsprints" } } });
  expect(patched.status(), await patched.text()).toBe(200);

  await history.getByRole("button", { name: "Restore version 2" }).click();
  await page.getByRole("dialog", { name: "Restore version 2?" }).getByRole("button", { name: "Restore version 2" }).click();
  await expect(history.getByRole("alert")).toHaveText(/Someone saved this workout after you opened it, so nothing was restored\./);
  // The form and the history now show the newer save; nothing was restored.
  await languageTab(page, "de").click();
  await expect(page.getByLabel("Title (de)", { exact: true })).toHaveValue("Hügelsprints");
  await expect(history.getByRole("table", { name: "Versions, newest first" }).getByRole("row").nth(1).getByRole("cell")).toHaveText(["4", /\d/, E2E_ADMIN.email, "Changed", "Compare"]);
});
