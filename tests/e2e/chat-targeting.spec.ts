import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { signInAsNewUser, type NewUser, type Role } from "./support";

// Targeted broadcasts and resolved support conversations (docs/decisions/146), in browsers of
// their own: a broadcast to chosen users reaches the chosen customer live and not another one;
// without JavaScript the picker's search, a targeted send, resolving, filtering and searching
// the inbox; the inbox at 390 px. Each test makes its own users.

const unique = () => Math.random().toString(36).slice(2, 8);

const opened: BrowserContext[] = [];
// Several browsers on a 2-core machine: each journey gets three times the usual time.
test.beforeEach(() => {
  test.slow();
});
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

async function open(
  browser: Browser,
  role: Role,
  options: { javaScriptEnabled?: boolean; goto?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; user: NewUser }> {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScriptEnabled ?? true, viewport: options.viewport });
  opened.push(context);
  const page = await context.newPage();
  const user = await signInAsNewUser(page, { role, label: "target", goto: options.goto });
  return { page, user };
}

const banners = (page: Page) => page.getByRole("region", { name: "Broadcast messages" });
const conversations = (page: Page) => page.getByRole("navigation", { name: "Conversations" });
const pane = (page: Page) => page.getByRole("region", { name: "Conversation" });
const lineOf = (page: Page, name: string) => conversations(page).getByRole("link", { name: new RegExp(`^${name}\\b`) });

/** A new customer opens its conversation with support and writes in it. */
async function customerWrites(page: Page, text: string) {
  await page.goto("/support");
  const contact = page.getByRole("button", { name: "Contact Us" });
  if (await contact.isVisible()) {
    await contact.click();
    await expect(page).toHaveURL(/\/support\/\d+$/);
  } else {
    await conversations(page).getByRole("link", { name: /^Support/ }).click();
  }
  await pane(page).getByRole("textbox", { name: "Message" }).fill(text);
  await pane(page).getByRole("button", { name: "Send" }).click();
  await expect(pane(page).getByRole("list", { name: "Messages" }).getByText(text)).toBeVisible();
}

