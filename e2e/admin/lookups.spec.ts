import { expect, test } from "@playwright/test";
import { expectNoA11yViolations, languageTab, newSignedInPage, signInAsAdmin, toast } from "./support";

test("an editor creates, filters, edits and deletes a muscle group", async ({ page }) => {
  // A whole working session (four records, filters, sorting, two languages, deletes).
  test.slow();
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Muscle groups" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Muscle groups" })).toBeVisible();
  await expectNoA11yViolations(page);

  // Create, with a server-side check (the slug rule) shown on its field first.
  await page.getByRole("link", { name: "New muscle group" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New muscle group" })).toBeVisible();
  await page.getByRole("button", { name: "Create muscle group" }).click();
  await expect(page.getByText("Enter the name in en, the default language")).toBeVisible();
  await page.getByLabel("Name (en, default)").fill("Rear delts");
  await languageTab(page, "de").click();
  await page.getByLabel("Name (de)").fill("Hintere Schulter");
  await page.getByLabel("Slug").fill("Rear Delts!");
  await page.getByRole("button", { name: "Create muscle group" }).click();
  await expect(page.getByText("must be lowercase letters and digits separated by single dashes")).toBeVisible();
  await page.getByLabel("Slug").fill("");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Create muscle group" }).click();
  await expect(toast(page, "Created “Rear delts”.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Muscle groups" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "rear-delts" })).toBeVisible();

  // A second record, so the filter has something to leave out.
  await page.getByRole("link", { name: "New muscle group" }).click();
  await page.getByLabel("Name (en, default)").fill("Calves");
  await page.getByRole("button", { name: "Create muscle group" }).click();
  await expect(toast(page, "Created “Calves”.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Calves", exact: true })).toBeVisible();

  // The API's refusal lands on the field it names (409, detail /slug), and leaving asks first.
  await page.getByRole("link", { name: "New muscle group" }).click();
  await page.getByLabel("Name (en, default)").fill("Calf raises");
  await page.getByLabel("Slug").fill("calves");
  await page.getByRole("button", { name: "Create muscle group" }).click();
  await expect(page.getByLabel("Slug")).toHaveAccessibleDescription("is already taken");
  await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  const warnings: string[] = [];
  page.once("dialog", (warning) => {
    warnings.push(warning.message());
    void warning.dismiss();
  });
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Body parts" }).click();
  expect(warnings).toEqual(["You have unsaved changes. Leave this page and lose them?"]);
  await expect(page.getByRole("heading", { level: 1, name: "New muscle group" })).toBeVisible();
  await expect(page.getByLabel("Name (en, default)")).toHaveValue("Calf raises");
  // The browser's back button asks as well; staying keeps the page and what was typed.
  const backWarning = page.waitForEvent("dialog");
  await page.evaluate(() => window.history.back());
  const stay = await backWarning;
  expect(stay.message()).toBe("You have unsaved changes. Leave this page and lose them?");
  await stay.dismiss();
  await expect(page).toHaveURL(/\/admin\/content\/muscle-groups\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "New muscle group" })).toBeVisible();
  await expect(page.getByLabel("Name (en, default)")).toHaveValue("Calf raises");
  await expect(page.getByLabel("Slug")).toHaveValue("calves");
  page.once("dialog", (confirm) => void confirm.accept());
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Muscle groups" })).toBeVisible();

  // Filter: the search is in the address, so the view can be shared.
  await page.getByRole("searchbox", { name: "Search" }).fill("hintere");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/filter\[where\]\[q\]\[contains\]=hintere/);
  await expect(page.getByRole("link", { name: "Rear delts", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Calves", exact: true })).toHaveCount(0);
  await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();
  const shared = await newSignedInPage(page.context().browser()!, page.url().replace(/^https?:\/\/[^/]+/, ""));
  await expect(shared.getByRole("searchbox", { name: "Search" })).toHaveValue("hintere");
  await expect(shared.getByRole("link", { name: "Rear delts", exact: true })).toBeVisible();
  await expect(shared.getByRole("link", { name: "Calves", exact: true })).toHaveCount(0);
  await shared.context().close();

  // Sorting by name, descending.
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page).not.toHaveURL(/hintere/);
  await page.getByLabel("Sort by").selectOption("name:desc");
  await expect(page).toHaveURL(/filter\[order\]\[name\]=desc/);
  await expect(page.getByRole("row").nth(1)).toContainText("Rear delts");
  const nameHeader = page.getByRole("columnheader", { name: "Name" });
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("columnheader", { name: "Slug" })).toHaveAttribute("aria-sort", "none");
  // The column heading sorts too: a click on the current column turns the order around.
  await nameHeader.getByRole("button").click();
  await expect(page).toHaveURL(/filter\[order\]\[name\]=asc/);
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByRole("row").nth(1)).toContainText("Calves");
  await expect(page.getByLabel("Sort by")).toHaveValue("name:asc");
  await page.getByRole("columnheader", { name: "Slug" }).getByRole("button").click();
  await expect(page).toHaveURL(/filter\[order\]\[slug\]=asc/);
  await expect(page.getByRole("row").nth(1)).toContainText("calves");
  await nameHeader.getByRole("button").click();
  await expect(page).toHaveURL(/filter\[order\]\[name\]=asc/);
  await nameHeader.getByRole("button").click();
  await expect(page).toHaveURL(/filter\[order\]\[name\]=desc/);

  // Edit: the German name and the slug.
  await page.getByRole("link", { name: "Edit Rear delts" }).click();
  await languageTab(page, "de").click();
  await expect(page.getByLabel("Name (de)")).toHaveValue("Hintere Schulter");
  await page.getByLabel("Name (de)").fill("Hinterer Deltamuskel");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Saved “Rear delts”.")).toBeVisible();

  // The content language switcher shows the list in German.
  await page.getByLabel("Content language").selectOption("de");
  await expect(page.getByRole("link", { name: "Hinterer Deltamuskel", exact: true })).toBeVisible();
  await page.getByLabel("Content language").selectOption("en");

  // Delete, after confirming.
  await page.getByRole("button", { name: "Delete Rear delts" }).click();
  const confirmDelete = page.getByRole("dialog", { name: "Delete muscle group?" });
  await expect(confirmDelete).toBeVisible();
  await expectNoA11yViolations(page);
  await confirmDelete.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Deleted “Rear delts”.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Rear delts", exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("link", { name: "Calves", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Rear delts", exact: true })).toHaveCount(0);
});

