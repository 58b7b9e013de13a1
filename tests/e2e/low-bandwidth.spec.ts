// Low bandwidth (issues 11 and 20): on a phone (390 x 844) on a link throttled to 400 kbit/s with
// 400 ms latency, each key page is usable within 3 s, and no page's first load (HTML, CSS,
// JavaScript, fonts, images, as transferred) exceeds its byte budget.
//
// "Usable" means: the page's stylesheets have arrived, its main heading and its primary control
// are visible (and the control enabled), and on a chart page the server-drawn chart is drawn. All
// of it comes in the server's HTML and CSS, so it does not wait for JavaScript or the chart
// library (docs/decisions/155). The moment is taken by the page itself, on the first animation
// frame where all of that holds, counted from the navigation's start (performance.now()), so the
// test runner's polling does not add to it.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { type DemoAccount, ROLE_OF, signInAsNewUser } from "./support";
import { PHONE } from "./page-sweep";
import { breakdown, countWireBytes, KB } from "./wire-bytes";

const SLOW_LINK = { latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };
const USABLE_WITHIN_MS = 3_000;

/** An element that must be visible: a CSS selector and, optionally, text it contains. */
interface Needed {
  selector: string;
  text?: string;
}

interface PageCase {
  path: string;
  /** The heading, the control and (on a chart page) the drawn chart, for the page's own clock. */
  needed: Needed[];
  account: DemoAccount | null;
  /** The page's main heading. */
  heading: (page: Page) => Locator;
  /** The control a user starts working with on the page. */
  control: (page: Page) => Locator;
  /** Also there on a chart page: the server-drawn chart. */
  chart?: (page: Page) => Locator;
  /** Bytes on the wire for the first load (compressed, headers included). */
  budgetBytes: number;
}

const PAGES: PageCase[] = [
  {
    path: "/login",
    needed: [{ selector: "h1", text: "Sign in" }, { selector: "button[type=submit]", text: "Sign in" }],
    account: null,
    heading: (p) => p.getByRole("heading", { name: "Sign in", level: 1 }),
    control: (p) => p.getByRole("button", { name: "Sign in" }),
    budgetBytes: 200 * KB,
  },
  {
    path: "/dashboard",
    needed: [{ selector: "h1", text: "Dashboard" }, { selector: "select[name=symbol]" }, { selector: 'svg[data-chart="svg"]' }],
    account: "employee",
    heading: (p) => p.getByRole("heading", { name: "Dashboard", level: 1 }),
    control: (p) => p.getByRole("combobox", { name: "Symbol" }),
    chart: (p) => p.locator('svg[data-chart="svg"]'),
    budgetBytes: 300 * KB,
  },
  {
    path: "/trades",
    needed: [{ selector: "h1", text: "Trade List" }, { selector: 'a[href^="/trades/new"]' }],
    account: "employee",
    heading: (p) => p.getByRole("heading", { name: "Trade List", level: 1 }),
    control: (p) => p.getByRole("link", { name: "+ Add" }),
    budgetBytes: 300 * KB,
  },
  {
    path: "/watch-list",
    needed: [{ selector: "h1", text: "Watch List" }, { selector: 'input[aria-label="Search symbols"]' }],
    account: "employee",
    heading: (p) => p.getByRole("heading", { name: "Watch List", level: 1 }),
    control: (p) => p.getByLabel("Search symbols").first(),
    budgetBytes: 300 * KB,
  },
  {
    path: "/allRealTime",
    needed: [{ selector: "h1" }, { selector: "table" }],
    account: "admin",
    heading: (p) => p.getByRole("heading", { level: 1 }).first(),
    control: (p) => p.getByRole("table").first(),
    budgetBytes: 250 * KB,
  },
];

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

for (const pageCase of PAGES) {
  test(`${pageCase.path} on a phone is usable within 3 s at 400 kbit/s and 400 ms, within its byte budget`, async ({ page, context }) => {
    test.setTimeout(90_000);
    if (pageCase.account) await signInAsNewUser(page, { role: ROLE_OF[pageCase.account], goto: false });
    // A fresh tab, as a first visit: nothing cached (the session cookie stays).
    const fresh = await context.newPage();
    const wire = await countWireBytes(context, fresh, SLOW_LINK);

    await fresh.goto(pageCase.path, { waitUntil: "commit" });
    // The page's own clock: the first frame where the stylesheets are in and every needed element shows.
    const usableAt = await fresh.waitForFunction(
      (needed: Needed[]) => {
        const styled = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet !== null);
        const shows = (n: Needed) =>
          [...document.querySelectorAll<HTMLElement>(n.selector)].some((el) => {
            const box = el.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && el.checkVisibility() && !el.matches(":disabled") && (!n.text || (el.textContent ?? "").includes(n.text));
          });
        return styled && document.body !== null && needed.every(shows) ? performance.now() : false;
      },
      pageCase.needed,
      { polling: "raf", timeout: 30_000 },
    );
    const usableAfter = Math.round(Number(await usableAt.jsonValue()));
    // The same, by role and name, as a person would find them.
    await expect(pageCase.heading(fresh)).toBeVisible();
    await expect(pageCase.control(fresh)).toBeVisible();
    await expect(pageCase.control(fresh)).toBeEnabled();
    if (pageCase.chart) await expect(pageCase.chart(fresh)).toBeVisible();
    expect(usableAfter).toBeLessThanOrEqual(USABLE_WITHIN_MS);

    await fresh.waitForLoadState("networkidle", { timeout: 60_000 });
    const bytes = wire.total();
    console.log(`[low-bandwidth] ${pageCase.path}: usable after ${usableAfter} ms, first load ${(bytes / KB).toFixed(1)} KB (budget ${pageCase.budgetBytes / KB} KB)\n${breakdown(await wire.requests())}`);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(pageCase.budgetBytes);
  });
}
