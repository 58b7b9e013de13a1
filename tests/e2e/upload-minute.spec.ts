import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { signInAsNewUser } from "./support";

const SAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/minute/NIFTY_sample.csv");

/** NIFTY-I's bars of one IST day at a resolution, through the chart's own datafeed (not the database). */
async function barsOfDay(page: Page, ymd: string, resolution: string): Promise<{ count: number; volume: number }> {
  const start = Date.parse(`${ymd}T00:00:00+05:30`) / 1000;
  const res = await page.request.get(`/udf/history?symbol=NIFTY-I&resolution=${resolution}&from=${start}&to=${start + 86_399}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { s: string; t?: number[]; v?: number[] };
  return body.s === "ok" ? { count: (body.t ?? []).length, volume: (body.v ?? []).reduce((a, b) => a + b, 0) } : { count: 0, volume: 0 };
}

/**
 * Issue 19 (docs/decisions/142 "Other files on the Upload page"): a vendor 1-minute file is
 * previewed (counts shown, nothing stored), committed, and its minutes (and their hours) are then
 * served to the chart. Each journey uses its own days: the server's tables are shared.
 */
async function minuteJourney(page: Page, day1: string, day2: string) {
  await signInAsNewUser(page, { role: 1, goto: "/upload?tab=minute" });
  const ymd1 = `${day1.slice(0, 4)}-${day1.slice(4, 6)}-${day1.slice(6)}`;
  const fileName = `NIFTY_F1-${day1}.csv`;
  const csv = fs.readFileSync(SAMPLE, "utf8").replace(/20231115/g, day1).replace(/20231116/g, day2);
  const fileVolume = csv
    .trim()
    .split("\n")
    .filter((l) => l.includes(`,${day1},`))
    .reduce((n, l) => n + Number(l.split(",")[7]), 0);
  expect(await barsOfDay(page, ymd1, "1")).toEqual({ count: 0, volume: 0 });

  await page.getByLabel(/Drag and drop 1-Minute Bars files/).setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload now" }).click();

  const preview = page.getByRole("region", { name: `Preview — ${fileName}` });
  await expect(preview).toBeVisible();
  await expect(page).toHaveURL(/\/upload\?tab=minute&batch=\d+$/);
  const counts = preview.getByLabel("Counts");
  await expect(counts.locator("dt")).toHaveText(["Minutes to store", "New", "Replacing", "Skipped"]);
  await expect(counts.locator("dd")).toHaveText(["33", "33", "0", "0"]);
  await expect(preview.getByRole("list", { name: "Dates" })).toContainText("(32 minutes)");
  await expect(preview).toContainText("NIFTY-I");
  await expect(preview.getByRole("article", { name: new RegExp(fileName) })).toContainText("Ready to store: 33 rows.");
  // The preview stored nothing.
  expect(await barsOfDay(page, ymd1, "1")).toEqual({ count: 0, volume: 0 });

  await preview.getByLabel("Store these dates anyway").check();
  await preview.getByRole("button", { name: "Commit" }).click();
  await expect(page.getByRole("status")).toContainText("Data posted successfully: 33 1-minute candles stored (33 new, 0 replacing). A 1-minute upload cannot be undone.");
  await expect(page.getByRole("region", { name: /^Upload \d+: Committed — / })).toBeVisible();
  const row = page.getByRole("region", { name: "Upload history" }).getByRole("row", { name: new RegExp(fileName) });
  await expect(row).toContainText("Committed");
  await expect(row).toContainText("Cannot be undone");

  // The chart gets the minutes, and the hourly candles built from them.
  expect(await barsOfDay(page, ymd1, "1")).toEqual({ count: 32, volume: fileVolume });
  expect((await barsOfDay(page, ymd1, "60")).volume).toBe(fileVolume);
}

test.describe("1-minute upload with JavaScript", () => {
  test("preview, commit, then the chart's minutes", async ({ page }) => {
    await minuteJourney(page, "20220314", "20220315");
  });
});

test.describe("1-minute upload without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("preview, commit, then the chart's minutes", async ({ page }) => {
    await minuteJourney(page, "20220316", "20220317");
  });
});

test.describe("1-minute upload at phone size", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the preview fits the screen", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: "/upload?tab=minute" });
    const csv = fs.readFileSync(SAMPLE, "utf8").replace(/20231115/g, "20220318").replace(/20231116/g, "20220321");
    await page.getByLabel(/Drag and drop 1-Minute Bars files/).setInputFiles({ name: "phone.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload now" }).click();
    const preview = page.getByRole("region", { name: "Preview — phone.csv" });
    await expect(preview.getByLabel("Counts").locator("dd")).toHaveText(["33", "33", "0", "0"]);
    // The preview and what is in it fit the screen (as tests/e2e/upload.spec.ts checks the bhav preview).
    expect(await preview.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const part of [preview, preview.getByLabel("Counts"), preview.getByRole("button", { name: "Commit" }), preview.getByRole("button", { name: "Discard" })]) {
      const b = await part.boundingBox();
      expect(b!.x + b!.width).toBeLessThanOrEqual(390);
    }
    await preview.getByRole("button", { name: "Discard" }).click();
    await expect(page.getByRole("status")).toContainText("Preview discarded: nothing was stored from phone.csv.");
  });
});
