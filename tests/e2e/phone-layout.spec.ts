// Issue 20, the layout: every screen of every role, and the public pages, at 390 x 844 and
// 360 x 740 with JavaScript on or off (both with FULL_SWEEPS=1), never scroll sideways; the menu drawer (a <details>) is
// closed by default and opens from its button; the bottom navigation is a phone's; the desktop
// sidebar is as before; the main screens are photographed in both themes (docs/decisions/147).
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAsNewUser, type Role } from "./support";
import { DESKTOP, FULL_SWEEPS, PHONE, PUBLIC_SCREENS, SMALL_PHONE, screensOf } from "./page-sweep";

const SCREENSHOT_DIR = path.join("test-results", "screenshots");

// Each journey opens several pages in fresh contexts: more than the default 30 s on a busy machine.
test.beforeEach(() => test.setTimeout(90_000));

/** A page of its own, at `viewport`, with JavaScript on or off. */
async function openPage(browser: Browser, js: boolean, viewport: { width: number; height: number } = PHONE): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport, baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/**
 * null when the document is no wider than the window; else what overflows: the element reaching
 * furthest right that is not inside a box that scrolls or clips within the window.
 */
function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return null;
    const inScrollBox = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.documentElement; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== "visible" && up.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    };
    const describe = (el: Element) => {
      const attrs = Array.from(el.attributes)
        .filter((a) => a.name === "id" || a.name.startsWith("data-") || a.name.startsWith("aria-"))
        .map((a) => `[${a.name}="${a.value.slice(0, 30)}"]`)
        .join("");
      const classes = typeof el.className === "string" ? el.className.split(/\s+/).filter(Boolean).slice(0, 6).join(".") : "";
      return `${el.tagName.toLowerCase()}${attrs}${classes ? `.${classes}` : ""}`;
    };
    let widest: Element | null = null;
    let right = width;
    // First outside every scroll box; then anywhere (an absolutely placed element escapes a
    // scroll box that is not its containing block).
    for (const skipScrollBoxes of [true, false]) {
      for (const el of Array.from(document.body.querySelectorAll("*"))) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.right <= right + 0.5 || (skipScrollBoxes && inScrollBox(el))) continue;
        widest = el;
        right = box.right;
      }
      if (widest) break;
    }
    if (!widest) return `document ${scrollWidth} px wide in a ${width} px window (no element reaches past it)`;
    const trail: string[] = [];
    for (let up: Element | null = widest; up && up !== document.body && trail.length < 4; up = up.parentElement) trail.unshift(describe(up));
    const text = (widest.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
    return `document ${scrollWidth} px wide in a ${width} px window; widest: ${trail.join(" > ")} "${text}" reaches ${Math.round(right)} px`;
  });
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await sidewaysOverflow(page);
  expect(overflow, `${where}: ${overflow}`).toBeNull();
}

/** Opens each path and checks it at both phone sizes, changing the window, not reloading. */
async function sweep(page: Page, paths: readonly string[], label: string) {
  let sizes = [PHONE, SMALL_PHONE];
  for (const screen of paths) {
    await page.goto(screen);
    await expect(page.locator("body")).toBeVisible();
    for (const size of sizes) {
      await page.setViewportSize(size);
      await expectNoSidewaysScroll(page, `${label} ${screen} at ${size.width} x ${size.height}`);
    }
    sizes = [...sizes].reverse();
  }
}

/** A role's screens in slices, so two workers share the admin's long list. */
function slices(paths: string[], size: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < paths.length; i += size) out.push(paths.slice(i, i + size));
  return out;
}

/**
 * Whether a role's page is swept with JavaScript on (true), off (false) or both. FULL_SWEEPS=1:
 * both. By default one, alternating along the role's list and starting differently per role, so
 * each role is swept both ways and a page several roles reach is seen both ways.
 */
