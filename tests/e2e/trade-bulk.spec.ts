import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { fileTrades, signInAsNewUser, waitForHydration } from "./support";

// The trade list works harder (issue 22, docs/decisions/172): tick rows, close them at the live
// price after a confirmation that names the count, see them closed; download the filtered list;
// the bulk bar on a 390 px phone. With JavaScript (the confirmation is the app's dialog) and
// without (a page of its own). A customer's list holds only its own trades, so parallel tests
// never touch these rows.

const toast = (page: Page) => page.getByRole("status");

/** Files three open BUY trades of distinct quantities and answers their row ids, by quantity. */
async function threeOpenTrades(page: Page): Promise<Map<string, string>> {
  const quantities = ["11", "12", "13"];
  await fileTrades(
    page,
    quantities.map((quantity) => ({ symbol: "NIFTY-I", tradeType: "BUY", buyPrice: "24000", quantity, targetPrice: "24500", slPrice: "23800" })),
  );
  await page.goto("/trades");
  await waitForHydration(page);
  const ids = new Map<string, string>();
  for (const quantity of quantities) {
    const row = rowOf(page, quantity);
    await expect(row).toHaveCount(1);
    ids.set(quantity, (await row.getAttribute("data-trade-id")) ?? "");
  }
  return ids;
}

const rowOf = (page: Page, quantity: string) => page.locator("tr[data-trade-id]").filter({ has: page.getByRole("cell", { name: quantity, exact: true }) });

for (const js of [true, false]) {
  test.describe(`bulk actions and export ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("tick two rows, close them at the live price after 'Close 2 trades at the live price?', see them closed", async ({ page }) => {
      await signInAsNewUser(page, { role: 4, label: "bulk", goto: false });
      const ids = await threeOpenTrades(page);
      const bar = page.getByRole("form", { name: "Selected trades" });
      if (js) await expect(bar.getByRole("button", { name: "Close at live price" })).toBeDisabled();
      await page.getByRole("checkbox", { name: `Select trade #${ids.get("11")}` }).check();
      await page.getByRole("checkbox", { name: `Select trade #${ids.get("13")}` }).check();
      if (js) await expect(bar).toContainText("2 trades selected");
      await bar.getByRole("button", { name: "Close at live price" }).click();

      const ask = js ? page.getByRole("dialog") : page.locator("main");
      await expect(ask.getByText("Close 2 trades at the live price?")).toBeVisible();
      if (!js) {
        // A page of its own, its URL naming the action and the ticked rows (in the list's order).
        await expect(page).toHaveURL(/\/trades\/bulk\?intent=close&ids=\d+&ids=\d+$/);
        expect(new URL(page.url()).searchParams.getAll("ids").sort()).toEqual([ids.get("11"), ids.get("13")].sort());
      }
      await ask.getByRole("button", { name: "Confirm" }).click();

      await expect(toast(page)).toContainText("2 trades closed");
      await expect(page).toHaveURL(/\/trades(\?|$)/);
      await expect(rowOf(page, "11")).toContainText("Closed");
      await expect(rowOf(page, "13")).toContainText("Closed");
      await expect(rowOf(page, "12")).toContainText("Open");
      // The exit price is the live price: the closed BUY's sell cell is filled.
      await expect(rowOf(page, "11").locator("td").nth(5)).not.toHaveText("0.00");
      if (js) await expect(page.getByRole("checkbox", { name: `Select trade #${ids.get("11")}` })).not.toBeChecked();
    });

    test("Cancel changes nothing; Delete names the count too", async ({ page }) => {
      await signInAsNewUser(page, { role: 4, label: "bulkdel", goto: false });
      const ids = await threeOpenTrades(page);
      for (const id of ids.values()) await page.getByRole("checkbox", { name: `Select trade #${id}` }).check();
      const bar = page.getByRole("form", { name: "Selected trades" });
      await bar.getByRole("button", { name: "Delete" }).click();
      const ask = js ? page.getByRole("dialog") : page.locator("main");
      await expect(ask.getByText("Delete 3 trades?")).toBeVisible();
      await ask.getByRole("link", { name: "Cancel" }).click();
      await expect(page.locator("tr[data-trade-id]")).toHaveCount(3);
      if (!js) for (const id of ids.values()) await page.getByRole("checkbox", { name: `Select trade #${id}` }).check();
      await bar.getByRole("button", { name: "Delete" }).click();
      await ask.getByRole("button", { name: "Confirm" }).click();
      await expect(toast(page)).toContainText("3 trades deleted");
      await expect(page.locator("tr[data-trade-id]")).toHaveCount(0);
    });

    test("the CSV export downloads the listed rows", async ({ page }) => {
      await signInAsNewUser(page, { role: 4, label: "bulkcsv", goto: false });
      const ids = await threeOpenTrades(page);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export trades as CSV" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^trades_\d{4}-\d{2}-\d{2}\.csv$/);
      const text = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
      const lines = text.trim().split("\n");
      expect(lines[0]).toContain("Trade Id,Symbol,Trade Type,User Name");
      const exported = lines.slice(1).map((line) => line.split(",")[0]);
      // Newest first, as the list shows them.
      const listed = await page.locator("tr[data-trade-id]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-trade-id")));
      expect(exported).toEqual(listed);
      expect([...ids.values()].sort()).toEqual([...exported].sort());
      const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export trades as Excel" }).click()]);
      expect(xlsx.suggestedFilename()).toMatch(/^trades_\d{4}-\d{2}-\d{2}\.xlsx$/);
    });
  });
}

test.describe("the bulk bar on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("fits 390 px: every button in view, nothing wider than the screen", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, label: "bulkphone", goto: false });
    await page.goto("/trades");
    await waitForHydration(page);
    const bar = page.getByRole("form", { name: "Selected trades" });
    for (const name of ["Verify", "Close at live price", "Delete"]) {
      const box = await bar.getByRole("button", { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(box!.height).toBeGreaterThanOrEqual(24);
    }
    const exportLink = await page.getByRole("link", { name: "Export trades as CSV" }).boundingBox();
    expect(exportLink!.x + exportLink!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
