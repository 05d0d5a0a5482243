import { expect, test } from "@playwright/test";
import { apiPost } from "./content-support";
import { signInAsAdmin } from "./support";

/** Every record editor keeps an edit in progress in the tab until it is saved, as the workout editor does. */

test("an edit survives a reload in the lookup editor; discarding returns the stored record; choosing to leave drops it; the palette asks before leaving", async ({ page }) => {
  await signInAsAdmin(page, "/admin/content/goals");
  const goal = await apiPost<{ id: number }>(page, "/content/goals", { name: { en: "Stored goal name" } });
  await page.goto(`/admin/content/goals/${goal.id}`);
  const name = page.getByLabel("Name (en, default)");
  await expect(name).toHaveValue("Stored goal name");
  await name.fill("Typed but not saved");

  // A reload (or a crash) brings the edit back, with a notice.
  page.once("dialog", (leave) => void leave.accept());
  await page.reload();
  await expect(page.getByText(/^Restored your unsaved changes from /)).toBeVisible();
  await expect(name).toHaveValue("Typed but not saved");

  // Discarding returns to what is stored; a reload then restores nothing.
  await page.getByRole("button", { name: "Discard them" }).click();
  await expect(name).toHaveValue("Stored goal name");
  await page.reload();
  await expect(name).toHaveValue("Stored goal name");
  await expect(page.getByText(/^Restored your unsaved changes from /)).toHaveCount(0);

  // Navigating with the palette asks first; staying keeps the edit.
  await name.fill("Typed again");
  const asked: string[] = [];
  page.once("dialog", (stay) => {
    asked.push(stay.message());
    void stay.dismiss();
  });
  await page.keyboard.press("Control+k");
  await page.keyboard.type("integration tok");
  await expect(page.getByRole("option", { name: /Integration tokens/ })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect.poll(() => asked).toEqual(["You have unsaved changes. Leave this page and lose them?"]);
  await expect(name).toHaveValue("Typed again");

  // Choosing to leave (a link in the navigation) loses the edit, as the question said.
  page.once("dialog", (leave) => void leave.accept());
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Fitness goals" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fitness goals" })).toBeVisible();
  await page.goto(`/admin/content/goals/${goal.id}`);
  await expect(name).toHaveValue("Stored goal name");
  await expect(page.getByText(/^Restored your unsaved changes from /)).toHaveCount(0);
});
