import { expect, test } from "@playwright/test";
import { apiGet, apiPost, expectImageLoaded, pickWithKeyboard, png } from "./content-support";
import { expectNoA11yViolations, languageTab, newSignedInPage, signInAsAdmin, toast } from "./support";

type Equipment = { id: number; name: Record<string, string>; description: Record<string, string>; slug: string; brand_id: number | null; categories: number[]; image: { id: string; name: string } | null; no_equipment: boolean };

test("an editor creates equipment with brand, categories and image, picks an image from the library, and deletes it", async ({ page }) => {
  test.slow();
  await signInAsAdmin(page);
  const brand = await apiPost<{ id: number }>(page, "/content/equipment/brands", { name: { en: "Ironworks" } });
  const weights = await apiPost<{ id: number }>(page, "/content/equipment/categories", { name: { en: "Free weights", de: "Freie Gewichte" } });
  const cardio = await apiPost<{ id: number }>(page, "/content/equipment/categories", { name: { en: "Cardio" } });

  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Equipment", exact: true }).click();
  await page.getByRole("link", { name: "New equipment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New equipment" })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Create equipment" }).click();
  await expect(page.getByLabel("Name (en, default)")).toHaveAccessibleDescription("Enter the name in en, the default language");
  await expect(page.getByRole("combobox", { name: "Brand" })).toHaveAccessibleDescription("Choose a brand");
  await expect(page.getByRole("combobox", { name: "Categories" })).toHaveAccessibleDescription("Choose at least one category");
  await expect(page.getByRole("group", { name: "Image" })).toContainText("Choose or upload an image");

  await page.getByLabel("Name (en, default)").fill("Kettlebell 16 kg");
  await languageTab(page, "de").click();
  await page.getByLabel("Name (de)").fill("Kugelhantel 16 kg");
  await languageTab(page, "en").click();
  await page.getByLabel("Description (en, default)").fill("Cast iron");
  await pickWithKeyboard(page, "Brand", "iron", "Ironworks");
  await pickWithKeyboard(page, "Categories", "frei", "Free weights");
  await pickWithKeyboard(page, "Categories", "car", "Cardio");
  await page.getByLabel("Upload image").setInputFiles({ name: "kettlebell.png", mimeType: "image/png", buffer: await png(400, 300) });
  await expectImageLoaded(page, "kettlebell.png");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Create equipment" }).click();
  await expect(toast(page, "Created “Kettlebell 16 kg”.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Kettlebell 16 kg", exact: true })).toBeVisible();

  const found = await apiGet<{ data: Equipment[] }>(page, "/content/equipment?filter[where][slug][eq]=kettlebell-16-kg");
  const kettlebell = await apiGet<Equipment>(page, `/content/equipment/${found.data[0]!.id}?lang=en,de,fr&texts=all`);
  expect(kettlebell).toMatchObject({
    name: { en: "Kettlebell 16 kg", de: "Kugelhantel 16 kg" },
    description: { en: "Cast iron" },
    brand_id: brand.id,
    categories: [weights.id, cardio.id],
    image: { name: "kettlebell.png" },
    no_equipment: false,
  });

  // A second piece reuses the uploaded image, chosen from the library.
  await page.getByRole("link", { name: "New equipment" }).click();
  await page.getByLabel("Name (en, default)").fill("Kettlebell 24 kg");
  await pickWithKeyboard(page, "Brand", "iron", "Ironworks");
  await pickWithKeyboard(page, "Categories", "free", "Free weights");
  await page.getByRole("button", { name: "Choose image from the library" }).click();
  const library = page.getByRole("dialog", { name: "Choose image" });
  await library.getByLabel("Search uploads").fill("kettle");
  await expectNoA11yViolations(page);
  await library.getByRole("button", { name: "kettlebell.png" }).click();
  await expect(library).toBeHidden();
  await expectImageLoaded(page, "kettlebell.png");
  await page.getByRole("button", { name: "Create equipment" }).click();
  await expect(toast(page, "Created “Kettlebell 24 kg”.")).toBeVisible();
  const heavy = await apiGet<{ data: Equipment[] }>(page, "/content/equipment?filter[where][slug][eq]=kettlebell-24-kg");
  expect((await apiGet<Equipment>(page, `/content/equipment/${heavy.data[0]!.id}`)).image?.id).toBe(kettlebell.image!.id);

  // Edit: the stored brand and categories show by name; a category is removed.
  await page.getByRole("link", { name: "Edit Kettlebell 16 kg" }).click();
  await expect(page.getByRole("list", { name: "Chosen brand" })).toContainText("Ironworks");
  await expect(page.getByRole("list", { name: "Chosen categories" })).toContainText("Free weights");
  await page.getByRole("button", { name: "Remove Categories: Cardio" }).click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Saved “Kettlebell 16 kg”.")).toBeVisible();
  expect((await apiGet<Equipment>(page, `/content/equipment/${kettlebell.id}`)).categories).toEqual([weights.id]);

  await page.getByRole("button", { name: "Delete Kettlebell 24 kg" }).click();
  await page.getByRole("dialog", { name: "Delete equipment?" }).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Deleted “Kettlebell 24 kg”.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("link", { name: "Kettlebell 16 kg", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Kettlebell 24 kg", exact: true })).toHaveCount(0);
});

test("the no-equipment record says why it cannot be deleted and keeps only its texts editable", async ({ page }) => {
  await signInAsAdmin(page, "/admin/content/equipment");
  await expect(page.getByRole("link", { name: "No equipment", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete No equipment" })).toHaveCount(0);
  await expect(page.getByRole("row", { name: /No equipment/ })).toContainText("Cannot be deleted: exercises that need no equipment point to it.");
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: "Edit No equipment" }).click();
  await expect(page.getByText("This is the “no equipment” record")).toBeVisible();
  await expect(page.getByLabel("Slug")).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Brand" })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Image" })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByLabel("Description (en, default)").fill("Body weight only");
  await languageTab(page, "de").click();
  await page.getByLabel("Description (de)").fill("Nur Körpergewicht");
  await languageTab(page, "fr").click();
  await page.getByLabel("Description (fr)").fill("Poids du corps");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Saved “No equipment”.")).toBeVisible();
  const list = await apiGet<{ data: Equipment[] }>(page, "/content/equipment?filter[where][slug][eq]=no-equipment");
  expect(await apiGet<Equipment>(page, `/content/equipment/${list.data[0]!.id}?lang=en`)).toMatchObject({ description: { en: "Body weight only" }, slug: "no-equipment", no_equipment: true });
});

