import { readFile, writeFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { apiLogin, bearer, createViaApi } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoA11yViolations, signInAsAdmin } from "./support";

/**
 * Translation exchange on the translation queue (docs/api.md "Translation exchange (XLIFF)"): an admin
 * exports the untranslated fitness goals as XLIFF, a CAT tool (here: a script) fills one German
 * target, and importing the file writes it; the queue no longer lists the goal.
 */
const GOAL = `Balance ${Date.now()}`;

test("exports untranslated goals as XLIFF and imports the translated file", async ({ page, request }, testInfo) => {
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const goal = await createViaApi<{ id: number }>(request, token, "/content/goals", { name: { en: GOAL } });

  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Translation queue" }).click();
  await page.getByLabel("Language", { exact: true }).selectOption("de");
  await page.getByLabel("Collection", { exact: true }).selectOption("goals");
  await expect(page.getByRole("row").filter({ has: page.getByText(GOAL) })).toContainText("Not translated");
  const exchange = page.getByRole("region", { name: "Exchange with a CAT tool (XLIFF 2.1)" });
  await exchange.getByLabel("Records to export").selectOption("untranslated");
  const [download] = await Promise.all([page.waitForEvent("download"), exchange.getByRole("link", { name: "Export XLIFF (de)" }).click()]);
  expect(download.suggestedFilename()).toBe("goals-de.xlf");
  const exported = await readFile(await download.path(), "utf8");
  expect(exported).toContain(`<unit id="${goal.id}.name" name="/name">`);

  // The CAT tool: a German target for our goal's name only.
  const translated = exported.replace(
    new RegExp(`(<unit id="${goal.id}\\.name"[\\s\\S]*?<source xml:space="preserve">[^<]*</source>)</segment>`),
    `$1<target xml:space="preserve">Gleichgewicht</target></segment>`,
  );
  expect(translated).not.toBe(exported);
  const file = testInfo.outputPath("goals-de.xlf");
  await writeFile(file, translated);
  await exchange.getByLabel("Translated XLIFF file").setInputFiles(file);
  await exchange.getByRole("button", { name: "Import XLIFF" }).click();
  await expect(exchange.getByRole("status")).toContainText("Imported de: 1 texts written in 1 records");
  await expect(page.getByRole("row").filter({ has: page.getByText(GOAL) })).toHaveCount(0);
  await expectNoA11yViolations(page);

  const stored = await request.get(`/api/v3/content/goals/${goal.id}?lang=de`, { headers: bearer(token) });
  expect(((await stored.json()) as { name: Record<string, string> }).name).toEqual({ default: GOAL, de: "Gleichgewicht" });

  // A file that names a unit the organization does not have is refused, naming it.
  const unknown = testInfo.outputPath("unknown-unit.xlf");
  await writeFile(unknown, translated.replace(`<unit id="${goal.id}.name"`, `<unit id="2147480000.name"`));
  await exchange.getByLabel("Translated XLIFF file").setInputFiles(unknown);
  await exchange.getByRole("button", { name: "Import XLIFF" }).click();
  await expect(exchange.getByRole("alert")).toContainText("2147480000.name: unknown unit: no fitness goal with id 2147480000");
});
