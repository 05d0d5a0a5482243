import { expect, test } from "@playwright/test";

test("the front page leads to the API reference", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Fitness Content Service" })).toBeVisible();

  await page.getByRole("link", { name: "API reference" }).click();

  await expect(page).toHaveURL(/\/reference$/);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  // Each operation is a disclosure whose summary names its method, path and summary.
  await expect(page.getByRole("group").filter({ has: page.getByText("/health", { exact: true }) })).toBeVisible();
});
