import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { apiLogin, bearer, signInAs, uploadViaApi, type UploadRecord } from "./api-setup";
import { E2E_ADMIN } from "./credentials";
import { expectNoSeriousA11yViolations, signInAsAdmin, toast } from "./support";

/**
 * The crop formats of an image (ADR 11; docs/api.md "Uploads"): an editor moves and resizes the
 * square crop by mouse and keyboard, saves, and both the API's `metadata.formats.square` and the
 * thumbnails the CDN route serves follow.
 */
const NAME = "split-colours.png";

/** 400 × 200: the left half red, the right half blue, so which half a crop covers shows in its pixels. */
async function splitImage(): Promise<Buffer> {
  const half = (colour: string) => sharp({ create: { width: 200, height: 200, channels: 3, background: colour } }).png().toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: "#000000" } })
    .composite([
      { input: await half("#ff0000"), left: 0, top: 0 },
      { input: await half("#0000ff"), left: 200, top: 0 },
    ])
    .png()
    .toBuffer();
}

/** The average colour of an image fetched from `url`. */
async function averageColour(request: APIRequestContext, url: string): Promise<{ red: number; blue: number; width: number; height: number }> {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  const image = sharp(await response.body());
  const [{ width = 0, height = 0 }, stats] = await Promise.all([image.metadata(), image.stats()]);
  return { red: stats.channels[0]!.mean, blue: stats.channels[2]!.mean, width, height };
}

let upload: UploadRecord;

// The tests share one upload and build on its saved crops.
test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  upload = await uploadViaApi(request, token, NAME, "image/png", await splitImage());
});

test("an editor moves the square crop by mouse and keyboard, saves, and the API and thumbnails follow", async ({ page, request }) => {
  // Two sign-ins, image work on the server and three accessibility scans: more than the default budget under load.
  test.setTimeout(90_000);
  expect(upload.metadata.formats.square).toEqual({ x: 100, y: 0, width: 200, height: 200 });
  const before = await averageColour(request, `${upload.url}&style=square`);
  expect(before.red).toBeGreaterThan(100);
  expect(before.blue).toBeGreaterThan(100);

  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "Images" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Images" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: `Crop formats of ${NAME}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Crop formats" })).toBeVisible();
  await expect(page.getByText("400 × 200 px")).toBeVisible();
  await page.getByRole("radio", { name: "Square 1:1" }).check();
  const crop = page.getByRole("button", { name: /^Square crop:/ });
  await expect(crop).toHaveAccessibleName("Square crop: 200 × 200 at x 100, y 0");
  await expectNoSeriousA11yViolations(page);

  // Mouse: drag the frame to the left edge, then make it smaller by its corner; the ratio holds.
  const box = (await crop.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 400, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(crop).toHaveAccessibleName("Square crop: 200 × 200 at x 0, y 0");
  const handle = page.getByTestId("crop-resize-handle");
  const corner = (await handle.boundingBox())!;
  await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
  await page.mouse.down();
  await page.mouse.move(corner.x - box.width / 2, corner.y - box.height / 2, { steps: 5 });
  await page.mouse.up();
  const resized = (await crop.getAttribute("aria-label"))!.match(/^Square crop: (\d+) × (\d+) at x 0, y 0$/);
  expect(resized).not.toBeNull();
  expect(Number(resized![1])).toBeLessThan(150);
  expect(resized![1]).toBe(resized![2]);
  await expect(page.getByRole("radio", { name: /Square 1:1 \(changed\)/ })).toBeChecked();

  // Reset to the centred default, then move with the keyboard to the right edge (over the blue half).
  await page.getByRole("button", { name: "Reset square to the centred default" }).click();
  await expect(crop).toHaveAccessibleName("Square crop: 200 × 200 at x 100, y 0");
  await crop.focus();
  await page.keyboard.press("ArrowRight");
  await expect(crop).toHaveAccessibleName("Square crop: 200 × 200 at x 104, y 0");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(crop).toHaveAccessibleName("Square crop: 200 × 200 at x 200, y 0");
  await page.getByRole("button", { name: "Save crops" }).click();
  await expect(toast(page, `Saved the crops of ${NAME}.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Save crops" })).toBeDisabled();

  // The API stores the new crop and leaves the other formats alone.
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const stored = (await (await request.get(`/api/v3/uploads/${upload.id}`, { headers: bearer(token) })).json()) as UploadRecord;
  expect(stored.metadata.formats).toEqual({ ...upload.metadata.formats, square: { x: 200, y: 0, width: 200, height: 200 } });

  // The served square thumbnail is now all blue, at its own size and in the preview the screen shows.
  const after = await averageColour(request, `${stored.url}&style=square`);
  expect(after).toMatchObject({ width: 200, height: 200 });
  expect(after.red).toBeLessThan(5);
  expect(after.blue).toBeGreaterThan(250);
  const preview = page.getByRole("img", { name: "Saved square thumbnail, size xs" });
  await expect(preview).toHaveAttribute("src", /style=square&size=xs/);
  const previewColour = await averageColour(request, (await preview.getAttribute("src"))!);
  expect(previewColour).toMatchObject({ width: 440, height: 440 });
  expect(previewColour.red).toBeLessThan(5);
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(440);
  await expectNoSeriousA11yViolations(page);
});

test("a save over someone else's newer crop asks first, and reloading shows theirs", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, `/admin/media/${upload.id}`);
  await page.getByRole("radio", { name: "Landscape 7:5" }).check();
  const crop = page.getByRole("button", { name: /^Landscape crop:/ });
  await expect(crop).toHaveAccessibleName("Landscape crop: 280 × 200 at x 60, y 0");
  await crop.focus();
  await page.keyboard.press("Home");
  await expect(crop).toHaveAccessibleName("Landscape crop: 280 × 200 at x 0, y 0");

  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const theirs = { x: 120, y: 0, width: 280, height: 200 };
  const meanwhile = await request.patch(`/api/v3/uploads/${upload.id}`, { headers: bearer(token), data: { metadata: { formats: { landscape: theirs } } } });
  expect(meanwhile.status()).toBe(200);

  await page.getByRole("button", { name: "Save crops" }).click();
  const conflict = page.getByRole("dialog", { name: "Someone else changed this record" });
  await expect(conflict).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await conflict.getByRole("button", { name: "Reload their version" }).click();
  await expect(crop).toHaveAccessibleName("Landscape crop: 280 × 200 at x 120, y 0");
  await expect(page.getByRole("radio", { name: "Landscape 7:5" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Save crops" })).toBeDisabled();

  // Other thumbnail sizes come from the same route.
  await page.getByLabel("Thumbnail size").selectOption("s");
  const preview = page.getByRole("img", { name: "Saved landscape thumbnail, size s" });
  await expect(preview).toHaveAttribute("src", /style=landscape&size=s/);
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(680);
});

test("a translator sees the crops but cannot change them", async ({ page, request }) => {
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const translator = { email: "translator-crops@e2e.test", password: "translator-crops-password" };
  const created = await request.post("/api/v3/users", { headers: bearer(token), data: { ...translator, role: "translator", languages: ["fr"] } });
  expect(created.status()).toBe(201);
  await signInAs(page, translator.email, translator.password, `/admin/media/${upload.id}`);
  await expect(page.getByText("Only admins and editors can change crops; you can look at them.")).toBeVisible();
  const crop = page.getByRole("button", { name: /^Square crop:/ });
  const before = await crop.getAttribute("aria-label");
  await crop.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(crop).toHaveAccessibleName(before!);
  await expect(page.getByRole("button", { name: "Save crops" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
