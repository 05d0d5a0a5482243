import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, signInAsAdmin, toast } from "./support";

const API_KEY = "pk_live_e2e-9f8e7d6c5b4a-QRST";

test("an admin connects an integration, sees its secret masked, edits it keeping the secret, and removes it", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Integrations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Integrations" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "No connections yet." })).toBeVisible();
  const connect = page.getByRole("form", { name: "Connect Generic HTTP content provider" });
  await expectNoSeriousA11yViolations(page);

  // The form checks required settings before anything is sent.
  await connect.getByRole("button", { name: "Connect" }).click();
  await expect(connect.getByLabel("Name")).toHaveAccessibleDescription("must not be empty");
  await expect(connect.getByLabel("Base URL")).toHaveAccessibleDescription("Base URL is required");
  await expect(connect.getByLabel("API key")).toHaveAccessibleDescription("API key is required");

  // The API's own checks land on the field they name: the URL and the header lines.
  await connect.getByLabel("Name").fill("Partner catalogue");
  await connect.getByLabel("Base URL").fill("ftp://files.provider.example");
  await connect.getByLabel("API key").fill(API_KEY);
  await connect.getByLabel("Custom connection headers (optional)").fill("Host: evil.example");
  await connect.getByRole("button", { name: "Connect" }).click();
  await expect(connect.getByLabel("Base URL")).toHaveAccessibleDescription("must be an http(s) URL");
  await expect(connect.getByLabel("Custom connection headers (optional)")).toHaveAccessibleDescription("the header Host is set by the connection itself");
  await expectNoSeriousA11yViolations(page);

  await connect.getByLabel("Base URL").fill("https://api.provider.example/v1");
  await connect.getByLabel("Custom connection headers (optional)").fill("X-Tenant: e2e");
  await connect.getByRole("button", { name: "Connect" }).click();
  await expect(toast(page, "Connected “Partner catalogue”.")).toBeVisible();
  await expect(connect.getByLabel("API key")).toHaveValue("");

  // The table shows the secret masked: its last four characters only.
  const row = page.getByRole("row").filter({ hasText: "Partner catalogue" });
  await expect(row).toContainText("••••QRST");
  await expect(row).toContainText("https://api.provider.example/v1");
  await expect(page.getByText(API_KEY)).toHaveCount(0);

  // Editing without typing a secret keeps it; clearing the optional headers removes them.
  await row.getByRole("button", { name: "Edit Partner catalogue" }).click();
  const edit = page.getByRole("form", { name: "Edit Partner catalogue" });
  await expect(edit.getByLabel("API key")).toHaveValue("");
  await expect(edit.getByLabel("API key")).toHaveAccessibleDescription(/Stored encrypted \(••••QRST\)\. Leave empty to keep it/);
  await expect(edit.getByLabel("Base URL")).toHaveValue("https://api.provider.example/v1");
  await expectNoSeriousA11yViolations(page);
  await edit.getByLabel("Name").fill("Partner catalogue v2");
  await edit.getByLabel("Base URL").fill("https://api.provider.example/v2");
  await edit.getByLabel("Custom connection headers (optional)").fill("");
  await edit.getByRole("button", { name: "Save connection" }).click();
  await expect(toast(page, "Saved “Partner catalogue v2”.")).toBeVisible();
  const saved = page.getByRole("row").filter({ hasText: "Partner catalogue v2" });
  await expect(saved).toContainText("••••QRST");
  await expect(saved).toContainText("https://api.provider.example/v2");
  await expect(saved).not.toContainText("X-Tenant");

  // What the API stores agrees with the screen.
  const stored = await page.request.get("/api/v3/integrations/connections");
  expect(stored.status()).toBe(200);
  const body = (await stored.json()) as { total: number; data: { name: string; settings: { key: string; value: string }[] }[] };
  expect(body.total).toBe(1);
  expect(body.data[0]!.name).toBe("Partner catalogue v2");
  expect(body.data[0]!.settings).toEqual([
    { setting_id: "http-content.base_url", key: "base_url", value: "https://api.provider.example/v2" },
    { setting_id: "http-content.api_key", key: "api_key", value: "••••QRST" },
  ]);

  // Remove, after confirming.
  await saved.getByRole("button", { name: "Remove Partner catalogue v2" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove connection?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(toast(page, "Removed “Partner catalogue v2”.")).toBeVisible();
  await expect(page.getByRole("cell", { name: "No connections yet." })).toBeVisible();
});
