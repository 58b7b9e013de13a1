// Issue 19, defect 9 (docs/decisions/145), as a user sees it: the calendar refuses a second entry
// on a segment's day and deletes an entry only after a confirmation that names it; the
// /reference-point Delete asks first too; /Token shows only the latest outcome; the symbol form
// offers no switched-off sector but keeps a symbol's own. Without JavaScript (pages of their own)
// and with it (dialogs over the list), at desktop and phone size where the screen changes.
import { expect, test, type Page } from "@playwright/test";
import { signInAsNewUser, waitForHydration, formRoot } from "./support";

const toast = (page: Page) => page.getByRole("status");
/** A form or a confirmation: a dialog over the list with JavaScript, the page without. */

const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** Each journey its own day, far from the demo data's and the other specs' days. */
function dayOf(size: (typeof SIZES)[number]["name"], js: boolean): { ymd: string; shown: string } {
  const month = (size === "desktop" ? 1 : 3) + (js ? 1 : 0);
  return { ymd: `2041-0${month}-15`, shown: `15-0${month}-2041` };
}

async function calendarDuplicateThenDelete(page: Page, js: boolean, day: { ymd: string; shown: string }) {
  const note = `E2E holiday ${js ? "J" : "N"}${Date.now().toString(36)}`;
  await signInAsNewUser(page, { role: 1, goto: "/calendar" });
  const addEntry = async (text: string) => {
    await page.getByRole("link", { name: "+ Add" }).click();
    const form = formRoot(page, js);
    await expect(form.getByLabel("Note")).toBeVisible();
    await form.getByLabel("Segment").selectOption("NSE");
    await form.getByLabel("Note").fill(text);
    await form.getByRole("switch", { name: "Holiday" }).check();
    await form.getByLabel("Date").fill(day.ymd);
    await form.getByRole("button", { name: "Save" }).click();
    return form;
  };

  await addEntry(note);
  await expect(toast(page)).toContainText("Calendar submitted successfully");
  const row = page.getByRole("row", { name: new RegExp(note) });
  await expect(row).toContainText(day.shown);

  // The same day again: refused under Date, the form kept, nothing added.
  const again = await addEntry(`${note} again`);
  await expect(again.getByText(`NSE already has an entry on ${day.shown} (${note}): edit that entry instead`)).toBeVisible();
  await page.goto("/calendar");
  await expect(page.getByRole("row", { name: new RegExp(`${note} again`) })).toHaveCount(0);

  // Delete asks first and names the entry; Cancel keeps it.
  await row.getByRole("link", { name: `Delete ${note} NSE ${day.shown}` }).click();
  let confirm = formRoot(page, js);
  await expect(confirm.getByRole("heading", { name: "Delete calendar entry" })).toBeVisible();
  await expect(confirm).toContainText(`Delete the NSE entry ${note} on ${day.shown} (Holiday)?`);
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(row).toBeVisible();

  await row.getByRole("link", { name: `Delete ${note} NSE ${day.shown}` }).click();
  confirm = formRoot(page, js);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText(`Calendar entry ${note} (NSE, ${day.shown}) deleted successfully`);
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole("row", { name: new RegExp(note) })).toHaveCount(0);
}

async function referencePointAsksFirst(page: Page, js: boolean) {
  const pointName = `E2E_${js ? "J" : "N"}${Date.now().toString(36).toUpperCase()}`;
  await signInAsNewUser(page, { role: 1, goto: "/upload?tab=reference" });
  // A point of this journey's own, so no other journey's point is deleted.
  await page.getByLabel(/Drag and drop Reference Point files here/).setInputFiles({
    name: `${pointName}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(`symbol_code,point_name,price,display_name,date,slPrice\nNIFTY-I,${pointName},123456.5,E2E point,2041-01-15,\n`),
  });
  await page.getByRole("button", { name: "Upload now" }).click();
  await expect(page.getByRole("article", { name: new RegExp(pointName) })).toContainText("Data posted successfully");

  const list = `/reference-point?q=${pointName}`;
  await page.goto(list);
  const row = page.getByRole("row", { name: new RegExp(pointName) });
  await expect(row).toBeVisible();
  const deleteLink = row.getByRole("link", { name: `Delete NIFTY-I ${pointName}` });

  // One click only asks, naming the point; Cancel goes back to the same filtered list.
  await deleteLink.click();
  let confirm = formRoot(page, js);
  await expect(confirm.getByRole("heading", { name: "Delete reference point" })).toBeVisible();
  await expect(confirm).toContainText(`Delete the reference point ${pointName} (E2E point) of NIFTY-I at 1,23,456.50 dated 15-01-2041?`);
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/reference-point\\?q=${pointName}$`));
  await expect(row).toBeVisible();

  await deleteLink.click();
  confirm = formRoot(page, js);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Reference point deleted successfully");
  await expect(page).toHaveURL(new RegExp(`/reference-point\\?q=${pointName}$`));
  await expect(page.getByRole("row", { name: new RegExp(pointName) })).toHaveCount(0);
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("the calendar refuses a second entry on a day, and deletes after a confirmation page", async ({ page }) => {
        await calendarDuplicateThenDelete(page, false, dayOf(size.name, false));
      });

      test("a /reference-point Delete opens a confirmation page that names the point", async ({ page }) => {
        await referencePointAsksFirst(page, false);
      });
    });

    test.describe("with JavaScript", () => {
      test("the calendar refuses a second entry on a day in the dialog, and deletes after a confirmation dialog", async ({ page }) => {
        await calendarDuplicateThenDelete(page, true, dayOf(size.name, true));
      });

      test("a /reference-point Delete opens a confirmation dialog that names the point", async ({ page }) => {
        await referencePointAsksFirst(page, true);
      });
    });
  });
}

