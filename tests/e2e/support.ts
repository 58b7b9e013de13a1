import { expect, test, type Locator, type Page } from "@playwright/test";
import { generate } from "otplib";
import { DEMO_TOTP_SECRET } from "../../app/seed/demo-data";

export const DEMO_PASSWORD = "demo12345";
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@example.com", role: 1, name: "Admin" },
  subadmin: { email: "subadmin@example.com", role: 2, name: "Sub Admin" },
  employee: { email: "employee@example.com", role: 3, name: "Employee" },
  customer: { email: "customer@example.com", role: 4, name: "Customer" },
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** The demo admin and sub-admin use two-factor sign-in with the seed's DEMO_TOTP_SECRET (docs/decisions/121). */
export const TWO_FACTOR_ACCOUNTS: ReadonlySet<DemoAccount> = new Set(["admin", "subadmin"]);

const STEP_MS = 30_000;
/** The newest step this worker used per account: the server accepts each step of an account once. */
const usedSteps = new Map<string, number>();

/** The code an authenticator app holding `secret` shows during `step`. */
export function totpCodeOfStep(secret: string, step: number): Promise<string> {
  return generate({ secret, epoch: step * (STEP_MS / 1000) + 1 });
}

/**
 * Answers a form that asks for a code of `secret` (`tryCode` fills it in, sends it and says
 * whether it was accepted). The server takes one step of drift either side and each step once
 * per account, and other workers sign in as the same account: the oldest step this worker has
 * not used goes first, a code "already used" elsewhere moves on to the next, and with no step
 * left it waits for the next one (the test gets the time) and calls `again` before going on.
 */
export async function answerWithTotp(
  secret: string,
  account: string,
  tryCode: (code: string, attempt: number) => Promise<boolean>,
  again: () => Promise<void> = async () => {},
): Promise<void> {
  let attempt = 0;
  for (let round = 0; round < 4; round += 1) {
    const current = Math.floor(Date.now() / STEP_MS);
    const candidates = [current - 1, current, current + 1].filter((step) => step > (usedSteps.get(account) ?? 0));
    for (const step of candidates) {
      const accepted = await tryCode(await totpCodeOfStep(secret, step), attempt);
      attempt += 1;
      usedSteps.set(account, Math.max(usedSteps.get(account) ?? 0, step));
      if (accepted) return;
    }
    test.info().setTimeout(test.info().timeout + STEP_MS + 10_000);
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 500));
    await again();
    attempt = 0;
  }
  throw new Error(`no two-factor code was accepted for ${account}`);
}

/** On /settings/two-factor after "Set up": confirms the shown key with a fresh code, until "Two-factor sign-in is on." */
export async function confirmTwoFactorSetup(page: Page, secret: string, account: string): Promise<void> {
  await answerWithTotp(secret, account, async (code) => {
    await page.getByLabel("Code from your app").fill(code);
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    return page
      .getByText("Two-factor sign-in is on.")
      .first()
      .waitFor({ timeout: 20_000 })
      .then(() => true, () => false);
  });
}

/**
 * Waits for the page to leave `path` (true) or to show a message about the code (false), for as
 * long as the test may run: a slow dashboard behind a right code must not count as a refusal.
 */
export async function leftOrRefused(page: Page, path: string, refusal: Locator): Promise<boolean> {
  const outcome = await Promise.race([
    page.waitForURL((url) => url.pathname !== path, { timeout: 0 }).then(() => "left" as const, () => "none" as const),
    refusal.waitFor({ timeout: 0 }).then(() => "refused" as const, () => "none" as const),
  ]);
  return outcome === "left";
}

/** Answers /login/two-factor (the second step of a sign-in); `again` repeats the password step. */
export async function enterTwoFactorCode(page: Page, secret: string, account: string, again: () => Promise<void>): Promise<void> {
  await answerWithTotp(
    secret,
    account,
    async (code, attempt) => {
      // A fresh page for each try after the first: the last refusal's message is gone.
      if (attempt > 0) await page.goto(new URL("/login/two-factor", page.url()).href);
      await expect(page).toHaveURL(/\/login\/two-factor$/);
      await page.getByLabel("Code").fill(code);
      await page.getByRole("button", { name: "Verify" }).click();
      return leftOrRefused(page, "/login/two-factor", page.getByRole("alert").filter({ hasText: /code/i }));
    },
    again,
  );
}

