import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { apiLogin, bearer, createViaApi, createWorkoutViaApi, signInAs, uploadViaApi } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoA11yViolations, toast } from "./support";

/**
 * Scheduling from the status panel and the calendar of upcoming changes (docs/decisions/0029): an
 * editor in Berlin schedules German to be published at 06:00 their time, is told when a time is in the
 * past, sees the change in the record's status panel and in the calendar under its day, and cancels it
 * there.
 */
const EDITOR = { email: "schedule.editor@e2e.test", password: "a long passphrase" };
const TITLE = "Launch day";
const ZONE = "Europe/Berlin";
// A morning in January of next year: always ahead, and in Berlin's winter time (UTC+1).
const YEAR = new Date().getUTCFullYear() + 1;
const LOCAL_WHEN = `${YEAR}-01-15T06:00`;
const AT = `${YEAR}-01-15T05:00:00.000Z`;

test.use({ timezoneId: ZONE });

let workoutId: string;

async function adminToken(request: APIRequestContext) {
  return apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
}

async function schedulesOf(request: APIRequestContext) {
  const response = await request.get(`/api/v3/content/workouts/${workoutId}/schedules`, { headers: bearer(await adminToken(request)) });
  expect(response.status()).toBe(200);
  return (await response.json()) as { total: number; data: { at: string; changes: unknown[]; state: string; created_by: { email: string } | null }[] };
}

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  await createViaApi(request, token, "/users", { ...EDITOR, role: "editor" });
  const image = await uploadViaApi(request, token, "launch.png", "image/png", await sharp({ create: { width: 320, height: 200, channels: 3, background: "#b45309" } }).png().toBuffer());
  workoutId = (await createWorkoutViaApi(request, token, image.id, { title: { en: TITLE, de: "Starttag" }, description: { en: "Ready for Monday.", de: "Bereit für Montag." } })).id;
});

test("an editor schedules German from the status panel, finds it in the calendar and cancels it", async ({ page, request }) => {
  await signInAs(page, EDITOR.email, EDITOR.password, `/admin/translations/workouts/${workoutId}?language=de`);
  await expect(page.getByText(`Nothing is scheduled for this workout.`)).toBeVisible();

  await page.getByRole("button", { name: "Schedule a change of de" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule a change of de" });
  const when = dialog.getByLabel(`When (your time, ${ZONE})`);
  await expect(dialog.getByLabel("Change to")).toHaveValue("published");
  // A time in the past: the API's refusal lands on the time.
  await when.fill("2020-01-01T06:00");
  await dialog.getByRole("button", { name: "Schedule" }).click();
  await expect(when).toHaveAccessibleDescription("is in the past");
  await expectNoA11yViolations(page);

  await when.fill(LOCAL_WHEN);
  await dialog.getByRole("button", { name: "Schedule" }).click();
  await expect(toast(page, /^Scheduled de: published at /)).toBeVisible();
  await expect(dialog).toBeHidden();
  const upcoming = page.getByRole("table", { name: "Scheduled changes of this record, soonest first" });
  await expect(upcoming.getByRole("row").nth(1).getByRole("cell")).toHaveText([`15 Jan ${YEAR}, 06:00`, "de → published", EDITOR.email, "pending", "Cancel"], { useInnerText: true });

  // The API holds the moment the editor meant: 06:00 in Berlin.
  const stored = await schedulesOf(request);
  expect(stored.data.map(({ at, changes, state, created_by }) => ({ at, changes, state, by: created_by?.email }))).toEqual([
    { at: AT, changes: [{ language: "de", status: "published" }], state: "pending", by: EDITOR.email },
  ]);

  // The calendar is a screen of the navigation, so the command palette finds it too.
  await page.keyboard.press("Control+k");
  await page.keyboard.type("scheduled");
  await expect(page.getByRole("listbox", { name: "Results" }).getByRole("option").first()).toHaveText(/^Scheduled changes\s*Screen$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Scheduled changes" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Scheduled changes" })).toHaveAttribute("aria-current", "page");
  const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeZone: ZONE }).format(new Date(AT));
  await expect(page.getByRole("heading", { level: 2, name: day })).toBeVisible();
  const calendar = page.getByRole("table", { name: `Scheduled changes on ${day}` });
  const row = calendar.getByRole("row").filter({ hasText: TITLE });
  await expect(row.getByRole("cell")).toHaveText(["06:00", `${TITLE}workout`, "de → published", EDITOR.email, "pending", "Cancel"], { useInnerText: false });
  await expectNoA11yViolations(page);

  // Filtered by collection: not among training plans, back among workouts.
  await page.getByLabel("Collection", { exact: true }).selectOption("training-plans");
  await expect(page.getByText("Nothing is scheduled here.")).toBeVisible();
  await page.getByLabel("Collection", { exact: true }).selectOption("workouts");
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: `Cancel de → published of ${TITLE} at 06:00` }).click();
  await expect(toast(page, `Cancelled the change of ${TITLE} at 06:00.`)).toBeVisible();
  await expect(page.getByText("Nothing is scheduled here.")).toBeVisible();
  expect((await schedulesOf(request)).total).toBe(0);
});