test("a stale edit from a second browser gets the choice to reload or overwrite", async ({ page, browser }) => {
  await signInAsAdmin(page, "/admin/content/goals/new");
  await page.getByLabel("Name (en, default)").fill("Mobility");
  await page.getByRole("button", { name: "Create fitness goal" }).click();
  await expect(toast(page, "Created “Mobility”.")).toBeVisible();

  await page.getByRole("link", { name: "Edit Mobility" }).click();
  await expect(page.getByLabel("Name (en, default)")).toHaveValue("Mobility");
  const editUrl = page.url().replace(/^https?:\/\/[^/]+/, "");

  // Someone else saves first.
  const other = await newSignedInPage(browser, editUrl);
  await languageTab(other, "fr").click();
  await other.getByLabel("Name (fr)").fill("Mobilité");
  await other.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(other, "Saved “Mobility”.")).toBeVisible();

  await languageTab(page, "de").click();
  await page.getByLabel("Name (de)").fill("Beweglichkeit");
  await page.getByRole("button", { name: "Save changes" }).click();
  const conflict = page.getByRole("dialog", { name: "Someone else changed this record" });
  await expect(conflict).toBeVisible();
  // What they changed: the field, its language and the new value.
  const theirs = conflict.getByRole("region", { name: "Their changes" });
  await expect(theirs.getByRole("term")).toHaveText(["Name (fr)"]);
  await expect(theirs.getByRole("definition")).toHaveText(["“Mobilité”"]);
  await expectNoA11yViolations(page);

  // Reload shows their version; a second stale save is then impossible: the form holds the new ETag.
  await conflict.getByRole("button", { name: "Reload their version" }).click();
  await languageTab(page, "fr").click();
  await expect(page.getByLabel("Name (fr)")).toHaveValue("Mobilité");
  await languageTab(page, "de").click();
  await expect(page.getByLabel("Name (de)")).toHaveValue("");

  // They change it again; this time the person overwrites.
  await other.goto(editUrl);
  await languageTab(other, "fr").click();
  await other.getByLabel("Name (fr)").fill("Souplesse");
  await other.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(other, "Saved “Mobility”.")).toBeVisible();
  await page.getByLabel("Name (de)").fill("Beweglichkeit");
  await page.getByRole("button", { name: "Save changes" }).click();
  await conflict.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(toast(page, "Saved “Mobility”.")).toBeVisible();

  await other.goto(`${editUrl}?lang=de`);
  await expect(other.getByLabel("Name (de)")).toHaveValue("Beweglichkeit");
  await languageTab(other, "fr").click();
  await expect(other.getByLabel("Name (fr)")).toHaveValue("Mobilité");
  await other.context().close();
});

test("the content collections list with filters and badges; keyboard users can skip to the content", async ({ page }) => {
  await signInAsAdmin(page, "/admin/content/workouts");
  await expect(page.getByRole("heading", { level: 1, name: "Workouts" })).toBeVisible();
  await expect(page.getByLabel("Status")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/filter\[where\]\[status\]=published/);
  await expect(page.getByText("Nothing found.")).toBeVisible();

  await page.goto("/admin/content/exercises");
  await expect(page.getByRole("heading", { level: 1, name: "Exercises" })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main")).toBeFocused();
});

test("the shell works on a tablet: navigation, organization, user and no sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("E2E Fitness");
  await expect(page.getByRole("banner")).toContainText("admin@e2e.test");
  await expectNoA11yViolations(page);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Training plans" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Training plans" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Training plans" })).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await page.setViewportSize({ width: 600, height: 900 });
  await expect(page.getByRole("navigation", { name: "Collections" })).toBeVisible();
});

test("the back button leaves an edited form once the person confirms", async ({ page }) => {
  await signInAsAdmin(page, "/admin/content/body-parts");
  await page.getByRole("link", { name: "New body part" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New body part" })).toBeVisible();
  // Nothing typed yet: back just goes back.
  await page.evaluate(() => window.history.back());
  await expect(page.getByRole("heading", { level: 1, name: "Body parts" })).toBeVisible();
  await page.getByRole("link", { name: "New body part" }).click();
  await page.getByLabel("Name (en, default)").fill("Lower back");
  const warning = page.waitForEvent("dialog");
  await page.evaluate(() => window.history.back());
  await (await warning).accept();
  await expect(page.getByRole("heading", { level: 1, name: "Body parts" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content\/body-parts$/);
  await expect(page.getByText("Nothing found.")).toBeVisible();
});