/** The password step of /login (at `origin`, the test server by default). */
export async function submitPassword(page: Page, email: string, password = DEMO_PASSWORD, origin = "") {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Both steps of a demo account's sign-in through the real forms, ending on the dashboard. */
export async function signInThroughForm(page: Page, account: DemoAccount, origin = "") {
  const { email } = DEMO_ACCOUNTS[account];
  await submitPassword(page, email, DEMO_PASSWORD, origin);
  if (TWO_FACTOR_ACCOUNTS.has(account)) await enterTwoFactorCode(page, DEMO_TOTP_SECRET, email, () => submitPassword(page, email, DEMO_PASSWORD, origin));
  // A password check (scrypt) and the dashboard's first render: slow on a busy 2-core machine.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

/**
 * Signs out through the user menu (a <details> under the user's name, `name`) and lands on
 * /login with its "You have been signed out." toast. With JavaScript the page is let hydrate
 * first: a press in the instant the page takes over can be lost (see waitForHydration). The
 * redirect and /login's first render get the sign-in's allowance on a busy machine.
 */
export async function signOutThroughMenu(page: Page, name: string): Promise<void> {
  await waitForHydration(page);
  await page.getByText(name, { exact: true }).first().click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await expect(page.getByRole("status")).toContainText("You have been signed out.");
}

/**
 * How many candle bodies the server-drawn chart holds: each body is one closed subpath of a
 * colour's body path (components/charts/candle-svg.tsx draws the candles as paths).
 */
export async function drawnCandleCount(svg: Locator): Promise<number> {
  const paths = await svg.locator("path[data-bodies]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("d") ?? ""));
  return paths.reduce((sum, d) => sum + (d.match(/z/g)?.length ?? 0), 0);
}

/**
 * Fills /users/new for an account subscribed to NIFTY-I (sector INDEX) and saves it. The
 * password is typed after the symbols' round trip: the server never sends it back.
 */
export async function fillNewUser(
  page: Page,
  user: { name: string; username: string; email: string; password: string; roleId: 1 | 2 | 3 | 4 },
) {
  await page.goto("/users/new");
  await waitForHydration(page);
  await page.getByLabel("Name", { exact: true }).fill(user.name);
  await page.getByLabel("User Name").fill(user.username);
  await page.getByLabel("Email Address").fill(user.email);
  await page.getByLabel("Role").selectOption(String(user.roleId));
  await page.getByLabel("Sector").selectOption({ label: "INDEX" });
  await page.getByRole("button", { name: "Show symbols" }).click();
  await page.getByRole("checkbox", { name: "NIFTY-I", exact: true }).check();
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

export type Role = 1 | 2 | 3 | 4;
export const ROLE_OF: Record<DemoAccount, Role> = { admin: 1, subadmin: 2, employee: 3, customer: 4 };

/** A user made for one journey by POST /__e2e/users (app/server/e2e-hooks.server.ts). */
export interface NewUser {
  id: number;
  name: string;
  username: string;
  email: string;
  password: string;
  roleId: Role;
  /** The two-factor secret when it is enrolled (roles 1 and 2 by default), else null. */
  totpSecret: string | null;
}

export interface NewUserOptions {
  role: Role;
  /** Symbol codes subscribed; a customer gets the demo customer's by default. */
  symbols?: string[];
  /** Two-factor sign-in enrolled: by default for roles 1 and 2, which must use it. */
  twoFactor?: boolean;
  /** The demo watchlists of the role (default true). */
  watchlists?: boolean;
  /** A word in the user's name and email (a-z, 0-9, -). */
  label?: string;
  /** How long ago the session's sign-in was: older than REAUTH_WINDOW_SECONDS is stale for sensitive admin actions. */
  signedInSecondsAgo?: number;
  /** Key events of today on one of the user's symbols, on its first key (app/seed/e2e-users.server.ts). */
  keyEventsToday?: { symbol: string; count: number };
}

/** Makes a user of its own for this journey, without signing anyone in. */
export async function createUser(page: Page, options: NewUserOptions): Promise<NewUser & { cookie: { name: string; value: string; expires: number } }> {
  const response = await page.request.post("/__e2e/users", { data: options });
  if (!response.ok()) throw new Error(`POST /__e2e/users ${response.status()}: ${await response.text()}`);
  return response.json();
}

/**
 * Like the Epic Stack's login(): makes a user of its own for this journey and writes its
 * signed-in session into the page's context, without the sign-in form. Opens `goto`
 * (/dashboard by default, where signIn ended; false for none) and checks it stayed there.
 */
export async function signInAsNewUser(page: Page, options: NewUserOptions & { goto?: string | false; origin?: string }): Promise<NewUser> {
  const { goto = "/dashboard", origin, ...spec } = options;
  const { cookie, ...user } = await createUser(page, spec);
  // `origin`: another address of the same server (a relay), where the page will be opened.
  const baseURL = origin ?? (test.info().project.use.baseURL as string);
  await page.context().addCookies([{ name: cookie.name, value: cookie.value, url: baseURL, expires: cookie.expires, httpOnly: true, sameSite: "Lax" }]);
  if (goto !== false) {
    await page.goto(new URL(goto, baseURL).href);
    await expect(page).toHaveURL(new URL(goto, baseURL).href);
    await waitForHydration(page);
  }
  return user;
}

/**
 * With JavaScript, waits until the page's JavaScript has taken over (root.tsx marks
 * html[data-hydrated]); without it, returns at once. A dialog route opened by its URL is served
 * as a section and becomes the modal as the page hydrates: a press or typed text in that instant
 * goes to the section that is being replaced (a CI run lost a Confirm that way). A journey that
 * acts on such a page right after opening it waits for this first.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // The server's inline script defines __remixContext; it never runs with JavaScript off.
  const scriptsRun = await page.evaluate(() => "__remixContext" in window);
  if (scriptsRun) await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
}

/**
 * Files trades for the signed-in user through the trade form's own post (as the dialog submits
 * it), each answered by the redirect back to the list.
 */
export async function fileTrades(page: Page, forms: readonly Record<string, string>[]): Promise<void> {
  for (const [i, form] of forms.entries()) {
    const res = await page.request.post("/trades/new", { form, maxRedirects: 0 });
    expect(res.status(), `trade ${i}: ${JSON.stringify(form)}`).toBe(302);
  }
}

/**
 * Polls `probe` (every 100–250 ms) until it answers something truthy, and answers that; after
 * `timeout` ms throws `message()` (e.g. a spawned server's output). For a condition outside the
 * page, where expect(locator) cannot wait.
 */
export async function pollUntil<T>(probe: () => T | Promise<T>, options: { timeout: number; message: () => string }): Promise<NonNullable<T>> {
  let value: T | undefined;
  try {
    await expect.poll(async () => (value = await probe()), { timeout: options.timeout, intervals: [100, 200, 250] }).toBeTruthy();
  } catch {
    throw new Error(options.message());
  }
  return value as NonNullable<T>;
}

/**
 * The apex chart of a daily NIFTY-I view is drawn: candles, the target line's label, and the
 * readout on the last (daily, 00:00 IST) candle with the pointer off the chart.
 */
export async function expectDailyNiftyChart(page: Page, visibleWithin: number): Promise<{ chart: Locator; readout: Locator }> {
  const chart = page.locator('[data-chart="apex"]');
  await expect(chart).toBeVisible({ timeout: visibleWithin });
  await expect(chart.locator(".apexcharts-candlestick-series path").first()).toBeAttached();
  await expect(chart.getByText(/Mandi Visamo Target/)).toBeVisible();
  const readout = page.locator("[data-readout]");
  // The pointer stays where the sign-in click left it; off the chart, the readout shows the last candle.
  await page.mouse.move(0, 0);
  await expect(readout).toContainText("12:00:00 AM"); // a daily candle starts at 00:00 IST
  return { chart, readout };
}

/**
 * Records every text the page's status region (the toasts) shows, from the first document on:
 * a toast hides itself after 6 s, which a slow first render can outlast before a check runs.
 * Call before the navigation; read with `statusShown`. With JavaScript only: an init script does
 * not run without it, and without it a toast stays on screen anyway.
 */
export async function recordStatusTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __statusTexts?: string[] };
    const seen = (w.__statusTexts ??= []);
    const note = () =>
      document.querySelectorAll('[role="status"]').forEach((el) => {
        const text = el.textContent ?? "";
        if (text && !seen.includes(text)) seen.push(text);
      });
    document.addEventListener("DOMContentLoaded", () => {
      note();
      new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  });
}

/** Waits until the status region has shown a text containing `part` since recordStatusTexts. */
export async function statusShown(page: Page, part: string): Promise<void> {
  const texts = () => page.evaluate(() => (window as unknown as { __statusTexts?: string[] }).__statusTexts ?? []);
  await expect.poll(async () => (await texts()).some((t) => t.includes(part)), { message: `the status region never showed "${part}"`, timeout: 7_000 }).toBe(true);
}

/** Narrows the list to this admin's own trades of today through the real filter form. */
export async function showOwnTrades(page: Page, js: boolean, username: string) {
  const filters = page.getByRole("search", { name: "Filter trades" });
  await filters.getByLabel("Role").selectOption({ label: "Admin" });
  if (!js) await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/userRole=1/);
  await page.getByRole("search", { name: "Filter trades" }).getByLabel("Username").selectOption({ label: username });
  if (!js) await page.getByRole("search", { name: "Filter trades" }).getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/userId=\d+/);
}

/** Where a create/edit form is: the dialog with JavaScript, the page's main without. */
export const formRoot = (page: Page, js: boolean) => (js ? page.getByRole("dialog") : page.locator("main"));

/** Saves the signed-in user's chart mode through /setting's form: "normal" (ApexCharts) or "advance" (lightweight-charts). */
export async function saveChartMode(page: Page, mode: "normal" | "advance"): Promise<void> {
  await page.goto("/setting");
  await page.getByLabel("Chart mode (viewChart)").selectOption(mode);
  await page.getByRole("button", { name: "Save View Setting" }).click();
  await expect(page.getByRole("status")).toContainText("Setting saved successfully");
  await expect(page.getByLabel("Chart mode (viewChart)")).toHaveValue(mode);
}
