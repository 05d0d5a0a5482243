import { expect, type Page } from "@playwright/test";
import sharp from "sharp";

/**
 * Helpers for the content editors' specs: records the spec needs but does not test are created through
 * the API with the signed-in page's session (same origin, as the admin itself calls it).
 */
export async function apiPost<T = { id: number | string }>(page: Page, path: string, body: unknown): Promise<T> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`/api/v3${path}`, { data: body, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/**
 * Deletes records a test made, in order (users of a record before the record), where a later test of
 * the same spec, which signs in to the same organization (e2e/admin/credentials.ts), must not see them.
 */
export async function apiDeleteAll(page: Page, paths: string[]) {
  const origin = new URL(page.url()).origin;
  for (const path of paths) {
    const response = await page.request.delete(`/api/v3${path}`, { headers: { Origin: origin } });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(204);
  }
}

export async function apiGet<T = Record<string, unknown>>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v3${path}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** A small PNG of one colour. */
export function png(width: number, height: number, background = { r: 200, g: 60, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

/** A two-frame animated gif. */
export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all([{ r: 250, g: 0, b: 0 }, { r: 0, g: 0, b: 250 }].map((background) => png(120, 80, background)));
  return sharp(frames, { join: { animated: true } }).gif({ delay: [100, 100], loop: 0 }).toBuffer();
}

/** An MPEG-4 file as the upload endpoint sniffs it: an `ftyp` box with a video brand, then `mdat`. */
export function mp4(payload: number): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom", "latin1"), Buffer.from([0, 0, 2, 0]), Buffer.from("isommp41", "latin1")]);
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(8 + payload, 0);
  mdat.write("mdat", 4, "latin1");
  return Buffer.concat([ftyp, mdat, Buffer.alloc(payload, 7)]);
}

/** An mp3 file: an ID3 header and `frames` MPEG-1 Layer III frames. */
export function mp3(frames: number): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => frame)]);
}

/** Picks an option of a lookup picker by typing part of its name and pressing Enter, as a keyboard user would. */
export async function pickWithKeyboard(page: Page, label: string, search: string, option: string) {
  const combobox = page.getByRole("combobox", { name: label });
  await combobox.fill(search);
  const listbox = page.getByRole("listbox", { name: label });
  await expect(listbox).toHaveAttribute("aria-busy", "false");
  await expect(listbox.getByRole("option", { name: option, exact: true })).toBeVisible();
  // The first option is highlighted: Arrow keys move, Enter picks.
  const options = listbox.getByRole("option");
  const names = await options.allTextContents();
  for (let index = 0; index < names.indexOf(option); index++) await combobox.press("ArrowDown");
  await combobox.press("Enter");
  await expect(page.getByRole("list", { name: `Chosen ${label.toLowerCase()}` })).toContainText(option);
}

/** The image preview has loaded (the CDN served a real thumbnail). */
export async function expectImageLoaded(page: Page, name: string) {
  const preview = page.getByRole("img", { name: `Preview of ${name}` });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
}
