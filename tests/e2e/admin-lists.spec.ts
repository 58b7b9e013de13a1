import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs/promises";
import { signInAsNewUser } from "./support";

// Issue 19 on the admin lists other than users (docs/decisions/140-admin-console.md, "Lists other
// than users"): the symbol list searched, sorted and exported, the file checked against the
// screen; and a calendar entry edited and closed from page 2 of a searched list, back on the
// same page of the same search (defect 5). With and without JavaScript, and at phone size.

const toast = (page: Page) => page.getByRole("status");

/** Posts a form as the signed-in admin's own page would (the server refuses cross-origin posts). */
async function postForm(page: Page, path: string, form: Record<string, string>) {
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  const response = await page.request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(302);
}

/** Symbol codes of the symbol table's rows, top to bottom. */
async function listedCodes(page: Page): Promise<string[]> {
  return page.getByRole("table", { name: "Symbols" }).locator("tbody th[scope=row]").allTextContents();
}

for (const js of [true, false]) {
  test.describe(`admin lists ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("symbols searched, sorted by lot size and exported: the CSV matches the screen", async ({ page }) => {
      test.setTimeout(60_000);
      const label = `LS${js ? "J" : "N"}${Date.now().toString(36).toUpperCase()}`;
      await signInAsNewUser(page, { role: 1, goto: "/symbols" });
      const sector = page.getByLabel("Sector").locator("option").nth(1);
      const sectorId = (await sector.getAttribute("value"))!;
      const sectorName = (await sector.textContent())!.trim();
      for (const [suffix, lotSize] of [["A", "30"], ["B", "10"], ["C", "20"]]) {
        await postForm(page, "/symbols/new", { sectorId, name: `${label}${suffix}`, description: `List test ${suffix}`, segment: "NSE", lotSize, step: "1" });
      }

      await page.goto("/symbols");
      await page.getByLabel("Search code or description").fill(label.toLowerCase());
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(new RegExp(`q=${label.toLowerCase()}`));
      await expect(page.getByRole("table", { name: "Symbols" }).locator("tbody tr")).toHaveCount(3);
      await expect(page.getByRole("row", { name: new RegExp(`${label}A`) })).toContainText(sectorName);

      await page.getByRole("link", { name: /^Lot size/ }).click();
      await expect(page.getByRole("columnheader", { name: /Lot size/ })).toHaveAttribute("aria-sort", "ascending");
      await expect.poll(() => listedCodes(page)).toEqual([`${label}B`, `${label}C`, `${label}A`]);
      await page.getByRole("link", { name: /^Lot size/ }).click();
      await expect(page.getByRole("columnheader", { name: /Lot size/ })).toHaveAttribute("aria-sort", "descending");
      await expect.poll(() => listedCodes(page)).toEqual([`${label}A`, `${label}C`, `${label}B`]);
      const shown = await listedCodes(page);

      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Export symbols as CSV" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^symbols_\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = (await fs.readFile((await file.path())!, "utf8")).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
      expect(lines[0]).toBe("Id,Symbol,Sector,Segment,Description,Lot size,Step,Last Date,Update Date,Status");
      const cells = lines.slice(1).map((l) => l.split(","));
      expect(cells.map((c) => c[1])).toEqual(shown);
      expect(cells.map((c) => c[2])).toEqual([sectorName, sectorName, sectorName]);
      expect(cells.map((c) => c[5])).toEqual(["30", "20", "10"]);
    });

    test("a calendar entry edited and closed from page 2 of a search: back on page 2 of the same search", async ({ page }) => {
      test.setTimeout(60_000);
      const label = `cal${js ? "j" : "n"}${Date.now().toString(36)}`;
      // Days of a long-past year of this journey's own: a segment has one entry per day, and
      // other journeys expect their own future days on the calendar's first page (admin.spec.ts).
      const year = 1901 + (Date.now() % 45) * 2 + (js ? 0 : 1);
      await signInAsNewUser(page, { role: 1, goto: false });
      for (let day = 1; day <= 12; day++) {
        await postForm(page, "/calendar/new", { segment: "NSE", note: `${label} day ${day}`, date: `${year}-01-${String(day).padStart(2, "0")}` });
      }
      await page.goto("/calendar");
      await page.getByLabel("Search note").fill(label);
      await page.getByLabel("Rows per page").selectOption("10");
      if (!js) await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/size=10/);
      await page.getByRole("link", { name: /^Date/ }).click();
      await expect(page.getByRole("columnheader", { name: /Date/ })).toHaveAttribute("aria-sort", "ascending");
      await page.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/page=2/);
      const rows = page.getByRole("table", { name: "Calendar" }).locator("tbody tr");
      await expect(rows).toHaveCount(2);
      const listUrl = new URL(page.url());
      const listSearch = listUrl.search;
      expect(listSearch).toContain(`q=${label}`);

      await page.getByRole("link", { name: new RegExp(`^Edit ${label} day 11 `) }).click();
      await expect(page).toHaveURL(/\/calendar\/\d+\/edit\?/);
      expect(new URL(page.url()).search).toBe(listSearch);
      await page.getByRole("link", { name: "Close" }).click();
      await expect(page).toHaveURL(`${listUrl.pathname}${listSearch}`);
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText(`${label} day 11`);

      await page.getByRole("link", { name: new RegExp(`^Edit ${label} day 12 `) }).click();
      const form = js ? page.getByRole("dialog") : page.locator("main");
      await form.getByLabel("Note").fill(`${label} day 12 edited`);
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(toast(page)).toContainText("Calendar submitted successfully");
      await expect(page).toHaveURL(`${listUrl.pathname}${listSearch}`);
      await expect(rows.nth(1)).toContainText(`${label} day 12 edited`);
    });
  });
}

test.describe("the symbol list at phone size", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the search, page size and exports stay reachable, and the table scrolls inside its frame", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: "/symbols" });
    for (const control of [page.getByLabel("Search code or description"), page.getByLabel("Rows per page"), page.getByRole("link", { name: "Export symbols as CSV" })]) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport();
    }
    const box = page.getByRole("table", { name: "Symbols" }).locator("xpath=..");
    expect(await box.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    expect(await box.evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
    // Nothing of the list (outside the table's scrolling box) is wider than the phone: named, for the failure message.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("section[aria-labelledby=symbols-title] *")]
        .filter((el) => el.getBoundingClientRect().right > 391 && !el.closest(".overflow-x-auto"))
        .map((el) => `${el.tagName}.${el.className}`)
        .slice(0, 5),
    );
    expect(wide).toEqual([]);
  });
});
