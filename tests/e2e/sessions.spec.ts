// Password and sessions without JavaScript (issue 16, docs/decisions/119): a password changed on
// one browser sends the other browser's session to /login; "Sign out everywhere else" does the
// same; an idle session lands on /login saying why. Its own server (demo data, a 3-second idle
// time for staff), so changing a demo password disturbs no other spec.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { spawnBuiltServer, waitUntilHealthy, type OwnServer } from "./own-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 93;
const BASE = `http://localhost:${PORT}`;
const DEMO_PASSWORD = "demo12345";
const NEW_PASSWORD = "violet-harbour-kettle-42";
let server: OwnServer;

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false, baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = spawnBuiltServer({
    PORT: String(PORT),
    HOST: "127.0.0.1",
    SEED_DEMO: "1",
    SESSION_SECRET: "sessions-spec-secret-0123456789",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    // Staff sessions end after 3 seconds without a request (customers keep the 24-hour default).
    SESSION_IDLE_MINUTES_STAFF: "0.05",
  });
  await waitUntilHealthy(server, BASE, 150_000);
});

test.afterEach(({}, testInfo) => {
  // The server's own log says why when a journey fails (a crash shows as a refused connection).
  if (testInfo.status !== testInfo.expectedStatus) console.log(`[sessions.spec server, exit ${server.process.exitCode}]\n${server.output().slice(-4000)}`);
});

test.afterAll(() => {
  if (server && server.process.exitCode === null) server.process.kill("SIGTERM");
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function newBrowser(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE });
  return { context, page: await context.newPage() };
}

const sessionRows = (page: Page) => page.getByRole("table", { name: "Your signed-in sessions" }).locator("tbody tr");

test("a password changed here sends the other browser to /login; the old password stops working", async ({ browser }) => {
  // Two browsers, five sign-ins (scrypt) and the strength check's worker: a long journey on a busy machine.
  test.setTimeout(90_000);
  const here = await newBrowser(browser);
  const there = await newBrowser(browser);
  await signIn(there.page, "customer@example.com", DEMO_PASSWORD);
  await expect(there.page).toHaveURL(/\/dashboard$/);
  await signIn(here.page, "customer@example.com", DEMO_PASSWORD);
  await expect(here.page).toHaveURL(/\/dashboard$/);

  // From Settings to the page, by its link.
  await here.page.goto("/setting");
  await here.page.getByRole("link", { name: "Password and sessions" }).click();
  await expect(here.page).toHaveURL(/\/settings\/security$/);
  await expect(sessionRows(here.page)).toHaveCount(2);
  await expect(sessionRows(here.page).first()).toContainText("This device");
  await expect(sessionRows(here.page).first()).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)/);

  // A wrong current password changes nothing.
  await here.page.getByLabel("Current password").fill("not-my-password");
  await here.page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await here.page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await here.page.getByRole("button", { name: "Change password" }).click();
  await expect(here.page.getByText("Your current password is not correct")).toBeVisible();
  await there.page.goto("/dashboard");
  await expect(there.page).toHaveURL(/\/dashboard$/);

  await here.page.getByLabel("Current password").fill(DEMO_PASSWORD);
  await here.page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await here.page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await here.page.getByRole("button", { name: "Change password" }).click();
  await expect(here.page.getByRole("status")).toContainText("Your password was changed. Your other devices were signed out.");
  await expect(sessionRows(here.page)).toHaveCount(1);
  await expect(here.page.getByText("You are signed in on this device only.")).toBeVisible();

  // The other browser's session is gone.
  await there.page.goto("/dashboard");
  await expect(there.page).toHaveURL(/\/login$/);
  await signIn(there.page, "customer@example.com", DEMO_PASSWORD);
  await expect(there.page.getByRole("alert")).toHaveText("Invalid email or password");
  await signIn(there.page, "customer@example.com", NEW_PASSWORD);
  await expect(there.page).toHaveURL(/\/dashboard$/);

  // "Sign out everywhere else" from the account page's link: the other browser goes again.
  await here.page.goto("/settings/account");
  await here.page.getByRole("link", { name: "Change your password or sign out other devices" }).click();
  await expect(sessionRows(here.page)).toHaveCount(2);
  await here.page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(here.page.getByRole("status")).toContainText("Signed out of 1 other device.");
  await there.page.goto("/dashboard");
  await expect(there.page).toHaveURL(/\/login$/);
  await here.page.goto("/dashboard");
  await expect(here.page).toHaveURL(/\/dashboard$/);

  await here.context.close();
  await there.context.close();
});

test("an idle staff session goes to /login, which says why", async ({ page }) => {
  await signIn(page, "employee@example.com", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  // 3 seconds of idle time, plus the 1-second resolution of last_seen_at. Idle time is what is
  // tested and any request would count as activity, so the test waits without polling.
  await page.waitForTimeout(4_500);
  await page.goto("/trades");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status")).toContainText("You were signed out after 3 seconds without activity");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});