function modesFor(pageIndex: number, role: Role): readonly boolean[] {
  return FULL_SWEEPS ? [true, false] : [(pageIndex + role) % 2 === 0];
}

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test.describe(`no page scrolls sideways on a phone, ${mode}`, () => {
    test(`the public pages`, async ({ browser }) => {
      test.setTimeout(30_000 + PUBLIC_SCREENS.length * 10_000);
      const page = await openPage(browser, js);
      await sweep(page, PUBLIC_SCREENS, `public, ${mode}`);
      await page.context().close();
    });

    for (const role of [1, 2, 3, 4] as Role[]) {
      const paths = screensOf(role).filter((_, index) => modesFor(index, role).includes(js));
      slices(paths, 12).forEach((part, index) => {
        test(`role ${role}, ${FULL_SWEEPS ? "every screen" : "every other screen"}, part ${index + 1} (${part[0]} ...)`, async ({ browser }) => {
          // About a second a screen on an idle machine; the margin is for a busy one.
          test.setTimeout(30_000 + part.length * 15_000);
          const page = await openPage(browser, js);
          await signInAsNewUser(page, { role, goto: false });
          await sweep(page, part, `role ${role}, ${mode}`);
          await page.context().close();
        });
      });
    }
  });
}

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test.describe(`the menu drawer on a phone, ${mode}`, () => {
    test("is closed by default, opens from its button, and closes beside it or from a link", async ({ browser }) => {
      const page = await openPage(browser, js);
      await signInAsNewUser(page, { role: 4, goto: "/watch-list" });
      const button = page.locator("[data-drawer] > summary");
      const menu = page.getByRole("navigation", { name: "Menu" });
      await expect(button).toBeVisible();
      await expect(button).toHaveAccessibleName("Menu");
      await expect(menu).toBeHidden();
      // The desktop sidebar's controls are not on a phone; its navigation is the drawer's, shown only while open.
      await expect(page.locator("nav[aria-label=Menu]")).toHaveCount(1);
      await expect(page.getByRole("button", { name: "Close sidebar" })).toBeHidden();
      await expect(page.getByRole("button", { name: "Collapse sidebar" })).toBeHidden();

      await button.click();
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("link", { name: "Trades" })).toBeInViewport();
      // The drawer fits the phone and leaves a strip of the page to tap.
      const panel = await page.locator("[data-drawer-panel]").boundingBox();
      expect(panel!.x).toBe(0);
      expect(panel!.width).toBeLessThan(PHONE.width - 40);
      await expectNoSidewaysScroll(page, "drawer open");

      // A tap beside the drawer (on its backdrop) closes it, with or without JavaScript.
      await page.mouse.click(PHONE.width - 15, PHONE.height / 2);
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(/\/watch-list$/);

      // Its close control closes it: in place with JavaScript, by reloading the page without.
      await button.click();
      await expect(menu).toBeVisible();
      await page.getByRole("link", { name: "Close menu" }).click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(/\/watch-list$/);

      // A link in it leads to its page, where the drawer is closed again.
      await button.click();
      await menu.getByRole("link", { name: "Alerts" }).click();
      await expect(page).toHaveURL(/\/alert$/);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect(menu).toBeHidden();
      if (js) {
        await button.click();
        await expect(menu).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
      }
      await page.context().close();
    });

    test("at 360 px the top bar is one row of controls above one line of tickers", async ({ browser }) => {
      const page = await openPage(browser, js, SMALL_PHONE);
      await signInAsNewUser(page, { role: 4 });
      const header = page.locator("header").first();
      const bar = await header.boundingBox();
      // Two lines of about 40 px each (was five).
      expect(bar!.height).toBeLessThanOrEqual(100);
      const menu = await page.locator("[data-drawer] > summary").boundingBox();
      const userMenu = await page.locator("summary", { hasText: "(Customer)" }).boundingBox();
      expect(Math.abs(menu!.y - userMenu!.y), "the menu button and the user menu share a row").toBeLessThan(8);
      expect(userMenu!.x + userMenu!.width).toBeLessThanOrEqual(SMALL_PHONE.width);
      const tickers = page.getByRole("list", { name: "Index tickers" });
      const first = await tickers.getByRole("listitem").first().boundingBox();
      const last = await tickers.getByRole("listitem").last().boundingBox();
      expect(Math.abs(first!.y - last!.y), "the tickers stay on one line").toBeLessThan(4);
      await page.context().close();
    });
  });

  test(`the bottom navigation is a phone's, ${mode}`, async ({ browser }) => {
    const page = await openPage(browser, js);
    await signInAsNewUser(page, { role: 4 });
    const bottom = page.getByRole("navigation", { name: "Main screens" });
    await expect(bottom).toBeVisible();
    await expect(bottom.getByRole("link")).toHaveText(["Dashboard", "Watch List", "Alerts", "Trades", "Support"]);
    await expect(bottom.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    const bar = await bottom.boundingBox();
    expect(bar!.y + bar!.height).toBeCloseTo(PHONE.height, 0);
    await bottom.getByRole("link", { name: "Watch List" }).click();
    await expect(page).toHaveURL(/\/watch-list$/);
    await expect(bottom.getByRole("link", { name: "Watch List" })).toHaveAttribute("aria-current", "page");
    // The page's foot is not hidden under the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const main = await page.locator("main").evaluate((el) => {
      const last = el.lastElementChild?.getBoundingClientRect();
      return last ? last.bottom : 0;
    });
    expect(main).toBeLessThanOrEqual((await bottom.boundingBox())!.y + 1);

    // A toast sits above the bar, not over it.
    await page.getByText("+ Create new watchlist").click();
    await page.getByLabel("Watchlist name").fill(`Phone ${Date.now().toString(36)}`);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const card = page.getByRole("status").locator("> div", { hasText: "Watchlist created successfully" });
    await expect(card).toBeVisible();
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual((await bottom.boundingBox())!.y);

    await page.setViewportSize(DESKTOP);
    await expect(bottom).toBeHidden();
    await page.context().close();
  });

  test(`at 1280 px the sidebar is shown as before, ${mode}`, async ({ browser }) => {
    const page = await openPage(browser, js, DESKTOP);
    await signInAsNewUser(page, { role: 1 });
    const sidebar = page.getByRole("navigation", { name: "Menu" });
    await expect(sidebar).toBeVisible();
    // One navigation: the sidebar here, the drawer's panel on a phone.
    await expect(sidebar).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Close menu" })).toBeHidden();
    await expect(sidebar.getByRole("link", { name: "Users", exact: true })).toBeVisible();
    // The current page's link is marked for screen readers and stands out on screen (semibold on
    // its own background); the others do not.
    const linkLook = (name: string) =>
      sidebar.getByRole("link", { name, exact: true }).evaluate((el) => ({ current: el.getAttribute("aria-current"), background: getComputedStyle(el).backgroundColor, weight: getComputedStyle(el).fontWeight }));
    const [current, other] = [await linkLook("Dashboard"), await linkLook("Users")];
    expect(current).toMatchObject({ current: "page", weight: "600" });
    expect(other).toMatchObject({ current: null, weight: "400", background: "rgba(0, 0, 0, 0)" });
    expect(current.background).not.toBe(other.background);
    await expect(page.locator("aside[data-expanded]")).toHaveAttribute("data-expanded", "true");
    expect((await page.locator("aside[data-expanded]").boundingBox())!.width).toBeGreaterThan(200);
    await expect(page.getByRole("button", { name: "Close sidebar" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Collapse sidebar" })).toBeVisible();
    await expect(page.locator("[data-drawer] > summary")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main screens" })).toBeHidden();
    // The top bar is one line at this width.
    expect((await page.locator("header").first().boundingBox())!.height).toBeLessThanOrEqual(60);
    // The cookie still rules it: collapsed, it is a strip of icons with the names for screen readers.
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect(page.locator("aside[data-expanded]")).toHaveAttribute("data-expanded", "false");
    await expect(sidebar.getByRole("link", { name: "Users", exact: true })).toBeVisible();
    expect((await page.locator("aside[data-expanded]").boundingBox())!.width).toBeLessThan(80);
    // Collapsed and then closed on the desktop, the drawer on a phone still shows every name.
    await page.getByRole("button", { name: "Close sidebar" }).click();
    await expect(sidebar).toBeHidden();
    await page.setViewportSize(PHONE);
    await page.locator("[data-drawer] > summary").click();
    await expect(sidebar).toBeVisible();
    const users = sidebar.getByRole("link", { name: "Users", exact: true });
    await expect(users.getByText("Users", { exact: true })).toBeVisible();
    expect((await users.boundingBox())!.width, "a full-width line with its name, not an icon").toBeGreaterThan(150);
    await page.getByRole("link", { name: "Close menu" }).click();
    await expect(sidebar).toBeHidden();
    await page.setViewportSize(DESKTOP);
    await page.getByRole("button", { name: "Open sidebar" }).click();
    await expect(sidebar).toBeVisible();
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await expect(page.locator("aside[data-expanded]")).toHaveAttribute("data-expanded", "true");
    await page.context().close();
  });
}

test("the watch list at 360 px keeps each symbol, figure and heading on one line", async ({ browser }) => {
  const page = await openPage(browser, false, SMALL_PHONE);
  await signInAsNewUser(page, { role: 4, goto: "/watch-list" });
  const table = page.getByRole("table", { name: /^Symbols of / });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  // One line of text a cell: no cell taller than its row's tallest single line (a wrapped
  // "BANKNIFTY-I" or "Change %" was two lines, about 40 px).
  const heights = await table.locator("th, td").evaluateAll((cells) => cells.map((c) => ({ text: (c.textContent ?? "").trim(), lines: Math.round(c.querySelector("a, span:not(.sr-only)")?.getClientRects().length ?? 1) })));
  const wrapped = heights.filter((h) => h.text !== "" && h.lines > 1);
  expect(wrapped, `wrapped cells: ${JSON.stringify(wrapped)}`).toEqual([]);
  expect(await table.getByRole("cell", { name: /BANKNIFTY-I/ }).or(table.getByRole("rowheader", { name: /BANKNIFTY-I/ })).first().evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(36);
  expect(await sidewaysOverflow(page)).toBeNull();
  await page.context().close();
});

test("on a phone a live trade toast and the page's own toast do not cover each other", async ({ browser }) => {
  const page = await openPage(browser, true);
  // An employee hears the trades it files (the -customer-employee audience) as live toasts.
  await signInAsNewUser(page, { role: 3, goto: "/trades" });
  await expect(page.locator('[data-connection="live"]')).toBeAttached({ timeout: 20_000 });
  await page.getByRole("link", { name: "+ Add" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Trade" });
  await dialog.getByLabel("Symbol").selectOption("NIFTY-I");
  await dialog.getByLabel("Trade Type").selectOption("BUY");
  await dialog.getByLabel("Buy Price").fill("24000");
  await dialog.getByLabel("Quantity").fill("3");
  await dialog.getByRole("button", { name: "Submit" }).click();
  const own = page.getByRole("status").locator("> div", { hasText: "Trade submitted successfully" });
  const live = page.locator("[data-trade-toast]").first();
  await expect(own).toBeVisible();
  await expect(live).toBeVisible();
  const [a, b] = [(await own.boundingBox())!, (await live.boundingBox())!];
  const apart = a.y >= b.y + b.height || b.y >= a.y + a.height || a.x >= b.x + b.width || b.x >= a.x + a.width;
  expect(apart, `page toast ${JSON.stringify(a)}, live toast ${JSON.stringify(b)}`).toBe(true);
  for (const box of [a, b]) expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await page.context().close();
});

const MAIN_SCREENS: { path: string; role: Role }[] = [
  { path: "/dashboard", role: 4 },
  { path: "/trades", role: 4 },
  { path: "/watch-list", role: 4 },
  { path: "/alert", role: 4 },
  { path: "/reports/trade", role: 1 },
  { path: "/users", role: 1 },
];

for (const role of [4, 1] as Role[]) {
  test(`the main screens of role ${role} on a phone, in both themes (screenshots)`, async ({ browser }, testInfo) => {
    test.setTimeout(240_000);
    const page = await openPage(browser, true);
    await signInAsNewUser(page, { role });
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const theme of ["light", "dark"] as const) {
      if (theme === "dark") {
        await page.getByRole("button", { name: "Switch to dark theme" }).click();
        await expect(page.locator("html")).toHaveClass(/dark/);
      }
      for (const { path: screen } of MAIN_SCREENS.filter((s) => s.role === role)) {
        await page.goto(screen);
        await expect(page.locator("main h1, main h2").first()).toBeVisible();
        await expectNoSidewaysScroll(page, `${screen}, ${theme}`);
        const name = `phone-${screen.replace(/^\//, "").replace(/\//g, "-")}-${theme}.png`;
        const body = await page.screenshot({ path: path.join(SCREENSHOT_DIR, name) });
        await testInfo.attach(name, { body, contentType: "image/png" });
      }
    }
    await page.context().close();
  });
}
