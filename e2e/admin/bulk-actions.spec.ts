import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { apiLogin, bearer, createWorkoutViaApi, uploadViaApi } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoA11yViolations, signInAsAdmin, toast } from "./support";

test("rows selected in a list are published in German together, then deleted together, each after a confirmation that counts them", async ({ page }) => {
  await signInAsAdmin(page);
  const token = await apiLogin(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const image = await uploadViaApi(page.request, token, "bulk.png", "image/png", await sharp({ create: { width: 64, height: 48, channels: 3, background: "#be123c" } }).png().toBuffer());
  const titles = ["Bulkprobe one", "Bulkprobe two", "Bulkprobe three"];
  const ids: string[] = [];
  for (const title of titles) {
    const workout = await createWorkoutViaApi(page.request, token, image.id, {
      title: { en: title, de: `${title} (de)` },
      description: { en: "Selected together", de: "Zusammen gewählt" },
    });
    ids.push(workout.id);
  }
  await page.goto("/admin/content/workouts?filter[where][q]=bulkprobe");
  await expect(page.getByText("Showing 1–3 of 3")).toBeVisible();
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await expect(bulk).toHaveCount(0);

  // Every row of the page, published in German.
  await page.getByRole("checkbox", { name: "Select every row on this page" }).check();
  await expect(bulk.getByText("3 selected")).toBeVisible();
  await expectNoA11yViolations(page);
  await bulk.getByLabel("Action").selectOption({ label: "Publish in de" });
  await bulk.getByRole("button", { name: "Apply…" }).click();
  const publish = page.getByRole("dialog", { name: "Publish in de: 3 workouts?" });
  await expect(publish).toContainText("This touches 3 workouts.");
  await publish.getByRole("button", { name: "Publish in de (3)" }).click();
  await expect(toast(page, "Publish in de: 3 of 3 done.")).toBeVisible();
  await expect(bulk).toHaveCount(0);
  for (const id of ids) {
    const stored = (await (await page.request.get(`/api/v3/content/workouts/${id}`, { headers: bearer(token) })).json()) as { status: Record<string, string> };
    expect(stored.status).toEqual({ default: "draft", de: "published" });
  }

  // Two rows, deleted; the third stays.
  await page.getByRole("checkbox", { name: "Select Bulkprobe one" }).check();
  await page.getByRole("checkbox", { name: "Select Bulkprobe three" }).check();
  await expect(bulk.getByText("2 selected")).toBeVisible();
  await bulk.getByLabel("Action").selectOption({ label: "Delete" });
  await bulk.getByRole("button", { name: "Apply…" }).click();
  const remove = page.getByRole("dialog", { name: "Delete: 2 workouts?" });
  await expect(remove).toContainText("This touches 2 workouts, in every language. It cannot be undone.");
  await remove.getByRole("button", { name: "Delete (2)" }).click();
  await expect(toast(page, "Delete: 2 of 2 done.")).toBeVisible();
  await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();
  await expect(page.getByRole("link", { name: "Bulkprobe two", exact: true })).toBeVisible();
});
