import { expect, test } from "@playwright/test";
import { apiGet, apiPost, expectImageLoaded, pickWithKeyboard, png } from "./content-support";
import { expectNoA11yViolations, signInAsAdmin, toast } from "./support";

type Instructor = { id: string; name: string; gender: string | null; user_id: string | null; photo: { id: string; name: string } | null };

test("an admin creates an instructor with photo and linked user, edits and deletes it", async ({ page }) => {
  await signInAsAdmin(page);
  const coach = await apiPost<{ id: string }>(page, "/users", { email: "mara.coach@e2e.test", password: "a long passphrase", role: "editor" });
  await apiPost(page, "/users", { email: "other.coach@e2e.test", password: "a long passphrase", role: "editor" });

  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Instructors" }).click();
  await page.getByRole("link", { name: "New instructor" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New instructor" })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Create instructor" }).click();
  await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Enter the name");
  await page.getByLabel("Name").fill("Mara Lind");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel("Upload photo").setInputFiles({ name: "mara.png", mimeType: "image/png", buffer: await png(300, 300, { r: 30, g: 120, b: 200 }) });
  await expectImageLoaded(page, "mara.png");
  await pickWithKeyboard(page, "Linked user", "mara", "mara.coach@e2e.test");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Create instructor" }).click();
  await expect(toast(page, "Created “Mara Lind”.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Mara Lind", exact: true })).toBeVisible();

  const found = await apiGet<{ data: Instructor[] }>(page, "/content/instructors?filter[where][name][eq]=Mara Lind");
  const mara = found.data[0]!;
  expect(mara).toMatchObject({ name: "Mara Lind", gender: "female", user_id: coach.id, photo: { name: "mara.png" } });

  // Edit: the linked user shows by email; the link is replaced, the photo removed, the gender cleared.
  await page.getByRole("link", { name: "Edit Mara Lind" }).click();
  await expect(page.getByRole("list", { name: "Chosen linked user" })).toContainText("mara.coach@e2e.test");
  await expectImageLoaded(page, "mara.png");
  await pickWithKeyboard(page, "Linked user", "other", "other.coach@e2e.test");
  await expect(page.getByRole("list", { name: "Chosen linked user" })).not.toContainText("mara.coach@e2e.test");
  await page.getByRole("button", { name: "Remove photo mara.png" }).click();
  await page.getByLabel("Gender").selectOption("");
  await page.getByLabel("Name").fill("Mara Lind-Berg");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Saved “Mara Lind-Berg”.")).toBeVisible();
  const other = await apiGet<{ data: { id: string; email: string }[] }>(page, "/users?filter[where][email][eq]=other.coach@e2e.test");
  expect(await apiGet<Instructor>(page, `/content/instructors/${mara.id}`)).toMatchObject({ name: "Mara Lind-Berg", gender: null, photo: null, user_id: other.data[0]!.id });

  await page.getByRole("button", { name: "Delete Mara Lind-Berg" }).click();
  await page.getByRole("dialog", { name: "Delete instructor?" }).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Deleted “Mara Lind-Berg”.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Nothing found.")).toBeVisible();
});
