import { expect, test, type Page } from "@playwright/test";
import { fileTrades, signInAsNewUser, waitForHydration } from "./support";

// Issue 22, item 3 (docs/decisions/173): role 1 keeps the dated table of charge rates on /charges
// (add, refuse a bad rate, delete); a customer reads the rates in force and keeps a brokerage plan
// of their own at phone size. With and without JavaScript. The rows are dated in 2098 so that the
// rates in force for every other test stay the migration's.

const toast = (page: Page) => page.getByRole("status");

for (const js of [true, false]) {
  test.describe(`charges ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("role 1 adds a segment's rates from a day, is told what is wrong, and deletes them", async ({ page }) => {
      const day = js ? "2098-01-01" : "2098-01-02";
      const shownDay = js ? "01-01-2098" : "02-01-2098";
      await signInAsNewUser(page, { role: 1, goto: "/charges" });
      await expect(page.getByRole("row", { name: /Index futures.*in force/ })).toContainText("0.02");

      await page.getByRole("link", { name: "Add rates" }).click();
      await waitForHydration(page);
      // With JavaScript the form is a dialog over the page, whose own plan form is still there.
      const form = page.locator("form").filter({ has: page.getByLabel("Segment") });
      await form.getByLabel("Segment").selectOption({ label: "Stock futures" });
      await form.getByLabel("In force from").fill(day);
      for (const [label, value] of [
        ["STT on buys %", "0"],
        ["STT on sells %", "-0.05"],
        ["Exchange transaction charge %", "0.00173"],
        ["SEBI fee %", "0.0001"],
        ["Stamp duty on buys %", "0.002"],
        ["GST %", "18"],
      ]) {
        await form.getByLabel(label, { exact: true }).fill(value);
      }
      await form.getByLabel("Brokerage", { exact: true }).selectOption({ label: "Percentage of the order, up to a cap" });
      await form.getByLabel("Rupees per order, or per cent of the order").fill("0.03");
      await form.getByLabel(/^Cap per order/).fill("20");
      await form.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("STT on sells cannot be negative")).toBeVisible();

      await form.getByLabel("STT on sells %", { exact: true }).fill("0.05");
      await form.getByRole("button", { name: "Save" }).click();
      await expect(toast(page)).toContainText("Charge rates saved");
      await expect(page).toHaveURL(/\/charges$/);
      const row = page.getByRole("row", { name: new RegExp(`Stock futures.*${shownDay}`) });
      await expect(row).toContainText("0.05");
      await expect(row).toContainText("0.03 % of each order, at most ₹20.00");
      // Dated in the future: today's stock futures are still charged by the 2024 row.
      await expect(row).not.toContainText("in force");

      await page.getByRole("link", { name: `Delete Stock futures from ${shownDay}` }).click();
      await waitForHydration(page);
      await expect(page.getByText(`Delete the Stock futures rates in force from ${shownDay}?`)).toBeVisible();
      await page.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page)).toContainText("Charge rates deleted");
      await expect(page.getByRole("row", { name: new RegExp(`Stock futures.*${shownDay}`) })).toHaveCount(0);
    });

    test("a customer on a phone reads the rates in force and keeps a brokerage plan of their own", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAsNewUser(page, { role: 4, symbols: ["NIFTY-I"], goto: false });
      // A closed NIFTY-I trade: buy 1,000 @ 100, sell @ 225.75, gross 1,25,750.00. With the default
      // brokerage (0.03 %, at most Rs 20 an order) its charges are 101.24 (worked by hand in
      // tests/e2e/journal-review.spec.ts); on a flat Rs 15.50 plan: brokerage 31.00, GST 18 % of
      // 36.961225 = 6.65, with STT 45, exchange 5.64, SEBI 0.33 and stamp 2.00: 90.62.
      await fileTrades(page, [{ symbol: "NIFTY-I", tradeType: "BUY", buyPrice: "100", quantity: "1000" }]);
      await page.goto("/trades");
      const id = await page.locator("tr[data-trade-id]").first().getAttribute("data-trade-id");
      const closed = await page.request.post(`/trades/${id}/edit`, { form: { symbol: "NIFTY-I", tradeType: "BUY", buyPrice: "100", sellPrice: "225.75", quantity: "1000" }, maxRedirects: 0 });
      expect(closed.status()).toBe(302);
      const expectCharges = async (charges: string, net: string) => {
        await page.goto("/trades");
        const cell = page.locator(`tr[data-trade-id="${id}"] td[data-field=pnl]`);
        await expect(cell.locator("[data-field=gross-pnl]")).toHaveText("1,25,750.00");
        // Written as a sum under the PNL: "− 101.24", "= 1,25,648.76" (the words are for screen readers).
        await expect(cell.locator("[data-field=charges]")).toHaveText(`Charges − ${charges}`);
        await expect(cell.locator("[data-field=net-pnl]")).toHaveText(`Net PNL = ${net}`);
        // On a phone the table scrolls in its own box: the figures are a swipe away, and the page's totals name them too.
        await cell.scrollIntoViewIfNeeded();
        await expect(cell.locator("[data-field=net-pnl]")).toBeInViewport();
        await expect(page.getByTestId("total-charges")).toHaveText(charges);
        await expect(page.getByTestId("net-pnl")).toHaveText(net);
      };
      await expectCharges("101.24", "1,25,648.76");
      await page.goto("/charges");
      await expect(page.getByRole("link", { name: "Add rates" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);
      await expect(page.getByText("Your trades are charged each segment's default brokerage.")).toBeVisible();
      // The page itself never scrolls sideways on a phone (the rates table scrolls in its own box).
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      await page.getByLabel("Brokerage", { exact: true }).selectOption({ label: "Flat rupees per order" });
      await page.getByLabel("Rupees per order, or per cent of the order").fill("15.5");
      await page.getByRole("button", { name: "Save my plan" }).click();
      await expect(toast(page)).toContainText("Your brokerage plan is saved");
      await expect(page.getByText("Your trades are charged ₹15.50 per order.")).toBeVisible();
      // The plan charges the trade again at once.
      await expectCharges("90.62", "1,25,659.38");
      await page.goto("/charges");

      await page.getByRole("button", { name: "Use the default brokerage" }).click();
      await expect(toast(page)).toContainText("Your trades use the default brokerage again");
      await expect(page.getByText("Your trades are charged each segment's default brokerage.")).toBeVisible();
      await expectCharges("101.24", "1,25,648.76");
      // The rates role 1 edits are not reachable by a customer, even by address.
      await page.goto("/charges/rates");
      await expect(page).not.toHaveURL(/\/charges\/rates/);
    });
  });
}
