import { expect, test } from "@playwright/test";
import { apiGet, apiPost, expectImageLoaded, mp3, pickWithKeyboard, png } from "./content-support";
import { expectNoA11yViolations, languageTab, signInAsAdmin, toast } from "./support";

type OnDemand = {
  id: string;
  type: string;
  title: Record<string, string>;
  video: { id: string; name: string; mime: string } | null;
  image: { id: string; name: string } | null;
  instructor_id: string | null;
  content_provider: number;
  categories: string[];
  equipment: number[];
  goals: number[];
  level: string;
  duration: string;
  languages: string[];
};

test("an editor builds an audio workout: the upload's progress shows, and the record references the upload", async ({ page }) => {
  test.slow();
  await signInAsAdmin(page);
  const provider = await apiPost<{ id: number }>(page, "/content/providers", { name: { en: "Studio North" } });
  const goal = await apiPost<{ id: number }>(page, "/content/goals", { name: { en: "Relaxation" } });
  const breathwork = await apiPost<{ id: number; uuid: string }>(page, "/content/categories", { name: { en: "Breathwork" } });
  const instructor = await apiPost<{ id: string }>(page, "/content/instructors", { name: "Ines Varga" });

  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "On-demand" }).click();
  await page.getByRole("link", { name: "New on-demand item" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New on-demand item" })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Create on-demand item" }).click();
  await expect(page.getByLabel("Type")).toHaveAccessibleDescription("Choose a type");
  await expect(page.getByRole("combobox", { name: "Content provider" })).toHaveAccessibleDescription("Choose a content provider");

  await page.getByLabel("Type").selectOption("audio-workout");
  await page.getByLabel("Title (en, default)").fill("Evening wind-down");
  await languageTab(page, "de").click();
  await page.getByLabel("Title (de)").fill("Abendruhe");

  // A file of a type the service does not take is refused with the API's reason.
  await page.getByLabel("Upload audio").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not audio") });
  await expect(page.getByRole("alert").filter({ hasText: "Could not upload notes.txt: is not an allowed type" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Audio" })).toContainText("No video or audio file chosen.");

  // An upload can be cancelled while it is on its way (audio and video go over tus: the upload is created first).
  let releaseFirst: () => void = () => undefined;
  const firstHeld = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  await page.route("**/api/v3/uploads/resumable", async (route) => {
    await firstHeld;
    // The browser has given up on the request: continuing it fails, and nothing is stored for it.
    await route.continue().catch(() => undefined);
  });
  await page.getByLabel("Upload audio").setInputFiles({ name: "abandoned.mp3", mimeType: "audio/mpeg", buffer: mp3(50) });
  await expect(page.getByRole("progressbar", { name: "Uploading abandoned.mp3" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel upload" }).click();
  await expect(page.getByRole("progressbar", { name: "Uploading abandoned.mp3" })).toBeHidden();
  await expect(page.getByRole("group", { name: "Audio" })).toContainText("No video or audio file chosen.");
  releaseFirst();
  await page.unrouteAll({ behavior: "wait" });

  // The upload's bytes are held on their way until its progress has been seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/v3/uploads/resumable/*", async (route) => {
    if (route.request().method() === "PATCH") await held;
    await route.continue();
  });
  await page.getByLabel("Upload audio").setInputFiles({ name: "wind-down.mp3", mimeType: "audio/mpeg", buffer: mp3(600) });
  const progress = page.getByRole("progressbar", { name: "Uploading wind-down.mp3" });
  await expect(progress).toBeVisible();
  await expectNoA11yViolations(page);
  release();
  await expect(progress).toBeHidden();
  await expect(page.getByLabel("Preview of wind-down.mp3")).toBeVisible();
  await page.unrouteAll();

  await page.getByLabel("Upload image").setInputFiles({ name: "dusk.png", mimeType: "image/png", buffer: await png(800, 450, { r: 40, g: 40, b: 90 }) });
  await expectImageLoaded(page, "dusk.png");
  await page.getByLabel("Level").selectOption("beginner");
  await page.getByLabel("Duration (minutes)").selectOption("16-30");
  await page.getByLabel("Languages of the media").fill("en, de");
  await pickWithKeyboard(page, "Instructor", "ines", "Ines Varga");
  await pickWithKeyboard(page, "Content provider", "north", "Studio North");
  await pickWithKeyboard(page, "Categories", "breath", "Breathwork");
  await pickWithKeyboard(page, "Equipment", "no equip", "No equipment");
  await pickWithKeyboard(page, "Goals", "relax", "Relaxation");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Create on-demand item" }).click();
  await expect(toast(page, "Created “Evening wind-down”.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Evening wind-down", exact: true })).toBeVisible();

  // The record references the upload that was made.
  const uploads = await apiGet<{ data: { id: string; name: string }[] }>(page, "/uploads?filter[where][name][eq]=wind-down.mp3");
  const list = await apiGet<{ data: { id: string }[] }>(page, "/content/on-demand?filter[where][title][eq]=Evening wind-down");
  const stored = await apiGet<OnDemand>(page, `/content/on-demand/${list.data[0]!.id}?lang=en,de,fr&texts=all`);
  expect(stored).toMatchObject({
    type: "audio-workout",
    title: { en: "Evening wind-down", de: "Abendruhe" },
    video: { id: uploads.data[0]!.id, name: "wind-down.mp3", mime: "audio/mpeg" },
    image: { name: "dusk.png" },
    instructor_id: instructor.id,
    content_provider: provider.id,
    categories: [breathwork.uuid],
    goals: [goal.id],
    level: "beginner",
    duration: "16-30",
    languages: ["en", "de"],
  });

  // Edit: the stored choices show by name; a repeated media language is refused on its field.
  await page.getByRole("link", { name: "Edit Evening wind-down" }).click();
  await expect(page.getByRole("list", { name: "Chosen categories" })).toContainText("Breathwork");
  await expect(page.getByRole("list", { name: "Chosen instructor" })).toContainText("Ines Varga");
  await expect(page.getByRole("list", { name: "Chosen content provider" })).toContainText("Studio North");
  // The original plays until processing is ready, then the stream does (on-demand-media.spec.ts).
  await expect(page.getByLabel(/^(Preview|Player) of wind-down\.mp3$/)).toBeVisible();
  await expectNoA11yViolations(page);
  // The API's refusal lands on the field it names: an audio file cannot be a virtual class's video.
  await page.getByLabel("Type").selectOption("virtual-class");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("group", { name: "Video" })).toContainText("must be a video upload (audio/mpeg)");
  await page.getByLabel("Type").selectOption("audio-workout");
  await page.getByLabel("Languages of the media").fill("en, en");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByLabel("Languages of the media")).toHaveAccessibleDescription("must not repeat a language");
  await page.getByLabel("Languages of the media").fill("en, fr");
  await page.getByLabel("Duration (minutes)").selectOption("31-45");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Saved “Evening wind-down”.")).toBeVisible();
  expect(await apiGet<OnDemand>(page, `/content/on-demand/${stored.id}`)).toMatchObject({ languages: ["en", "fr"], duration: "31-45", video: { id: uploads.data[0]!.id } });
});