test.describe("with JavaScript", () => {
  test("a broadcast to a chosen customer reaches that customer live, and not another customer", async ({ browser }) => {
    const chosen = await open(browser, 4);
    const other = await open(browser, 4);
    const admin = await open(browser, 1, { goto: "/broadcast/message" });
    for (const p of [chosen.page, other.page, admin.page]) await expect(p.locator('section[aria-label="Broadcast messages"][data-live="true"]')).toBeAttached();

    await admin.page.getByRole("link", { name: "+ Add" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "BroadCast Message" });
    const secret = `Only for you ${unique()}`;
    await dialog.getByRole("textbox", { name: "Message" }).fill(secret);
    await dialog.getByRole("radio", { name: "Chosen users" }).check();
    // With JavaScript only the picker of the chosen audience shows.
    await expect(dialog.getByRole("group", { name: "Roles" })).toHaveCount(0);
    await dialog.getByRole("searchbox", { name: "Find users" }).fill(chosen.user.username);
    await dialog.getByRole("button", { name: "Search users" }).click();
    await dialog.getByRole("checkbox", { name: new RegExp(`^${chosen.user.name} \\(`) }).check();
    // The text typed before the search is still there.
    await expect(dialog.getByRole("textbox", { name: "Message" })).toHaveValue(secret);
    await dialog.getByRole("button", { name: "Send to chosen users" }).click();
    await expect(admin.page.getByRole("status")).toContainText("Broadcast message sent successfully");
    await expect(admin.page.getByRole("row", { name: new RegExp(secret) }).locator('[data-field="target"]')).toHaveText(`1 user: ${chosen.user.name}`);

    await expect(banners(chosen.page)).toContainText(secret);

    // A broadcast to everyone after it: once the other customer has that one, the targeted one
    // (sent earlier on the same socket) would have arrived before it; it did not.
    const everyone = `For everyone ${unique()}`;
    await admin.page.getByRole("link", { name: "+ Add" }).click();
    await dialog.getByRole("textbox", { name: "Message" }).fill(everyone);
    await dialog.getByRole("button", { name: "Send to everyone" }).click();
    await expect(banners(other.page)).toContainText(everyone);
    await expect(banners(other.page)).not.toContainText(secret);
    await expect(banners(chosen.page)).toContainText(everyone);
    // Nor does it show after a reload, where the chosen customer still has it.
    await other.page.goto("/support");
    await expect(other.page.getByRole("region", { name: "Broadcasts" })).toContainText(everyone);
    await expect(other.page.getByRole("region", { name: "Broadcasts" })).not.toContainText(secret);
    await chosen.page.goto("/support");
    await expect(chosen.page.getByRole("region", { name: "Broadcasts" })).toContainText(secret);
  });

  test("the Resolved list updates live when the customer writes again", async ({ browser }) => {
    const customer = await open(browser, 4);
    const admin = await open(browser, 1, { goto: "/support" });
    const first = `First question ${unique()}`;
    await customerWrites(customer.page, first);

    await admin.page.goto(`/support?status=all&q=${encodeURIComponent(customer.user.username)}`);
    await lineOf(admin.page, customer.user.name).click();
    // The conversation is open (its first message shown) before it is resolved.
    await expect(pane(admin.page)).toContainText(first);
    await pane(admin.page).getByRole("button", { name: "Mark resolved" }).click();
    // The action, the pane's reload and the list's revalidation, beside a full suite on two cores.
    await expect(admin.page.getByRole("status")).toContainText("Conversation marked resolved", { timeout: 15_000 });
    await expect(pane(admin.page).locator('[data-field="resolution"]')).toContainText("Resolved by");
    await admin.page.getByRole("link", { name: "Resolved", exact: true }).click();
    await expect(lineOf(admin.page, customer.user.name).locator('[data-field="resolved"]')).toHaveText("Resolved");
    await expect(admin.page.locator('section[aria-labelledby="support-title"][data-live="true"]')).toBeVisible();

    // The customer writes again: the admin's open pane and its Resolved list change live.
    await pane(customer.page).getByRole("textbox", { name: "Message" }).fill(`Still broken ${unique()}`);
    await pane(customer.page).getByRole("button", { name: "Send" }).click();
    await expect(pane(admin.page).locator('[data-field="resolution"]')).toHaveCount(0);
    await expect(lineOf(admin.page, customer.user.name)).toHaveCount(0);
    await expect(pane(admin.page).getByRole("button", { name: "Mark resolved" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the admin searches for a customer, ticks them and sends; only that customer has it", async ({ browser }) => {
    const chosen = await open(browser, 4, { javaScriptEnabled: false });
    const other = await open(browser, 4, { javaScriptEnabled: false });
    const admin = await open(browser, 1, { javaScriptEnabled: false, goto: "/broadcast/message" });

    await admin.page.getByRole("link", { name: "+ Add" }).click();
    await expect(admin.page).toHaveURL(/\/broadcast\/message\/new$/);
    const dialog = admin.page.getByRole("dialog", { name: "BroadCast Message" });
    const secret = `No-JS targeted ${unique()}`;
    await dialog.getByRole("textbox", { name: "Message" }).fill(secret);
    // Every part of the form shows without JavaScript.
    await expect(dialog.getByRole("group", { name: "Roles" })).toBeVisible();
    await dialog.getByRole("searchbox", { name: "Find users" }).fill(chosen.user.username);
    await dialog.getByRole("button", { name: "Search users" }).click();
    await expect(admin.page).toHaveURL(/[?&]q=/);
    // The search chose "Chosen users" and kept the message.
    await expect(dialog.getByRole("radio", { name: "Chosen users" })).toBeChecked();
    await expect(dialog.getByRole("textbox", { name: "Message" })).toHaveValue(secret);
    await dialog.getByRole("checkbox", { name: new RegExp(`^${chosen.user.name} \\(`) }).check();
    await dialog.getByRole("button", { name: "Send broadcast" }).click();

    await expect(admin.page).toHaveURL(/\/broadcast\/message$/);
    await expect(admin.page.getByRole("status")).toContainText("Broadcast message sent successfully");
    await expect(admin.page.getByRole("row", { name: new RegExp(secret) }).locator('[data-field="target"]')).toHaveText(`1 user: ${chosen.user.name}`);

    await chosen.page.goto("/support");
    await expect(chosen.page.getByRole("region", { name: "Broadcasts" })).toContainText(secret);
    await other.page.goto("/support");
    await expect(other.page.getByRole("heading", { name: "Support", level: 1 })).toBeVisible();
    await expect(other.page.getByText(secret)).toHaveCount(0);
  });

  test("a broadcast to a role with none ticked is refused in words, and the message is kept", async ({ browser }) => {
    const admin = await open(browser, 1, { javaScriptEnabled: false, goto: "/broadcast/message/new" });
    const dialog = admin.page.getByRole("dialog", { name: "BroadCast Message" });
    await dialog.getByRole("textbox", { name: "Message" }).fill("To nobody");
    await dialog.getByRole("radio", { name: "Chosen roles" }).check();
    await dialog.getByRole("button", { name: "Send broadcast" }).click();
    await expect(dialog.getByText("Choose at least one role")).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Message" })).toHaveValue("To nobody");
  });

  test("the admin resolves a conversation, filters Open / Resolved / All and searches by message text", async ({ browser }) => {
    const customer = await open(browser, 4, { javaScriptEnabled: false });
    const admin = await open(browser, 1, { javaScriptEnabled: false, goto: "/support" });
    const marker = unique();
    const question = `Where is my 50% refund ${marker}?`;
    await customerWrites(customer.page, question);

    // Search by name from the inbox's own search box.
    await conversations(admin.page).getByRole("searchbox", { name: "Search conversations" }).fill(customer.user.name);
    await conversations(admin.page).getByRole("button", { name: "Search" }).click();
    await expect(admin.page).toHaveURL(/\/support\?q=/);
    await lineOf(admin.page, customer.user.name).click();
    await expect(admin.page).toHaveURL(new RegExp(`/support/\\d+\\?q=`));
    await pane(admin.page).getByRole("button", { name: "Mark resolved" }).click();
    await expect(admin.page.getByRole("status")).toContainText("Conversation marked resolved");
    await expect(pane(admin.page).locator('[data-field="resolution"]')).toContainText(/Resolved by .+ on \d{2}-\d{2}-\d{4}/);
    // The list kept its search; the Open view no longer lists it.
    await expect(admin.page).toHaveURL(new RegExp(`/support/\\d+\\?q=`));
    await expect(lineOf(admin.page, customer.user.name)).toHaveCount(0);
    await conversations(admin.page).getByRole("link", { name: "Resolved", exact: true }).click();
    await expect(admin.page).toHaveURL(/status=resolved/);
    await expect(lineOf(admin.page, customer.user.name).locator('[data-field="resolved"]')).toHaveText("Resolved");

    // All, searched by a message's text with "%" in it (taken literally).
    await conversations(admin.page).getByRole("link", { name: "All", exact: true }).click();
    await conversations(admin.page).getByRole("searchbox", { name: "Search conversations" }).fill(`50% refund ${marker}`);
    await conversations(admin.page).getByRole("button", { name: "Search" }).click();
    await expect(admin.page).toHaveURL(/status=all/);
    await expect(conversations(admin.page).locator("[data-client-id]")).toHaveCount(1);
    await expect(lineOf(admin.page, customer.user.name)).toBeVisible();
    await conversations(admin.page).getByRole("searchbox", { name: "Search conversations" }).fill(`%%% ${marker}`);
    await conversations(admin.page).getByRole("button", { name: "Search" }).click();
    await expect(conversations(admin.page).getByText("No conversations match.")).toBeVisible();

    // The customer writes again: it is open again.
    await customerWrites(customer.page, `Any news ${marker}?`);
    await admin.page.goto(`/support?q=${marker}`);
    await expect(lineOf(admin.page, customer.user.name)).toBeVisible();
    await lineOf(admin.page, customer.user.name).click();
    await expect(pane(admin.page).getByRole("button", { name: "Mark resolved" })).toBeVisible();
    await expect(pane(admin.page).locator('[data-field="resolution"]')).toHaveCount(0);
  });
});

test.describe("on a 390 px phone", () => {
  test("the inbox's filter, search and a resolved conversation fit the screen", async ({ browser }) => {
    const customer = await open(browser, 4);
    await customerWrites(customer.page, `Phone question ${unique()}`);
    const admin = await open(browser, 1, { goto: "/support", viewport: { width: 390, height: 844 } });
    await admin.page.goto(`/support?status=all&q=${encodeURIComponent(customer.user.username)}`);
    await lineOf(admin.page, customer.user.name).click();
    await pane(admin.page).getByRole("button", { name: "Mark resolved" }).click();
    await expect(pane(admin.page).locator('[data-field="resolution"]')).toBeVisible();

    // On a phone the sidebar is a drawer, closed by default (docs/decisions/147): the screen has the width.
    await expect(admin.page.getByRole("navigation", { name: "Menu" })).toBeHidden();
    for (const name of ["Open", "Resolved", "All"]) {
      const box = await conversations(admin.page).getByRole("link", { name, exact: true }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, `${name}: ${JSON.stringify(box)}`).toBeTruthy();
    }
    const search = await conversations(admin.page).getByRole("button", { name: "Search" }).boundingBox();
    expect(search && search.x + search.width <= 390, JSON.stringify(search)).toBeTruthy();
    const resolution = await pane(admin.page).getByRole("button", { name: "Reopen" }).boundingBox();
    expect(resolution && resolution.x + resolution.width <= 390, JSON.stringify(resolution)).toBeTruthy();
    // Nothing on the support screen is wider than the phone, and nothing in it scrolls sideways.
    const screen = admin.page.locator('section[aria-labelledby="support-title"]');
    expect(await screen.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    for (const part of [conversations(admin.page), pane(admin.page)]) {
      expect(await part.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    }
  });
});
