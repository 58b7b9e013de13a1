// Low bandwidth (issue 11): on a link throttled to 400 kbit/s with 400 ms latency, the key pages
// become usable (form submittable, table visible) within 5 s, and no page's first load (HTML,
// CSS, JavaScript, fonts, images, as transferred) exceeds its byte budget.
import { expect, test, type CDPSession, type Locator, type Page } from "@playwright/test";
import { type DemoAccount, ROLE_OF, signInAsNewUser } from "./support";

const SLOW_LINK = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };
const USABLE_WITHIN_MS = 5_000;

interface PageCase {
  path: string;
  account: DemoAccount | null;
  /** What a user needs to start working on the page. */
  usable: (page: Page) => Locator;
  /** Bytes on the wire for the first load (compressed, headers included). */
  budgetBytes: number;
}

const KB = 1024;
const PAGES: PageCase[] = [
  { path: "/login", account: null, usable: (p) => p.getByRole("button", { name: "Sign in" }), budgetBytes: 200 * KB },
  { path: "/dashboard", account: "employee", usable: (p) => p.getByRole("heading", { level: 1 }).first(), budgetBytes: 450 * KB },
  { path: "/trades", account: "employee", usable: (p) => p.getByRole("table").first(), budgetBytes: 300 * KB },
  { path: "/allRealTime", account: "admin", usable: (p) => p.getByRole("table").first(), budgetBytes: 250 * KB },
];

async function throttledBytes(cdp: CDPSession) {
  let bytes = 0;
  cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", SLOW_LINK);
  return () => bytes;
}

for (const pageCase of PAGES) {
  test(`${pageCase.path} is usable within 5 s at 400 kbit/s and 400 ms, within its byte budget`, async ({ page, context }) => {
    test.setTimeout(60_000);
    if (pageCase.account) await signInAsNewUser(page, { role: ROLE_OF[pageCase.account] });
    // A fresh tab, as a first visit: nothing cached (the session cookie stays).
    const fresh = await context.newPage();
    const cdp = await context.newCDPSession(fresh);
    const bytesSoFar = await throttledBytes(cdp);

    const started = Date.now();
    await fresh.goto(pageCase.path, { waitUntil: "commit" });
    const target = pageCase.usable(fresh);
    await expect(target).toBeVisible({ timeout: USABLE_WITHIN_MS });
    await expect(target).toBeEnabled({ timeout: Math.max(0, USABLE_WITHIN_MS - (Date.now() - started)) });
    const usableAfter = Date.now() - started;
    expect(usableAfter).toBeLessThanOrEqual(USABLE_WITHIN_MS);

    await fresh.waitForLoadState("networkidle", { timeout: 45_000 });
    const bytes = bytesSoFar();
    console.log(`[low-bandwidth] ${pageCase.path}: usable after ${usableAfter} ms, first load ${(bytes / KB).toFixed(1)} KB (budget ${pageCase.budgetBytes / KB} KB)`);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(pageCase.budgetBytes);
  });
}
