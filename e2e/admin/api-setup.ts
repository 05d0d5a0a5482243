import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { organizationCodeOf } from "./credentials";

/** The code of the running spec's own organization (e2e/admin/credentials.ts). */
export function specOrganizationCode(): string {
  return organizationCodeOf(test.info().file);
}

/**
 * What a spec needs to exist before a person starts, made through the public API as any client would:
 * logins, users and uploads.
 */
export async function apiLogin(request: APIRequestContext, email: string, password: string, scope: "platform" | "mobile" = "platform"): Promise<string> {
  const response = await request.post("/api/v3/auth/login", { data: { email, password, code: specOrganizationCode(), scope } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** POSTs JSON and returns the created record (201 expected). */
export async function createViaApi<T = Record<string, unknown>>(request: APIRequestContext, token: string, path: string, body: unknown): Promise<T> {
  const response = await request.post(`/api/v3${path}`, { headers: bearer(token), data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** A draft workout with no phases, made through the API: `texts` are its title and description (strings or per language). */
export async function createWorkoutViaApi(request: APIRequestContext, token: string, image: string, texts: { title: unknown; description: unknown }): Promise<{ id: string }> {
  return createViaApi<{ id: string }>(request, token, "/content/workouts", {
    ...texts,
    image,
    gender: "female",
    level: "beginner",
    types: [],
    goals: [],
    body_parts: [],
    locations: ["home"],
    duration: "16-30",
    phases: [],
  });
}

export type UploadRecord = { id: string; name: string; url: string; metadata: { width: number; height: number; formats: Record<string, { x: number; y: number; width: number; height: number }> } };

export async function uploadViaApi(request: APIRequestContext, token: string, name: string, mimeType: string, buffer: Buffer): Promise<UploadRecord> {
  const response = await request.post("/api/v3/uploads", { headers: bearer(token), multipart: { file: { name, mimeType, buffer } } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as UploadRecord;
}

/** Signs in through the form as any user of the spec's organization and waits for the shell. */
export async function signInAs(page: Page, email: string, password: string, next = "/admin") {
  await page.goto(`/admin/sign-in?callbackUrl=${encodeURIComponent(next)}`);
  await page.getByLabel("Organization code").fill(specOrganizationCode());
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Collections" })).toBeVisible();
}
