import { expect, test } from "@playwright/test";
import { signInAsNewUser } from "./support";
import { PHONE } from "./page-sweep";

test.describe("live prices with JavaScript", () => {
  test("the top bar's Nifty ticker changes without a reload, and the session survives", async ({ page }) => {
    await signInAsNewUser(page, { role: 3 });
    const close = page.getByRole("list", { name: "Index tickers" }).locator('[data-symbol="NIFTY-I"] [data-field="close"]');
    await expect(close).toHaveText(/^\d{1,2},\d{2},\d{3}\.\d{2}$|^\d{1,3}(,\d{2})*,\d{3}\.\d{2}$/);
    const first = await close.textContent();
    await expect.poll(async () => close.textContent(), { timeout: 10_000 }).not.toBe(first);
    // Still signed in after the page has been live for a while (no stray request ends it).
    await page.goto("/allRealTime");
    await expect(page).toHaveURL(/\/allRealTime$/);
  });

  test("/allRealTime updates a row live", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: false });
    await page.goto("/allRealTime");
    const cell = page.locator('tr[data-symbol="BANKNIFTY-I"] [data-field="close"]');
    const first = await cell.textContent();
    await expect.poll(async () => cell.textContent(), { timeout: 10_000 }).not.toBe(first);
  });
});

test.describe("live prices without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/allRealTime renders prices and the Keys dialog on the server", async ({ page }) => {
    await signInAsNewUser(page, { role: 4, goto: false });
    await page.goto("/allRealTime");
    await expect(page.getByRole("heading", { name: "Live Prices" })).toBeVisible();
    const row = page.locator('tr[data-symbol="NIFTY-I"]');
    await expect(row.locator('[data-field="close"]')).toHaveText(/\d,\d{3}\.\d{2}$/);
    for (const header of ["Symbol", "Open", "High", "Low", "Close", "Change", "Change Percentage", "Keys"]) {
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    // A customer sees only its subscription.
    await expect(page.locator('tr[data-symbol="WIPRO"]')).toHaveCount(0);
    await page.getByRole("link", { name: "Keys of NIFTY-I" }).click();
    const dialog = page.getByRole("dialog", { name: "Keys — NIFTY-I" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/No keys|BUY|SELL/).first()).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

// A long day of keys pages in the Keys dialog (docs/decisions/159): the newest 50, then older
// ones by a cursor link, and back to the latest, on a phone, with JavaScript and without. The
// journey's customer holds one symbol alone (NESTLEIND without JavaScript, TITAN with it, so the
// two runs never add to each other's day), where the fixture stores 120 events of today on its
// first key (no other journey reads these symbols' keys).
for (const js of [false, true]) {
  test.describe(`a long day of keys, JavaScript ${js ? "on" : "off"}, at 390 px`, () => {
    test.use({ javaScriptEnabled: js, viewport: PHONE });

    const code = js ? "TITAN" : "NESTLEIND";

    test("pages through the day's key events with Older and Latest links", async ({ page }) => {
      await signInAsNewUser(page, { role: 4, symbols: [code], keyEventsToday: { symbol: code, count: 120 }, goto: "/allRealTime" });
      await page.getByRole("link", { name: `Keys of ${code}` }).click();
      const dialog = page.getByRole("dialog", { name: `Keys — ${code}` });
      const items = dialog.getByRole("list", { name: `Keys of ${code}` }).getByRole("listitem");
      const older = dialog.getByRole("link", { name: "Older keys" });
      const latest = dialog.getByRole("link", { name: "Latest keys" });

      await expect(items).toHaveCount(50);
      const note = await dialog.getByText(/^Showing the latest 50 of [\d,]+ key events today$/).textContent();
      const total = Number(/of ([\d,]+)/.exec(note!)![1].replace(/,/g, ""));
      expect(total).toBeGreaterThanOrEqual(120);
      await expect(latest).toHaveCount(0);
      const seen = new Set(await items.allTextContents());
      expect(seen.size, "the newest 50 are 50 different events").toBe(50);

      // Older pages until there are no older ones: each new, none shown twice, the count kept.
      let pages = 1;
      while ((await older.count()) > 0) {
        await expect(older).toBeInViewport();
        const box = await older.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
        const firstBefore = (await items.first().textContent())!;
        await older.click();
        await expect(page).toHaveURL(/[?&]before=\d+/);
        // With JavaScript the list changes in place once the older page's data has come.
        await expect(items.first()).not.toHaveText(firstBefore);
        await expect(dialog.getByText(`Older key events (${total.toLocaleString("en-IN")} today)`)).toBeVisible();
        await expect(latest).toBeVisible();
        const texts = await items.allTextContents();
        expect(texts.length).toBeGreaterThan(0);
        expect(texts.length).toBeLessThanOrEqual(50);
        for (const text of texts) {
          expect(seen.has(text), `shown on an earlier page: ${text}`).toBe(false);
          seen.add(text);
        }
        pages += 1;
        expect(pages, "pages end").toBeLessThanOrEqual(Math.ceil(total / 50) + 1);
      }
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(seen.size).toBe(total);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      await latest.click();
      await expect(page).not.toHaveURL(/before=/);
      await expect(items).toHaveCount(50);
      await expect(dialog.getByText(/^Showing the latest 50 of [\d,]+ key events today$/)).toBeVisible();
      await expect(older).toBeVisible();
      await dialog.getByRole("link", { name: "Close" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  });
}
