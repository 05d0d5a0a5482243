import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { specOrganizationCode } from "./api-setup";
import { E2E_ADMIN } from "./credentials";

async function signIn(page: Page, email: string, password: string, code = specOrganizationCode()) {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.getByLabel("Organization code").fill(code);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/v3/auth/login", {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, code: specOrganizationCode(), scope: "platform" },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).token as string;
}

test("an admin signs in, sees their organization, and signs out for good", async ({ page, browser }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(E2E_ADMIN.email);
  await expect(page.getByText(`(${specOrganizationCode()})`)).toBeVisible();
  const cookiesBefore = await page.context().cookies();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/sign-in/);

  // Signing out revoked the API session: a copy of the old cookie no longer works.
  const replay = await browser.newContext();
  await replay.addCookies(cookiesBefore);
  const response = await replay.request.get("/api/v3/users");
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ code: "401", message: "the token has been revoked" });
  await replay.close();
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: "Wrong organization code, email or password." })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
});

test("the form explains missing fields before sending anything", async ({ page }) => {
  await page.goto("/admin/sign-in");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Enter your organization code")).toBeVisible();
  await expect(page.getByText("Enter the email address of your account")).toBeVisible();
  await expect(page.getByText("Enter your password")).toBeVisible();
});

test("a member is refused: the admin needs an admin, editor or translator", async ({ page, request }) => {
  const token = await adminToken(request);
  const created = await request.post("/api/v3/users", {
    headers: { Authorization: `Bearer ${token}` },
    data: { email: "member@e2e.test", password: "member-password-1", role: "member" },
  });
  expect([201, 409]).toContain(created.status());
  await signIn(page, "member@e2e.test", "member-password-1");
  await expect(page.getByRole("alert").filter({ hasText: "This account cannot use the admin: it needs the admin, editor or translator role." })).toBeVisible();
});

test("the browser holds no API token, yet the session works for same-origin API calls", async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();

  const exposed = await page.evaluate(async () => {
    const storage = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    const session = await (await fetch("/api/auth/session")).text();
    return { storage, cookies: document.cookie, session };
  });
  for (const place of [exposed.storage, exposed.cookies, exposed.session]) {
    expect(place).not.toMatch(/eyJ[A-Za-z0-9_-]+\.eyJ/); // a JWT
    expect(place).not.toMatch(/rt_[A-Za-z0-9_-]{20,}/); // a refresh token
  }
  const cookies = await page.context().cookies();
  const sessionCookie = cookies.find((cookie) => cookie.name.endsWith("next-auth.session-token"));
  expect(sessionCookie?.httpOnly).toBe(true);
  expect(sessionCookie?.sameSite).toBe("Lax");

  const sameOrigin = await page.evaluate(async () => {
    const list = await fetch("/api/v3/users");
    const create = await fetch("/api/v3/users", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "editor@e2e.test", password: "editor-password-1", role: "editor" }),
    });
    return { list: list.status, create: create.status };
  });
  expect(sameOrigin.list).toBe(200);
  expect([201, 409]).toContain(sameOrigin.create);

  // The same cookie on a cross-site write is refused.
  const crossSite = await page.request.post("/api/v3/users", {
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    data: { email: "sneaky@e2e.test", password: "sneaky-password-1", role: "admin" },
  });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.json()).toEqual({ code: "403", message: "cross-site request refused" });
});
