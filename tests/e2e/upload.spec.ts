import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { signInAsNewUser } from "./support";

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures");
const bhav = (name: string) => path.join(FIXTURES, "bhav", name);

/** A bhav copy is previewed first (docs/decisions/142): tick the far-date box when asked, then Commit. */
async function commitPreview(page: Page) {
  const preview = page.getByRole("region", { name: /^Preview — / });
  await expect(preview).toBeVisible();
  const confirm = preview.getByLabel("Store these dates anyway");
  if (await confirm.count()) await confirm.check();
  await preview.getByRole("button", { name: "Commit" }).click();
  await expect(page.getByRole("region", { name: /^Upload \d+: Committed — / })).toBeVisible();
}

/** NIFTY-I's daily bars around a day, through the chart's own datafeed (not the database). */
async function dailyBarsAround(page: Page, ymd: string): Promise<number> {
  const day = Date.parse(`${ymd}T00:00:00Z`) / 1000;
  const res = await page.request.get(`/udf/history?symbol=NIFTY-I&resolution=1D&from=${day - 2 * 86400}&to=${day + 2 * 86400}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { s: string; t?: number[] };
  return body.s === "ok" ? (body.t ?? []).length : 0;
}

/**
 * Issue 19, defect 6: a bhav copy of an old date is previewed (nothing stored, the date flagged),
 * committed, listed in the history and undone. Each journey uses its own date and file name:
 * the server and its daily table are shared with the other journeys.
 */
async function previewCommitUndo(page: Page, nseDate: string, ymd: string, label: string) {
  await signInAsNewUser(page, { role: 1, goto: "/upload?tab=bhav" });
  const fileName = `fo-${label}-${Date.now()}.csv`;
  const csv = fs.readFileSync(bhav("fo-legacy-sample.csv"), "utf8").replace(/06-FEB-2020/g, nseDate);
  expect(await dailyBarsAround(page, ymd)).toBe(0);
  await page.getByLabel(/Drag and drop Bhav Copy files/).setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload now" }).click();

  const preview = page.getByRole("region", { name: `Preview — ${fileName}` });
  await expect(preview).toBeVisible();
  await expect(page).toHaveURL(/\/upload\?tab=bhav&batch=\d+$/);
  await expect(preview.getByRole("alert")).toContainText("Warning: 1 date is far from today");
  await expect(preview.getByRole("alert")).toContainText(ymd.split("-").reverse().join("-"));
  const counts = preview.getByLabel("Counts");
  await expect(counts.locator("dt")).toHaveText(["Rows to store", "New", "Replacing", "Skipped"]);
  await expect(counts.locator("dd")).toHaveText(["2", "2", "0", "1"]);
  await expect(preview.getByRole("list", { name: "Dates" })).toHaveText(`${ymd.split("-").reverse().join("-")} (2 rows)`);
  await expect(preview).toContainText("BANKNIFTY-I, NIFTY-I");
  // Why rows were skipped is still told, row by row.
  await expect(preview.getByRole("article", { name: new RegExp(fileName) })).toContainText("1 row skipped: the symbol is not listed (RELIANCE-I).");
  await expect(preview.getByRole("article", { name: new RegExp(fileName) })).toContainText("Ready to store: 2 rows.");
  // The preview stored nothing.
  expect(await dailyBarsAround(page, ymd)).toBe(0);

  await preview.getByLabel("Store these dates anyway").check();
  await preview.getByRole("button", { name: "Commit" }).click();
  await expect(page.getByRole("status")).toContainText("Data posted successfully: 2 rows stored (2 new, 0 replacing).");
  const committed = page.getByRole("region", { name: `Upload ${/batch=(\d+)/.exec(page.url())?.[1]}: Committed — ${fileName}` });
  await expect(committed).toBeVisible();
  await expect(committed.getByRole("article", { name: new RegExp(fileName) })).toContainText("Data posted successfully: 2 rows stored.");
  expect(await dailyBarsAround(page, ymd)).toBe(1);

  const history = page.getByRole("region", { name: "Upload history" });
  const row = history.getByRole("row", { name: new RegExp(fileName) });
  await expect(row).toContainText("Committed");
  await expect(row).toContainText("2 (2 / 0)");
  await row.getByRole("button", { name: /^Undo upload \d+$/ }).click();
  await expect(page.getByRole("status")).toContainText(/Upload \d+ undone: 2 new rows removed, 0 replaced rows restored\./);
  await expect(page).toHaveURL(/\/upload\?tab=bhav$/);
  await expect(history.getByRole("row", { name: new RegExp(fileName) })).toContainText("Undone");
  await expect(history.getByRole("row", { name: new RegExp(fileName) }).getByRole("button", { name: /Undo/ })).toHaveCount(0);
  expect(await dailyBarsAround(page, ymd)).toBe(0);
}

test.describe("upload and bonus split without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a bhav copy goes in through the plain multipart form and the report shows", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: false });
    await page.goto("/upload?tab=bhav");
    await expect(page.getByRole("link", { name: "Bhav Copy" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("No files selected")).toBeVisible();
    await page.getByLabel("Drag and drop Bhav Copy files here, or choose them").setInputFiles(bhav("fo-legacy-sample.csv"));
    // No script can name the files, but the empty note gives way once some are chosen (CSS only).
    await expect(page.getByText("No files selected")).toBeHidden();
    await expect(page.getByText("Files chosen: press Upload now.")).toBeVisible();
    await page.getByRole("button", { name: "Upload now" }).click();
    await commitPreview(page);

    const report = page.getByRole("article", { name: /fo-legacy-sample\.csv/ });
    await expect(report).toContainText("NSE F&O bhav copy (old format)");
    await expect(report).toContainText("Data posted successfully: 2 rows stored.");
    await expect(report).toContainText("1 row skipped: the symbol is not listed (RELIANCE-I).");
    await expect(report).toContainText("7 rows not used: options and later expiries.");
    const stored = report.getByRole("row", { name: /NIFTY-I/ }).first();
    await expect(stored).toContainText("settlement 12,160.40");
    await expect(stored).toContainText("Data posted successfully");
    // The page stays on its tab (showing the committed upload), and the selection starts empty again.
    await expect(page).toHaveURL(/\/upload\?tab=bhav&batch=\d+$/);
    await expect(page.getByText("No files selected")).toBeVisible();
  });

  test("bad rows are listed with 'Error posting data' and their reason", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: false });
    await page.goto("/upload?tab=bhav");
    await page.getByLabel(/Drag and drop Bhav Copy files/).setInputFiles([bhav("fo-legacy-bad-rows.csv"), bhav("udiff-cm-sample.csv")]);
    await page.getByRole("button", { name: "Upload now" }).click();
    await commitPreview(page);
    const bad = page.getByRole("article", { name: /fo-legacy-bad-rows\.csv/ });
    await expect(bad).toContainText("Data posted successfully: 1 row stored.");
    await expect(bad.getByRole("row", { name: /SYMBOL property is missing in data entry/ })).toContainText("Error posting data");
    await expect(bad.getByRole("row", { name: /SYMBOL property is missing/ }).getByRole("cell").first()).toHaveText("3");
    await expect(page.getByRole("article", { name: /udiff-cm-sample\.csv/ })).toContainText("NSE UDiFF bhav copy");
  });

  test("a file that is not a bhav copy says which formats are accepted", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: false });
    await page.goto("/upload?tab=bhav");
    await page.getByLabel(/Drag and drop Bhav Copy files/).setInputFiles({ name: "notes.csv", mimeType: "text/csv", buffer: Buffer.from("Date,Open\n2020-01-01,1\n") });
    await page.getByRole("button", { name: "Upload now" }).click();
    await expect(page.getByRole("article", { name: /notes\.csv/ })).toContainText(
      "Error posting data: This file is not a recognised bhav copy. Accepted bhav copy formats:",
    );
  });

  test("a bhav copy is previewed, committed and undone, each step a plain form post", async ({ page }) => {
    await previewCommitUndo(page, "06-FEB-2019", "2019-02-06", "nojs");
  });

  test("the tabs are links", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: false });
    await page.goto("/upload");
    // Scoped to the tabs: the sidebar also links to the Reference Point screen now.
    const tabs = page.getByRole("navigation", { name: "Upload type" });
    await expect(tabs.getByRole("link", { name: "Reference Point" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("symbol_code,point_name,price,display_name,date,slPrice")).toBeVisible();
    await tabs.getByRole("link", { name: "Bhav Copy" }).click();
    await expect(page).toHaveURL(/\?tab=bhav$/);
    await expect(page.getByRole("button", { name: "Cancel" })).toBeVisible();
  });

  test("Bonus Splitting shows the documents' messages, then applies a split", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: false });
    await page.goto("/BonusSplitting");
    await page.getByRole("button", { name: "Split Bonus" }).click();
    await expect(page.getByText("Please select script")).toBeVisible();
    await expect(page.getByText("Please enter number.")).toBeVisible();
    await expect(page.getByText("Please select a valid .")).toBeVisible();

    await page.getByLabel("Symbol").selectOption({ label: "POWERGRID" });
    await page.getByLabel("Number").fill("0");
    await page.getByLabel("Operation").selectOption("Multiply");
    await page.getByRole("button", { name: "Split Bonus" }).click();
    await expect(page.getByText("Please enter number.")).toBeVisible();
    await expect(page.getByText("Please select script")).toBeHidden();
    await expect(page.getByLabel("Symbol")).toHaveValue(/\d+/);

    // Multiplying by 1 changes no price, so the shared demo data stays as it was.
    await page.getByLabel("Number").fill("1");
    await page.getByRole("button", { name: "Split Bonus" }).click();
    await expect(page.getByRole("status")).toContainText(/Bonus split applied to POWERGRID: [\d,]+ daily and [\d,]+ intraday rows multiplied by 1\./);
  });
});

test.describe("upload with JavaScript", () => {
  test("dropping files onto the zone lists their names and sizes; Cancel clears them", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: false });
    await page.goto("/upload?tab=bhav");
    await expect(page.getByText("No files selected")).toBeVisible();
    const zone = page.getByTestId("drop-zone");
    const dataTransfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(["INSTRUMENT,SYMBOL\n".repeat(64)], "fo01JAN2020bhav.csv", { type: "text/csv" }));
      dt.items.add(new File(["x"], "cm.csv", { type: "text/csv" }));
      return dt;
    });
    // The drop handler is React's: retry until the page has hydrated (a drop before that does nothing).
    await expect(async () => {
      await zone.dispatchEvent("drop", { dataTransfer });
      await expect(page.getByRole("list", { name: "Selected files" })).toBeVisible({ timeout: 500 });
    }).toPass();
    const list = page.getByRole("list", { name: "Selected files" });
    await expect(list.getByRole("listitem")).toHaveText(["fo01JAN2020bhav.csv (1.1 KB)", "cm.csv (1 B)"]);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("No files selected")).toBeVisible();
  });

  test("an upload with JavaScript shows the same report", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: false });
    await page.goto("/upload?tab=bhav");
    await page.getByLabel(/Drag and drop Bhav Copy files/).setInputFiles(bhav("udiff-fo-sample.csv"));
    await expect(page.getByRole("list", { name: "Selected files" })).toContainText("udiff-fo-sample.csv");
    await page.getByRole("button", { name: "Upload now" }).click();
    await commitPreview(page);
    await expect(page.getByRole("article", { name: /udiff-fo-sample\.csv/ })).toContainText("Data posted successfully: 1 row stored.");
    await expect(page.getByText("No files selected")).toBeVisible();
  });

  test("a bhav copy is previewed, committed and undone", async ({ page }) => {
    await previewCommitUndo(page, "06-MAR-2019", "2019-03-06", "js");
  });

  test("Bonus Splitting checks in the browser, and after a split the form starts empty", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: false });
    await page.goto("/BonusSplitting");
    await expect(async () => {
      await page.getByRole("button", { name: "Split Bonus" }).click();
      await expect(page.getByText("Please select script")).toBeVisible({ timeout: 500 });
    }).toPass();
    await expect(page.getByText("Please enter number.")).toBeVisible();
    await expect(page.getByText("Please select a valid .")).toBeVisible();
    await page.getByLabel("Symbol").selectOption({ label: "POWERGRID" });
    await page.getByLabel("Number").fill("1");
    await page.getByLabel("Operation").selectOption("Division");
    await page.getByRole("button", { name: "Split Bonus" }).click();
    await expect(page.getByRole("status")).toContainText("Bonus split applied to POWERGRID:");
    await expect(page.getByLabel("Symbol")).toHaveValue("");
    await expect(page.getByLabel("Number")).toHaveValue("");
    await expect(page.getByText("Please select script")).toBeHidden();
  });
});

test.describe("upload preview at phone size", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the preview fits the screen: warning, counts and Commit are readable without scrolling sideways", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: "/upload?tab=bhav" });
    const fileName = `fo-phone-${Date.now()}.csv`;
    const csv = fs.readFileSync(bhav("fo-legacy-sample.csv"), "utf8").replace(/06-FEB-2020/g, "08-APR-2019");
    await page.getByLabel(/Drag and drop Bhav Copy files/).setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload now" }).click();
    const preview = page.getByRole("region", { name: `Preview — ${fileName}` });
    await expect(preview).toBeVisible();
    const box = await preview.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // Nothing in it is wider than the preview itself.
    expect(await preview.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const part of [preview.getByRole("alert"), preview.getByLabel("Counts"), preview.getByRole("button", { name: "Commit" }), preview.getByRole("button", { name: "Discard" })]) {
      const b = await part.boundingBox();
      expect(b!.x + b!.width).toBeLessThanOrEqual(390);
    }
    // Leave nothing staged behind.
    await preview.getByRole("button", { name: "Discard" }).click();
    await expect(page.getByRole("status")).toContainText(`Preview discarded: nothing was stored from ${fileName}.`);
  });
});
