import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, signInAsAdmin, toast } from "./support";

test("an admin issues an integration token, uses it, revokes it and sees it refused", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Integration tokens" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Integration tokens" })).toBeVisible();
  await expect(page.getByText("0 of 10")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Issue token" }).click();
  await expect(page.getByText("must not be empty")).toBeVisible();
  await page.getByLabel("Token name").fill("Partner sync");
  await page.getByRole("button", { name: "Issue token" }).click();

  const issued = page.getByRole("region", { name: "New token" });
  await expect(issued.getByText("it is shown only this once")).toBeVisible();
  const token = await issued.getByLabel("New token").inputValue();
  expect(token).toMatch(/^eyJ/);
  await issued.getByRole("button", { name: "Copy" }).click();
  await expect(issued.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expect(page.getByRole("row", { name: /Partner sync/ })).toContainText("mobile");
  await expect(page.getByText("1 of 10")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The token works against the API from any client...
  const useToken = () =>
    page.evaluate(async (bearer) => (await fetch("/api/v3/content/goals", { headers: { Authorization: `Bearer ${bearer}` }, credentials: "omit" })).status, token);
  expect(await useToken()).toBe(200);

  // ...until it is revoked.
  await issued.getByRole("button", { name: "I have stored it" }).click();
  await expect(issued).toHaveCount(0);
  await page.getByRole("button", { name: "Revoke Partner sync" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke this token?" });
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(toast(page, "Revoked “Partner sync”.")).toBeVisible();
  await expect(page.getByRole("row", { name: /Partner sync/ })).toHaveCount(0);
  expect(await useToken()).toBe(401);
});

test("the limit of ten live tokens shows before it is hit", async ({ page }) => {
  await signInAsAdmin(page, "/admin/integration-tokens");
  await expect(page.getByRole("heading", { level: 1, name: "Integration tokens" })).toBeVisible();
  // Eight issued by the API directly (same-origin with the session), the ninth and tenth through the screen.
  await page.evaluate(async () => {
    for (let index = 1; index <= 8; index += 1) {
      await fetch("/api/v3/auth/integration", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: `Bulk ${index}` }) });
    }
  });
  await page.reload();
  await expect(page.getByText("8 of 10")).toBeVisible();
  await expect(page.getByText("2 left before the limit.")).toBeVisible();
  for (const name of ["Ninth", "Tenth"]) {
    await page.getByLabel("Token name").fill(name);
    await page.getByRole("button", { name: "Issue token" }).click();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
  }
  await expect(page.getByText("The limit is reached: revoke a token before issuing another.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Issue token" })).toBeDisabled();
});
