import { expect, test } from "@playwright/test";
import { apiLogin, bearer } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoA11yViolations, signInAsAdmin } from "./support";

/** The audit log screen (/admin/audit-log): an admin finds a change they made, narrows by action, and exports. */
test("an admin reads the audit log, filters it by action and exports it as JSON lines", async ({ page, request }) => {
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const created = await request.post("/api/v3/users", { headers: bearer(token), data: { email: "audited.editor@e2e.test", password: "a long passphrase", role: "editor" } });
  expect([201, 409]).toContain(created.status());

  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const table = page.getByRole("table", { name: /Audit log entries/ });
  await expect(table.getByRole("row", { name: /user\.created/ }).first()).toContainText("audited.editor@e2e.test");
  await expect(table.getByRole("row", { name: /auth\.signed_in/ }).first()).toContainText(E2E_ADMIN.email);
  await expectNoA11yViolations(page);

  await page.getByLabel("Action").selectOption("user.created");
  await expect(table.getByRole("row", { name: /auth\.signed_in/ })).toHaveCount(0);
  await expect(table.getByRole("row", { name: /user\.created/ }).first()).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export as JSON lines" }).click();
  const file = await download;
  const lines = (await (await file.createReadStream()).toArray()).join("").trim().split("\n");
  const entries = lines.map((line) => JSON.parse(line) as { action: string; target: { label: string | null } });
  expect(entries.length).toBeGreaterThan(0);
  expect(entries.every((entry) => entry.action === "user.created")).toBe(true);
  expect(entries.map((entry) => entry.target.label)).toContain("audited.editor@e2e.test");
});
