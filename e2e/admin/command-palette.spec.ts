import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { apiLogin, createWorkoutViaApi, uploadViaApi } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoA11yViolations, signInAsAdmin, toast } from "./support";

/** The command palette and keyboard save: every step here uses the keyboard only. */

test("Ctrl+K opens the palette on any page; it finds records by name, screens and actions; arrows move, Enter opens, Escape closes", async ({ page }) => {
  await signInAsAdmin(page, "/admin/content/goals");
  const token = await apiLogin(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const image = await uploadViaApi(page.request, token, "palette.png", "image/png", await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0f766e" } }).png().toBuffer());
  const workout = await createWorkoutViaApi(page.request, token, image.id, { title: "Sunrise palette flow", description: "A record the palette finds" });
  const combobox = page.getByRole("combobox", { name: "Search records, screens and actions" });
  const options = page.getByRole("listbox", { name: "Results" }).getByRole("option");

  // A record, found through the API's search as the name is typed.
  await page.keyboard.press("Control+k");
  await expect(combobox).toBeFocused();
  await page.keyboard.type("sunrise palette");
  await expect(options.first()).toHaveText(/^Sunrise palette flow\s*Workout$/);
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expect(combobox).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
  await expectNoA11yViolations(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/content/workouts/${workout.id}$`));
  await expect(page.getByRole("form", { name: "Edit workout" })).toBeVisible();
  await expect(combobox).toBeHidden();

  // With nothing typed: home, then the screens in the navigation's order. Two steps down is Workouts.
  await page.keyboard.press("Control+k");
  await expect(options.nth(0)).toHaveText(/^Home\s*Screen$/);
  await expect(options.nth(1)).toHaveText(/^Exercises\s*Screen$/);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(2)).toHaveAttribute("aria-selected", "true");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
  await page.keyboard.press("ArrowUp");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/content\/workouts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Workouts" })).toBeVisible();

  // A screen of the organization and an action, by their names.
  await page.keyboard.press("Control+k");
  await page.keyboard.type("integration tok");
  await expect(options).toHaveText([/^Integration tokens\s*Screen$/]);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Integration tokens" })).toBeVisible();
  await page.keyboard.press("Control+k");
  await page.keyboard.type("new fitness");
  await expect(options).toHaveText([/^New fitness goal\s*Action$/]);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "New fitness goal" })).toBeVisible();

  // Escape closes without going anywhere.
  await page.keyboard.press("Control+k");
  await expect(combobox).toBeFocused();
  await page.keyboard.type("users");
  await page.keyboard.press("Escape");
  await expect(combobox).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "New fitness goal" })).toBeVisible();
});

test("Ctrl+S saves the form in focus, checks first, and the browser's own save never opens", async ({ page }) => {
  await signInAsAdmin(page, "/admin/content/goals/new");
  await expect(page.getByRole("heading", { level: 1, name: "New fitness goal" })).toBeVisible();
  await page.getByLabel("Name (en, default)").focus();
  // Nothing typed: the form's own check answers, nothing is sent.
  await page.keyboard.press("Control+s");
  await expect(page.getByText("Enter the name in en, the default language")).toBeVisible();
  await page.keyboard.type("Keyboard saved goal");
  await page.keyboard.press("Control+s");
  await expect(toast(page, "Created “Keyboard saved goal”.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Fitness goals" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Keyboard saved goal", exact: true })).toBeVisible();
});
