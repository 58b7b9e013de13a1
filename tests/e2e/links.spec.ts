// No link or button is ever shown to a role that may not follow it: signed in as each role,
// every page the role reaches is crawled (JavaScript off: the server's HTML is what every
// visitor gets), and every link and form target on it must be a path that role may open.
// Following one that is not ends at /login, which ends the session (docs/decisions/001).
import { expect, test } from "@playwright/test";
import { canReach, type RoleId } from "../../app/domain/access";
import { DEMO_ACCOUNTS, type DemoAccount, ROLE_OF, signInAsNewUser } from "./support";

test.use({ javaScriptEnabled: false });

// Paths that end the session or answer files/data rather than pages: checked, never opened.
const NOT_OPENED = [/^\/logout/, /^\/login/, /\/export$/, /^\/chart-data/, /^\/udf/, /^\/api\//, /^\/reports\/.*export/, /^\/build\//];
const PAGE_LIMIT = 70;

for (const account of Object.keys(DEMO_ACCOUNTS) as DemoAccount[]) {
  test(`${account}: every link and form target on every reachable page is reachable`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const role = DEMO_ACCOUNTS[account].role as RoleId;
    await signInAsNewUser(page, { role: ROLE_OF[account], label: "links" });
    const origin = new URL(baseURL!).origin;
    const queue = ["/dashboard"];
    const seen = new Set(queue);
    const offending: string[] = [];
    let opened = 0;
    while (queue.length > 0 && opened < PAGE_LIMIT) {
      const path = queue.shift()!;
      const response = await page.goto(path);
      opened++;
      expect(response?.status(), `${path} answers`).toBeLessThan(500);
      // A page that sent us to /login would have ended the session: stop and say where.
      expect(new URL(page.url()).pathname, `${path} kept ${account} signed in`).not.toBe("/login");
      const targets = await page.evaluate(() => [
        ...[...document.querySelectorAll("a[href]")].map((a) => (a as HTMLAnchorElement).href),
        ...[...document.querySelectorAll("form")].map((f) => (f as HTMLFormElement).action),
      ]);
      for (const target of targets) {
        const url = new URL(target, origin);
        if (url.origin !== origin) continue;
        const pathname = url.pathname;
        if (pathname.startsWith("/build/") || /\.(svg|png|ico|css|js|webmanifest)$/.test(pathname)) continue;
        if (!canReach(role, pathname)) offending.push(`${path} → ${pathname}`);
        else if (!seen.has(pathname) && !NOT_OPENED.some((re) => re.test(pathname))) {
          seen.add(pathname);
          queue.push(pathname);
        }
      }
    }
    expect(opened, "the crawl opened more than the dashboard").toBeGreaterThan(3);
    expect([...new Set(offending)], `links shown to ${account} that it may not follow`).toEqual([]);
  });
}
