import { expect, test } from "@playwright/test";
import { animatedGif, apiGet, apiPost, expectImageLoaded, mp4, pickWithKeyboard, png } from "./content-support";
import { expectNoA11yViolations, languageTab, signInAsAdmin, toast } from "./support";

type Upload = { id: string; name: string; mime: string };
type Exercise = {
  id: string;
  name: Record<string, string>;
  slug: string;
  level: string;
  gender: string;
  orientation: string | null;
  muscle_groups: number[];
  equipment: number[];
  types: number[];
  video: Upload;
  gif: Upload;
  image: Upload;
  steps: Record<string, string>[];
};

test("an editor creates, filters, edits and deletes an exercise", async ({ page }) => {
  // A whole working session: three uploads, many fields, two saves.
  test.slow();
  await signInAsAdmin(page);
  // The lookups an exercise points to (their own editors are tested in lookups.spec.ts).
  const chest = await apiPost<{ id: number }>(page, "/content/muscle-groups", { name: { en: "Chest", de: "Brust" } });
  const lats = await apiPost<{ id: number }>(page, "/content/muscle-groups", { name: { en: "Lats" } });
  await apiPost(page, "/content/muscle-groups", { name: { en: "Obliques" } });
  const strength = await apiPost<{ id: number }>(page, "/content/categories", { name: { en: "Strength" } });
  const equipment = await apiGet<{ data: { id: number; no_equipment: boolean }[] }>(page, "/content/equipment?filter[where][slug][eq]=no-equipment");
  const noEquipment = equipment.data[0]!.id;

  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Exercises" }).click();
  await page.getByRole("link", { name: "New exercise" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New exercise" })).toBeVisible();
  await expectNoA11yViolations(page);

  // Nothing filled in: each required field says what it needs, and nothing is sent.
  await page.getByRole("button", { name: "Create exercise" }).click();
  await expect(page.getByLabel("Name (en, default)")).toHaveAccessibleDescription("Enter the name in en, the default language");
  await expect(page.getByLabel("Level")).toHaveAccessibleDescription("Choose a level");
  await expect(page.getByLabel("Gender")).toHaveAccessibleDescription("Choose a gender");
  await expect(page.getByRole("group", { name: "Video" })).toContainText("Choose or upload a video");
  await expect(page.getByRole("group", { name: "Image" })).toContainText("Choose or upload an image");

  await page.getByLabel("Name (en, default)").fill("Push-up");
  await languageTab(page, "de").click();
  await page.getByLabel("Name (de)").fill("Liegestütz");
  await languageTab(page, "en").click();
  await page.getByLabel("Summary (en, default)").fill("The classic");
  await page.getByLabel("Level").selectOption("beginner");
  await page.getByLabel("Gender").selectOption("male");

  // Lookups: search as you type, pick with the keyboard.
  await pickWithKeyboard(page, "Muscle groups", "lat", "Lats");
  await pickWithKeyboard(page, "Muscle groups", "", "Chest");
  await expect(page.getByRole("listbox", { name: "Muscle groups" }).getByRole("option", { name: "Lats" })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Muscle groups" }).fill("zzz");
  await expect(page.getByText("No matches.")).toBeVisible();
  await page.getByRole("combobox", { name: "Muscle groups" }).press("Escape");
  await page.getByRole("combobox", { name: "Muscle groups" }).fill("");
  await pickWithKeyboard(page, "Equipment", "no equip", "No equipment");
  await pickWithKeyboard(page, "Types", "stren", "Strength");
  await page.getByRole("button", { name: "Remove Muscle groups: Lats" }).click();
  await pickWithKeyboard(page, "Muscle groups", "lat", "Lats");

  // Media: uploaded through the pickers, previews shown.
  await page.getByLabel("Upload video").setInputFiles({ name: "push-up.mp4", mimeType: "video/mp4", buffer: mp4(4000) });
  await expect(page.getByRole("group", { name: "Video" }).getByText("push-up.mp4")).toBeVisible();
  await page.getByLabel("Upload gif").setInputFiles({ name: "push-up.gif", mimeType: "image/gif", buffer: await animatedGif() });
  await expectImageLoaded(page, "push-up.gif");
  await page.getByLabel("Upload image").setInputFiles({ name: "push-up.png", mimeType: "image/png", buffer: await png(640, 480) });
  await expectImageLoaded(page, "push-up.png");

  // Steps: added, one removed, and reordered with the keyboard only.
  for (const text of ["Hands under the shoulders", "Throwaway step", "Lower the chest to the floor", "Push back up"]) {
    await page.getByRole("button", { name: "Add step" }).click();
    const count = await page.getByRole("group", { name: /^Step \d+$/ }).count();
    await expect(page.getByLabel(`Step ${count} (en, default)`)).toBeFocused();
    await page.keyboard.type(text);
  }
  await languageTab(page, "de").click();
  await page.getByLabel("Step 1 (de)").fill("Hände unter die Schultern");
  await languageTab(page, "en").click();
  await page.getByRole("button", { name: "Remove step 2" }).click();
  await expect(page.getByLabel("Step 2 (en, default)")).toHaveValue("Lower the chest to the floor");
  await page.getByRole("button", { name: "Move step 3 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Move step 2 up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Move step 1 down" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Step 1 (en, default)")).toHaveValue("Hands under the shoulders");
  await expect(page.getByLabel("Step 2 (en, default)")).toHaveValue("Push back up");
  await expect(page.getByLabel("Step 3 (en, default)")).toHaveValue("Lower the chest to the floor");
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Create exercise" }).click();
  await expect(toast(page, "Created “Push-up”.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Exercises" })).toBeVisible();

  // What the API stored is what was entered.
  const list = await apiGet<{ data: { id: string; slug: string }[] }>(page, "/content/exercises?filter[where][name][eq]=Push-up");
  const pushUp = await apiGet<Exercise>(page, `/content/exercises/${list.data[0]!.id}?lang=en,de,fr&texts=all`);
  expect(pushUp).toMatchObject({
    name: { en: "Push-up", de: "Liegestütz" },
    slug: "push-up",
    level: "beginner",
    gender: "male",
    orientation: null,
    muscle_groups: [chest.id, lats.id],
    equipment: [noEquipment],
    types: [strength.id],
    video: { name: "push-up.mp4", mime: "video/mp4" },
    gif: { name: "push-up.gif", mime: "image/gif" },
    image: { name: "push-up.png", mime: "image/png" },
    steps: [{ en: "Hands under the shoulders", de: "Hände unter die Schultern" }, { en: "Push back up" }, { en: "Lower the chest to the floor" }],
  });

  // A second exercise (through the API, reusing the uploads) so the filter has something to leave out.
  await apiPost(page, "/content/exercises", {
    name: { en: "Pistol squat" },
    level: "advanced",
    gender: "female",
    muscle_groups: [],
    equipment: [noEquipment],
    types: [],
    video: pushUp.video.id,
    gif: pushUp.gif.id,
    image: pushUp.image.id,
    steps: [],
  });
  await page.reload();
  await expect(page.getByRole("link", { name: "Pistol squat", exact: true })).toBeVisible();
  await page.getByLabel("Level").selectOption("beginner");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/filter\[where\]\[level\]=beginner/);
  await expect(page.getByRole("link", { name: "Push-up", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pistol squat", exact: true })).toHaveCount(0);

  // Edit: the form shows what is stored; a taken slug is refused on its field; then a change is saved.
  await page.getByRole("link", { name: "Edit Push-up" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit exercise" })).toBeVisible();
  await languageTab(page, "de").click();
  await expect(page.getByLabel("Name (de)")).toHaveValue("Liegestütz");
  await languageTab(page, "en").click();
  await expect(page.getByLabel("Step 2 (en, default)")).toHaveValue("Push back up");
  await expect(page.getByRole("list", { name: "Chosen muscle groups" })).toContainText("Chest");
  await expect(page.getByRole("list", { name: "Chosen equipment" })).toContainText("No equipment");
  await expectImageLoaded(page, "push-up.png");
  await expectNoA11yViolations(page);
  await page.getByLabel("Slug").fill("pistol-squat");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByLabel("Slug")).toHaveAccessibleDescription("is already taken");
  await page.getByLabel("Slug").fill("push-up");
  await languageTab(page, "fr").click();
  await page.getByLabel("Name (fr)").fill("Pompe");
  await page.getByLabel("Orientation").selectOption("alternating");
  await page.getByRole("button", { name: "Remove step 3" }).click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Saved “Push-up”.")).toBeVisible();
  const edited = await apiGet<Exercise>(page, `/content/exercises/${pushUp.id}?lang=en,de,fr&texts=all`);
  expect(edited).toMatchObject({ name: { en: "Push-up", de: "Liegestütz", fr: "Pompe" }, orientation: "alternating", slug: "push-up" });
  expect(edited.steps).toMatchObject([
    { en: "Hands under the shoulders", de: "Hände unter die Schultern", fr: "" },
    { en: "Push back up", de: "", fr: "" },
  ]);

  // Delete, after confirming.
  await page.getByRole("button", { name: "Delete Push-up" }).click();
  await page.getByRole("dialog", { name: "Delete exercise?" }).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Deleted “Push-up”.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("link", { name: "Pistol squat", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Push-up", exact: true })).toHaveCount(0);
  const response = await page.request.get(`/api/v3/content/exercises/${pushUp.id}`);
  expect(response.status()).toBe(404);
});