/** Remix has taken over the page: a submission now goes through its router, not a page load. */
const routerReady = (page: Page) => page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized));

async function tokenShowsLatestOutcome(page: Page, js: boolean) {
  const user = await signInAsNewUser(page, { role: 1, goto: "/Token" });
  if (js) await routerReady(page);
  const form = page.locator("main form");
  // A step the provider refuses: its message shows.
  await form.getByLabel("API token").fill("short");
  await form.getByLabel("API secret").fill("tiny");
  await form.getByRole("button", { name: "Request" }).click();
  const refusal = page.getByText(/^Somthing went wrong to Send Opt\. the provider refused the credentials/);
  await expect(refusal).toBeVisible();
  if (js) await routerReady(page);
  // Then one it accepts: the success shows, and the earlier refusal is gone.
  await form.getByLabel("API token").fill("e2e-token-ABCDEFGH");
  await form.getByLabel("API secret").fill("e2e-secret-ZYXWVUTS");
  await form.getByRole("button", { name: "Request" }).click();
  await expect(toast(page)).toContainText(`OTP sent to ${user.email}`);
  await expect(page.getByTestId("stored-token")).toContainText("EFGH");
  await expect(refusal).toHaveCount(0);
}

test.describe("/Token", () => {
  // The stored credentials are one for the whole server: one journey at a time.
  test.describe.configure({ mode: "serial" });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("a success after a refusal shows only the success", async ({ page }) => {
      await tokenShowsLatestOutcome(page, false);
    });
  });

  test.describe("with JavaScript", () => {
    test("a success after a refusal shows only the success", async ({ page }) => {
      await tokenShowsLatestOutcome(page, true);
    });
  });
});

async function symbolFormAndSwitchedOffSector(page: Page, js: boolean) {
  const tag = `${js ? "J" : "N"}${Date.now().toString(36).toUpperCase()}`;
  const sectorName = `E2E Closing ${tag}`;
  const symbolCode = `E2EOFF${tag}`;
  await signInAsNewUser(page, { role: 1, goto: "/sectore/new" });
  let form = formRoot(page, js);
  await form.getByLabel("Name").fill(sectorName);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Sector created successfully");

  await page.goto("/symbols/new");
  await waitForHydration(page);
  form = formRoot(page, js);
  await form.getByLabel("Sector").selectOption({ label: sectorName });
  await form.getByLabel("Name").fill(symbolCode);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Symbol created successfully");

  // The sector is switched off: a new symbol is no longer offered it.
  await page.goto("/sectore");
  await page.getByRole("switch", { name: `${sectorName}: On` }).click();
  await expect(toast(page)).toContainText("Sector turned off");
  await page.goto("/symbols/new");
  await waitForHydration(page);
  form = formRoot(page, js);
  await expect(form.getByLabel("Name")).toBeVisible();
  const offered = await form.getByLabel("Sector").locator("option").allTextContents();
  expect(offered.length).toBeGreaterThan(1);
  expect(offered.filter((label) => label.includes(sectorName))).toEqual([]);

  // The symbol already in it keeps showing it, marked, and saves there.
  await page.goto("/symbols");
  await page.getByRole("link", { name: `Edit ${symbolCode}` }).click();
  form = formRoot(page, js);
  await expect(form.getByLabel("Sector").locator("option:checked")).toHaveText(`${sectorName} (inactive)`);
  await form.getByLabel("Lot Size").fill("75");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Symbol updated successfully");
}

test.describe("the symbol form and switched-off sectors", () => {
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("a switched-off sector is not offered; a symbol's own is kept, marked inactive", async ({ page }) => {
      await symbolFormAndSwitchedOffSector(page, false);
    });
  });
  test.describe("with JavaScript", () => {
    test("a switched-off sector is not offered; a symbol's own is kept, marked inactive", async ({ page }) => {
      await symbolFormAndSwitchedOffSector(page, true);
    });
  });
});
