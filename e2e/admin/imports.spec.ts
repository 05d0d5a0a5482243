import { writeFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { apiLogin, bearer } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoSeriousA11yViolations, signInAsAdmin } from "./support";

/**
 * The import screen (docs/admin.md "Import"): an admin picks a CSV file of fitness goals, sees its
 * first lines, maps its columns (one renamed, one left out, one matched by itself), checks it with a
 * dry run that reports an invalid line and writes nothing, then imports the valid lines while the
 * progress bar shows, and the API serves what was imported.
 */
const RUN = Date.now();
const GOALS = 30;

test("a CSV import with a column mapping, a dry run, then the real run with its progress", async ({ page, request }, testInfo) => {
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const rows = Array.from({ length: GOALS }, (_, index) => `Imported goal ${RUN} ${index + 1},blue,imported-${RUN}-${index + 1},Importiertes Ziel ${index + 1}`);
  // Line 12 of the file has no name: invalid.
  rows.splice(10, 0, `,red,imported-${RUN}-nameless,Ohne Namen`);
  const file = testInfo.outputPath("goals.csv");
  await writeFile(file, `Title,Colour,Slug,Titel (de)\n${rows.join("\n")}\n`);

  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Import content" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import content" })).toBeVisible();
  await page.getByLabel("Records to import").selectOption("goals");
  await page.getByLabel("CSV or JSON Lines file").setInputFiles(file);

  const preview = page.getByRole("region", { name: "The file's first lines and what each column is imported as" });
  await expect(preview.getByRole("cell", { name: `Imported goal ${RUN} 1`, exact: true })).toBeVisible();
  await expect(preview.getByLabel("Import “Slug” as")).toHaveValue("slug");
  await expect(preview.getByLabel("Import “Colour” as")).toHaveValue("");
  await expect(page.getByText("Choose the column that holds the name.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  await preview.getByLabel("Import “Title” as").selectOption("name");
  await preview.getByLabel("Import “Titel (de)” as").selectOption("name:de");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Check the file (dry run)" }).click();
  await expect(page.getByRole("progressbar", { name: "Check progress" })).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByRole("status").filter({ hasText: "Check finished" })).toHaveText(
    `Check finished: ${GOALS + 1} lines, ${GOALS} would be created, 0 would be updated, 1 invalid. Nothing was written.`,
  );
  await expect(page.getByRole("region", { name: "Invalid lines" }).getByRole("row").nth(1)).toHaveText(/^12\/name: /);
  const before = await request.get(`/api/v3/content/goals?filter[where][slug][contains]=imported-${RUN}`, { headers: bearer(token) });
  expect((await before.json()).total).toBe(0);

  await page.getByLabel("Write every line or, when one is invalid, none").uncheck();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByRole("status").filter({ hasText: "Import finished" })).toHaveText(
    `Import finished: ${GOALS + 1} lines, ${GOALS} created, 0 updated, 1 invalid. The records were written.`,
  );

  const imported = await request.get(`/api/v3/content/goals?filter[where][slug][contains]=imported-${RUN}&filter[limit]=100`, { headers: bearer(token) });
  const goals = ((await imported.json()) as { data: { id: number; slug: string }[] }).data;
  const first = goals.find((goal) => goal.slug === `imported-${RUN}-1`);
  const german = first ? await (await request.get(`/api/v3/content/goals/${first.id}?lang=de`, { headers: bearer(token) })).json() : undefined;
  expect(goals).toHaveLength(GOALS);
  expect(german?.name).toEqual({ default: `Imported goal ${RUN} 1`, de: "Importiertes Ziel 1" });
});