test("a stale equipment edit gets the choice to reload or overwrite", async ({ page, browser }) => {
  await signInAsAdmin(page, "/admin/content/equipment");
  await page.getByRole("link", { name: "Edit No equipment" }).click();
  await languageTab(page, "de").click();
  await expect(page.getByLabel("Name (de)")).toHaveValue("Ohne Geräte");
  const editUrl = page.url().replace(/^https?:\/\/[^/]+/, "");

  const other = await newSignedInPage(browser, editUrl);
  await languageTab(other, "fr").click();
  await other.getByLabel("Name (fr)").fill("Aucun équipement");
  await other.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(other, "Saved “No equipment”.")).toBeVisible();
  await other.context().close();

  await page.getByLabel("Name (de)").fill("Ohne Ausrüstung");
  await page.getByRole("button", { name: "Save changes" }).click();
  const conflict = page.getByRole("dialog", { name: "Someone else changed this record" });
  await expect(conflict).toBeVisible();
  await conflict.getByRole("button", { name: "Reload their version" }).click();
  // Their version opens in the language that was in view.
  await expect(languageTab(page, "de")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Name (de)")).toHaveValue("Ohne Geräte");
  await languageTab(page, "fr").click();
  await expect(page.getByLabel("Name (fr)")).toHaveValue("Aucun équipement");
  await languageTab(page, "de").click();
  await expect(page.getByLabel("Name (de)")).toHaveValue("Ohne Geräte");

  await page.getByLabel("Name (de)").fill("Ohne Ausrüstung");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Saved “No equipment”.")).toBeVisible();
  const list = await apiGet<{ data: Equipment[] }>(page, "/content/equipment?filter[where][slug][eq]=no-equipment");
  expect((await apiGet<Equipment>(page, `/content/equipment/${list.data[0]!.id}?lang=en,de,fr&texts=all`)).name).toMatchObject({ en: "No equipment", de: "Ohne Ausrüstung", fr: "Aucun équipement" });
});
