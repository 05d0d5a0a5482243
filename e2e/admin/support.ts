import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";
import { specOrganizationCode } from "./api-setup";
import { E2E_ADMIN } from "./credentials";

/** Signs in through the form, as a person would, as the admin of the spec's organization, and waits for the shell. */
export async function signInAsAdmin(page: Page, next = "/admin") {
  await page.goto(`/admin/sign-in?callbackUrl=${encodeURIComponent(next)}`);
  await page.getByLabel("Organization code").fill(specOrganizationCode());
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Collections" })).toBeVisible();
}

export async function newSignedInPage(browser: Browser, next = "/admin"): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page, next);
  return page;
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join("; ")})`)).toEqual([]);
}

/**
 * No accessibility violation at all, of any impact, on the page as it is now, or in the part `include`
 * selects (a panel held to that on a page that is not yet).
 */
export async function expectNoA11yViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations.map((violation) => `${violation.impact}: ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join("; ")})`)).toEqual([]);
}

/** A toast (role=status inside the Notifications region); Next's route announcer is left out. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: text });
}

/** An editor's language tab by its code ("de"): the tabs name each language "German (de)", the default "English (en, default)". */
export function languageTab(page: Page, code: string) {
  return page.getByRole("tablist", { name: "Languages" }).getByRole("tab", { name: new RegExp(`\\(${code}(, default)?\\)`) });
}

/**
 * Releases the mouse at the end of a drag in a dnd-kit list or grid, then lets the page pass the
 * moment a person's next click could come. For 50 ms after a pointer drag ends, dnd-kit's pointer
 * sensor swallows every click on the document (its guard against the drop's own click), and a
 * keyboard Enter on a button is a click too. A test acts within that window; a person does not. The
 * wait is a timer in the page, set after dnd-kit's, so it ends after the guard is gone however busy
 * the page is.
 */
export async function dropAfterDrag(page: Page) {
  await page.mouse.up();
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 60)));
}
