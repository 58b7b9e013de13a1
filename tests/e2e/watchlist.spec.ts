import { expect, test, type Page } from "@playwright/test";
import { type DemoAccount, ROLE_OF, signInAsNewUser } from "./support";

// Issue 4's watchlist journey: create a watchlist, add two symbols, sort by Change % both ways,
// move the new tab one place left (drag with JavaScript, the button without), remove a symbol.
// Each run uses its own account and a uniquely named list, so the two runs never meet.

const toast = (page: Page) => page.getByRole("status");
const tabs = (page: Page) => page.getByRole("list", { name: "Watchlist tabs" }).getByRole("listitem");

async function tabNames(page: Page): Promise<string[]> {
  return tabs(page).evaluateAll((items) => items.map((li) => li.querySelector("a")?.textContent?.trim() ?? ""));
}

async function changePercents(page: Page): Promise<number[]> {
  // Read in one go: live prices may re-render the table between two reads.
  return page.locator('tbody td[data-field="changePercent"]').evaluateAll((cells) => cells.map((c) => Number(c.getAttribute("data-value"))));
}

async function journey(page: Page, account: DemoAccount, js: boolean) {
  const name = `WL ${js ? "J" : "N"}${Date.now().toString(36).toUpperCase()}`;
  await signInAsNewUser(page, { role: ROLE_OF[account], label: "watch", goto: false });
  await page.goto("/watch-list");
  await expect(page.getByRole("heading", { name: "Watch List", level: 1 })).toBeVisible();

  // Create: the name is required.
  await page.getByText("+ Create new watchlist").click();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Please enter a watchlist name")).toBeVisible();
  await page.getByLabel("Watchlist name").fill(name);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(toast(page)).toContainText("Watchlist created successfully");
  await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Symbols (0)" })).toBeVisible();
  await expect(page.getByText("No Data Found")).toBeVisible();

  // Two symbols through the search dropdown.
  for (const code of ["TCS", "INFY"]) {
    await page.getByLabel(`Add symbol to ${name}`).fill(code);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(toast(page)).toContainText("Symbol added to watchlist");
    await expect(page.getByRole("rowheader", { name: code })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Symbols (2)" })).toBeVisible();

  // A refused symbol says why and keeps the user on the list they were adding to.
  await page.getByLabel(`Add symbol to ${name}`).fill("NOPE123");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "NOPE123 is not a listed symbol" })).toBeVisible();
  await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Symbols (2)" })).toBeVisible();

  // Sort by Change %: ascending, then a second click descending; the state is in the URL.
  const changeHeader = page.getByRole("columnheader", { name: /Change %/ });
  await changeHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sort=change&dir=asc/);
  await expect(changeHeader).toHaveAttribute("aria-sort", "ascending");
  let values = await changePercents(page);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  await changeHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sort=change&dir=desc/);
  await expect(changeHeader).toHaveAttribute("aria-sort", "descending");
  values = await changePercents(page);
  expect(values).toEqual([...values].sort((a, b) => b - a));

  // Choosing a symbol checks it.
  await page.getByRole("link", { name: "INFY", exact: true }).click();
  await expect(page.getByRole("row", { name: /INFY/ }).getByRole("img", { name: "Selected" })).toBeVisible();

  // Move the new (last) tab one place left, and the order is stored.
  const before = await tabNames(page);
  const at = before.indexOf(name);
  expect(at).toBe(before.length - 1);
  if (js) {
    // Drag the handle with the mouse onto the tab to its left.
    const handle = page.getByRole("button", { name: `Drag ${name}` });
    const target = page.getByRole("button", { name: `Drag ${before[at - 1]}` });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 - 10, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.move(to.x + to.width / 2 - 5, to.y + to.height / 2, { steps: 5 });
    await page.mouse.up();
  } else {
    await page.getByRole("button", { name: `Move ${name} left` }).click();
  }
  const expected = [...before];
  [expected[at - 1], expected[at]] = [expected[at], expected[at - 1]];
  await expect.poll(() => tabNames(page)).toEqual(expected);
  await page.reload();
  await expect.poll(() => tabNames(page)).toEqual(expected);

  // Filter to nothing, then remove a symbol.
  await page.getByLabel("Search symbols").fill("ZZZNOPE");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No Data Found")).toBeVisible();
  await page.getByLabel("Search symbols").fill("");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: "Remove TCS" }).click();
  await expect(toast(page)).toContainText("Symbol removed from watchlist");
  await expect(page.getByRole("heading", { name: "Symbols (1)" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "TCS" })).toHaveCount(0);
}

test("watchlist journey with JavaScript", async ({ page }) => {
  await journey(page, "employee", true);
});

async function refusedOutsideSubscription(page: Page) {
  await signInAsNewUser(page, { role: 4, goto: false });
  await page.goto("/watch-list");
  const names = await tabNames(page);
  expect(names.length, "the demo customer has a watchlist").toBeGreaterThan(0);
  const last = names[names.length - 1];
  await page.getByRole("link", { name: last, exact: true }).click();
  await expect(page.getByRole("link", { name: last, exact: true })).toHaveAttribute("aria-current", "page");
  await page.getByLabel(`Add symbol to ${last}`).fill("POWERGRID");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "POWERGRID is not in your subscription" })).toBeVisible();
  await expect(page.getByRole("link", { name: last, exact: true })).toHaveAttribute("aria-current", "page");
}

test("a customer adding a symbol outside its subscription is told so and stays on its list", async ({ page }) => {
  await refusedOutsideSubscription(page);
});

test.describe("without JavaScript", () => {
  test("a customer adding a symbol outside its subscription is told so and stays on its list, without JavaScript", async ({ page }) => {
    await refusedOutsideSubscription(page);
  });

  test.use({ javaScriptEnabled: false });
  test("watchlist journey without JavaScript", async ({ page }) => {
    await journey(page, "admin", false);
  });
});
