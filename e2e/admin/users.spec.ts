import { expect, test } from "@playwright/test";
import { specOrganizationCode } from "./api-setup";
import { expectNoSeriousA11yViolations, signInAsAdmin, toast } from "./support";

test("an admin creates a translator, changes their languages, resets the password and removes them", async ({ page, browser }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const create = page.getByRole("form", { name: "Create a user" });
  await create.getByLabel("Email").fill("translator@e2e.test");
  await create.getByLabel("Password").fill("short");
  await create.getByLabel("Role").selectOption("translator");
  await create.getByRole("checkbox", { name: "de" }).check();
  await create.getByRole("button", { name: "Create user" }).click();
  await expect(create.getByText("must be at least 8 characters")).toBeVisible();
  await create.getByLabel("Password").fill("translator-password-1");
  await create.getByRole("button", { name: "Create user" }).click();
  await expect(toast(page, "Created translator@e2e.test (translator).")).toBeVisible();
  const row = page.getByRole("row", { name: /translator@e2e\.test/ });
  await expect(row).toContainText("translator");
  await expect(row).toContainText("de");

  // The new user can sign in.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/admin/sign-in");
  await otherPage.getByLabel("Organization code").fill(specOrganizationCode());
  await otherPage.getByLabel("Email").fill("translator@e2e.test");
  await otherPage.getByLabel("Password").fill("translator-password-1");
  await otherPage.getByRole("button", { name: "Sign in" }).click();
  await expect(otherPage.getByRole("heading", { name: "Welcome" })).toBeVisible();
  // Translators see no admin screens.
  await expect(otherPage.getByRole("link", { name: "Users" })).toHaveCount(0);
  await otherPage.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Fitness goals" }).click();
  await expect(otherPage.getByRole("heading", { level: 1, name: "Fitness goals" })).toBeVisible();
  await expect(otherPage.getByRole("link", { name: "New fitness goal" })).toHaveCount(0);
  await other.close();

  await page.getByRole("button", { name: "Change role of translator@e2e.test" }).click();
  const edit = page.getByRole("dialog", { name: "Change role of translator@e2e.test" });
  await edit.getByRole("checkbox", { name: "fr" }).check();
  await edit.getByRole("button", { name: "Save role" }).click();
  await expect(row).toContainText("de, fr");

  await page.getByRole("button", { name: "Reset password of translator@e2e.test" }).click();
  const reset = page.getByRole("dialog", { name: "Reset password of translator@e2e.test" });
  await reset.getByLabel("New password").fill("another-password-2");
  await reset.getByRole("button", { name: "Set password" }).click();
  await expect(toast(page, "Set a new password for translator@e2e.test")).toBeVisible();

  await page.getByRole("button", { name: "Remove translator@e2e.test" }).click();
  await page.getByRole("dialog", { name: "Remove this user?" }).getByRole("button", { name: "Remove" }).click();
  await expect(toast(page, "Removed translator@e2e.test.")).toBeVisible();
  await expect(row).toHaveCount(0);
});
