import { expect, test } from "@playwright/test";
import { apiLogin, createViaApi, signInAs } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoA11yViolations, languageTab, toast } from "./support";

const TRANSLATOR = { email: "translator-forms-de@e2e.test", password: "translator-forms-password" };

test("a German translator edits only German texts in a record's form, and is pointed to the workspace", async ({ page, request }) => {
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  await createViaApi(request, token, "/users", { ...TRANSLATOR, role: "translator", languages: ["de"] });
  const goal = await createViaApi<{ id: number }>(request, token, "/content/goals", { name: { en: "Stamina", fr: "Endurance" } });

  await signInAs(page, TRANSLATOR.email, TRANSLATOR.password, `/admin/content/goals/${goal.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit fitness goal" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the translation workspace" })).toHaveAttribute("href", `/admin/translations/goals/${goal.id}`);

  // The form opens in the translator's language; the structure is read only.
  await expect(languageTab(page, "de")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Slug")).not.toBeEditable();

  // Languages the translator does not translate are read only, and say why.
  await languageTab(page, "fr").click();
  await expect(page.getByLabel("Name (fr)")).toHaveValue("Endurance");
  await expect(page.getByLabel("Name (fr)")).toHaveAttribute("readonly", "");
  await expect(page.getByLabel("Name (fr)")).toHaveAccessibleDescription("Read only: you translate de.");
  await page.getByLabel("Name (fr)").pressSequentially("x");
  await expect(page.getByLabel("Name (fr)")).toHaveValue("Endurance");
  await languageTab(page, "en").click();
  await expect(page.getByLabel("Name (en, default)")).toHaveAttribute("readonly", "");
  await languageTab(page, "de").click();
  await expect(page.getByLabel("Name (de)")).not.toHaveAttribute("readonly", "");
  await expectNoA11yViolations(page);

  await page.getByLabel("Name (de)").fill("Ausdauer");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Saved “Stamina”.")).toBeVisible();

  const stored = await request.get(`/api/v3/content/goals/${goal.id}?lang=en,de,fr&texts=all`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await stored.json()) as { name: unknown }).name).toEqual({ default: "Stamina", en: "Stamina", de: "Ausdauer", fr: "Endurance" });
});
