import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { signInAsNewUser, waitForHydration } from "./support";

// Issue 22, item 5 (docs/decisions/169): a Zerodha Console tradebook imported into the journal
// with a preview, then imported again with every row skipped as a duplicate; with and without
// JavaScript, and the preview at phone width. Each journey has a user of its own, so its
// broker trade ids are new to it.

const FIXTURE = "tests/fixtures/tradebook/zerodha-tradebook.csv";
const toast = (page: Page) => page.getByRole("status");
const summary = (page: Page, label: string) => page.getByTestId("import-summary").locator("div").filter({ has: page.getByText(label, { exact: true }) }).locator("dd");

async function uploadFixture(page: Page) {
  await page.goto("/trades/import");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Import tradebook" })).toBeVisible();
  await page.getByLabel("Tradebook file").setInputFiles(FIXTURE);
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page).toHaveURL(/\/trades\/import\/\d+$/);
  await expect(page.getByRole("heading", { name: "Tradebook preview" })).toBeVisible();
}

/** The next week's tradebook: one sell of the RELIANCE the fixture leaves open. */
async function uploadNextWeek(page: Page) {
  await page.goto("/trades/import");
  await waitForHydration(page);
  const header = readFileSync(FIXTURE, "utf8").split("\n")[0];
  const nextWeek = `${header}\nRELIANCE,INE002A01018,2026-11-26,NSE,EQ,EQ,sell,false,5.000000,2530.000000,31000101,1100000000000101,2026-11-26T09:30:00\n`;
  await page.getByLabel("Tradebook file").setInputFiles({ name: "tradebook-next.csv", mimeType: "text/csv", buffer: Buffer.from(nextWeek) });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByRole("heading", { name: "Open trades this file exits" })).toBeVisible();
}

for (const js of [true, false]) {
  test.describe(`tradebook import ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("import with a preview, then a re-import skips every row as a duplicate", async ({ page }) => {
      await signInAsNewUser(page, { role: 3, label: "tradebook", goto: "/trades" });
      await page.getByRole("link", { name: "Import tradebook" }).click();
      await expect(page).toHaveURL(/\/trades\/import$/);

      await uploadFixture(page);
      await expect(toast(page)).toContainText("Check the preview, then Confirm the import.");
      await expect(summary(page, "Round trips")).toHaveText("8");
      await expect(summary(page, "Unknown symbol (skipped)")).toHaveText("0");
      await expect(summary(page, "Realised PNL")).toHaveText("351.45");
      const trips = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Exits" }) });
      // The futures contract NIFTY26NOVFUT, bought on its expiry day, is journaled as NIFTY-I (decision 169).
      await expect(trips.getByRole("row").filter({ hasText: "NIFTY-I" })).toContainText("24,100.00");
      // The short closed in two exits, and the INFY order's two fills as one entry at their exact average.
      await expect(trips.getByRole("row").filter({ hasText: "SELL" })).toContainText("3 @ 3,390.00");
      await expect(trips.getByRole("row").filter({ hasText: "INFY" })).toContainText("1,500.05");

      await page.getByRole("button", { name: "Confirm import of 8 trades" }).click();
      await expect(page.getByRole("heading", { name: "Tradebook imported" })).toBeVisible();
      await expect(toast(page)).toContainText("8 trades imported from the tradebook.");
      await expect(summary(page, "Trades created")).toHaveText("8");
      await expect(page.getByRole("button", { name: /Confirm/ })).toHaveCount(0);
      await expect(page.getByRole("row").filter({ hasText: "31000001" })).toContainText(/Imported into trade #\d+/);

      // The same file again: nothing new.
      await uploadFixture(page);
      await expect(summary(page, "Round trips")).toHaveText("0");
      await expect(summary(page, "Already imported (skipped)")).toHaveText("15");
      const rows = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Outcome" }) }).locator("tbody tr");
      await expect(rows).toHaveCount(15);
      await expect(rows.filter({ hasText: "Skipped: already imported" })).toHaveCount(15);
      await page.getByRole("button", { name: "Confirm (nothing to import)" }).click();
      await expect(toast(page)).toContainText("0 trades imported from the tradebook; 15 rows skipped.");

      // The next week's tradebook: its sell exits the RELIANCE trade the first file left open (decision 169).
      await uploadNextWeek(page);
      await expect(summary(page, "Earlier trades exited")).toHaveText("1");
      await expect(summary(page, "Realised PNL")).toHaveText("100.00");
      await expect(page.getByTestId("continued-trades").getByRole("row").filter({ hasText: "RELIANCE" })).toContainText("5 @ 2,530.00");
      await page.getByRole("button", { name: "Confirm import of exits of 1 open trade" }).click();
      await expect(toast(page)).toContainText("0 trades imported from the tradebook; exits added to 1 open trade of earlier imports.");
      await expect(page.getByRole("row").filter({ hasText: "31000101" })).toContainText(/Added to trade #\d+ as an exit/);
    });

    test("a file that is not a tradebook is refused with a message", async ({ page }) => {
      await signInAsNewUser(page, { role: 4, label: "tradebook-bad", goto: "/trades/import" });
      await page.getByLabel("Tradebook file").setInputFiles({ name: "notes.csv", mimeType: "text/csv", buffer: Buffer.from("Date,Symbol,Qty\n2026-11-23,INFY,1\n") });
      await page.getByRole("button", { name: "Upload and preview" }).click();
      await expect(page.getByText(/^This is not a Zerodha tradebook/)).toBeVisible();
      await expect(page).toHaveURL(/\/trades\/import$/);
    });
  });
}

test.describe("the preview at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const js of [true, false]) {
    test(`fits the screen, its tables scroll in their own box, ${js ? "with" : "without"} JavaScript`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await signInAsNewUser(page, { role: 3, label: "tradebook-phone", goto: false });
      await uploadFixture(page);
      const confirm = page.getByRole("button", { name: "Confirm import of 8 trades" });
      await expect(confirm).toBeVisible();
      expect(await confirm.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const fitsInItsBox = async (name: string) => {
        const box = page.getByRole("region", { name });
        expect(await box.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
        expect(await box.evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
      };
      for (const name of ["Round trips", "Rows of the tradebook"]) await fitsInItsBox(name);

      // The next week's file: the earlier trades it exits fit the phone as well.
      await confirm.click();
      await expect(page.getByRole("heading", { name: "Tradebook imported" })).toBeVisible();
      await uploadNextWeek(page);
      const confirmExits = page.getByRole("button", { name: "Confirm import of exits of 1 open trade" });
      await expect(confirmExits).toBeVisible();
      expect(await confirmExits.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await fitsInItsBox("Open trades exited");
      await expect(page.getByTestId("continued-trades").getByRole("row").filter({ hasText: "RELIANCE" })).toContainText("5 @ 2,530.00");
      await context.close();
    });
  }
});
