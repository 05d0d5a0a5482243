import { expect, test, type Page } from "@playwright/test";
import { apiLogin, createViaApi, createWorkoutViaApi, uploadViaApi } from "./api-setup";
import { mp4, png } from "./content-support";
import { E2E_ADMIN } from "./credentials";
import { signInAsAdmin } from "./support";

/**
 * Every admin screen works at 1024 px wide (ADR 9): at 1024 × 768 no screen scrolls sideways and
 * its main heading is in view. Records are made through the API so every editor has one to open.
 */
const COLLECTIONS = [
  "exercises",
  "workouts",
  "training-plans",
  "on-demand",
  "instructors",
  "equipment",
  "equipment-brands",
  "equipment-categories",
  "muscle-groups",
  "body-parts",
  "goals",
  "activity-types",
  "providers",
  "categories",
  "packages",
];

async function expectFitsAt1024(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  const h1 = page.getByRole("heading", { level: 1, name: heading });
  await expect(h1, path).toBeVisible();
  await expect(h1, path).toBeInViewport();
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(width.scroll, `${path} scrolls sideways (${width.scroll} px of content in ${width.client} px)`).toBeLessThanOrEqual(width.client);
}

test("every admin screen fits 1024 × 768: no sideways scrolling, the main heading in view", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  const token = await apiLogin(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const image = await uploadViaApi(page.request, token, "narrow.png", "image/png", await png(320, 200));
  const video = await uploadViaApi(page.request, token, "narrow.mp4", "video/mp4", mp4(2000));
  const provider = await createViaApi<{ id: number }>(page.request, token, "/content/providers", { name: "Narrow studio" });
  const brand = await createViaApi<{ id: number }>(page.request, token, "/content/equipment/brands", { name: "Narrow brand" });
  const equipmentCategory = await createViaApi<{ id: number }>(page.request, token, "/content/equipment/categories", { name: "Narrow weights" });
  const equipment = await createViaApi<{ id: number }>(page.request, token, "/content/equipment", { name: "Narrow kettlebell", brand_id: brand.id, categories: [equipmentCategory.id], image: image.id });
  const exercise = await createViaApi<{ id: string }>(page.request, token, "/content/exercises", {
    name: "Narrow squat",
    level: "beginner",
    gender: "female",
    muscle_groups: [],
    equipment: [equipment.id],
    types: [],
    video: video.id,
    gif: image.id,
    image: image.id,
    steps: ["Stand tall"],
  });
  const workout = await createWorkoutViaApi(page.request, token, image.id, { title: { en: "Narrow workout with a rather long title to wrap" }, description: { en: "At 1024 px" } });
  const plan = await createViaApi<{ id: string }>(page.request, token, "/content/training-plans", {
    title: { en: "Narrow plan" },
    description: { en: "At 1024 px" },
    image: image.id,
    goals: [],
    types: [],
    level: "beginner",
    locations: ["outdoor"],
    weeks: [],
  });
  const onDemand = await createViaApi<{ id: string }>(page.request, token, "/content/on-demand", {
    type: "virtual-class", title: "Narrow class", video: video.id, image: image.id, duration: "16-30", level: "beginner", goals: [], equipment: [], categories: [], languages: ["en"], content_provider: provider.id,
  });
  const instructor = await createViaApi<{ id: string }>(page.request, token, "/content/instructors", { name: "Narrow instructor" });
  const records: Record<string, string | number> = {
    exercises: exercise.id,
    workouts: workout.id,
    "training-plans": plan.id,
    "on-demand": onDemand.id,
    instructors: instructor.id,
    equipment: equipment.id,
    "equipment-brands": brand.id,
    "equipment-categories": equipmentCategory.id,
    providers: provider.id,
  };

  await signInAsAdmin(page);
  await expectFitsAt1024(page, "/admin", "Welcome");
  for (const slug of COLLECTIONS) {
    await expectFitsAt1024(page, `/admin/content/${slug}`, /./);
    await expectFitsAt1024(page, `/admin/content/${slug}/new`, /^New /);
    const id = records[slug];
    if (id !== undefined) await expectFitsAt1024(page, `/admin/content/${slug}/${id}`, /^Edit /);
  }
  await expectFitsAt1024(page, "/admin/translations", "Translation queue");
  await expectFitsAt1024(page, `/admin/translations/workouts/${workout.id}`, /./);
  await expectFitsAt1024(page, "/admin/media", "Images");
  await expectFitsAt1024(page, `/admin/media/${image.id}`, /./);
  await expectFitsAt1024(page, "/admin/organization", /./);
  await expectFitsAt1024(page, "/admin/users", /./);
  await expectFitsAt1024(page, "/admin/integration-tokens", /./);
  await expectFitsAt1024(page, "/admin/webhooks", /./);
  await expectFitsAt1024(page, "/admin/jobs", /./);
  await expectFitsAt1024(page, "/admin/audit-log", /./);
  await expectFitsAt1024(page, "/admin/integrations", /./);
  await expectFitsAt1024(page, "/admin/imports", "Import content");
  await expectFitsAt1024(page, "/admin/schedules", /./);
});
