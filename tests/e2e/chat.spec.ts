import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { type DemoAccount, ROLE_OF, signInAsNewUser } from "./support";

// Support chat between two browsers (a customer and the admin), with JavaScript (live over
// socket.io) and without it (post and reload), and broadcasts reaching both. Each test makes its
// own customer and admin, so its conversation is its own and the tests may run side by side.

const unique = () => Math.random().toString(36).slice(2, 8);

// Closed after each test: an admin page left open on a conversation would keep reading (and so
// clearing the badge of) the next test's messages, as a second admin's open page does.
const opened: BrowserContext[] = [];
// Two browsers, each with a user of its own, on a 2-core machine: each journey gets three times
// the usual time (its waits for a message to arrive keep their own timeouts).
test.beforeEach(() => {
  test.slow();
});
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

/** The name of this test's customer (made by open). */
let customerName = "";

async function open(browser: Browser, account: "customer" | "admin", javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  opened.push(context);
  const page = await context.newPage();
  const user = await signInAsNewUser(page, { role: ROLE_OF[account as DemoAccount], label: "chat" });
  if (account === "customer") customerName = user.name;
  return page;
}

/** A new customer's first step: Contact Us opens its conversation with support's greeting. */
async function contactUs(customer: Page) {
  await customer.goto("/support");
  await customer.getByRole("button", { name: "Contact Us" }).click();
  await expect(customer).toHaveURL(/\/support\/\d+$/);
}

const conversations = (page: Page) => page.getByRole("navigation", { name: "Conversations" });
const pane = (page: Page) => page.getByRole("region", { name: "Conversation" });
const messagesOf = (page: Page) => pane(page).getByRole("list", { name: "Messages" });
const composer = (page: Page) => pane(page).getByRole("textbox", { name: "Message" });
const sendButton = (page: Page) => pane(page).getByRole("button", { name: "Send" });
/** The admin's inbox line of this test's customer. */
const customerLine = (page: Page) => conversations(page).getByRole("link", { name: new RegExp(`^${customerName}\\b`) });

test.describe("support chat with JavaScript", () => {
  test("a customer writes, the admin sees it arrive live with an unread badge, answers, and the customer sees the answer live", async ({ browser }) => {
    const customer = await open(browser, "customer");
    const admin = await open(browser, "admin");

    await admin.goto("/support");
    await expect(admin.getByText("No selected conversion")).toBeVisible();
    await expect(sendButton(admin)).toBeDisabled();
    await expect(admin.locator('section[aria-labelledby="support-title"][data-live="true"]')).toBeVisible();

    // Contact Us opens the customer's conversation with support's greeting.
    await customer.goto("/support");
    await expect(customer.getByText("No selected conversion")).toBeVisible();
    await customer.getByRole("button", { name: "Contact Us" }).click();
    await expect(customer).toHaveURL(/\/support\/\d+$/);
    await expect(messagesOf(customer).getByText("How may I help you ?", { exact: true })).toBeVisible();
    await expect(customer.locator('section[aria-labelledby="support-title"][data-live="true"]')).toBeVisible();

    // Send is disabled until there is text; Enter sends.
    await expect(sendButton(customer)).toBeDisabled();
    const question = `My alerts stopped ${unique()}`;
    await composer(customer).fill(question);
    await expect(sendButton(customer)).toBeEnabled();
    await composer(customer).press("Enter");
    await expect(messagesOf(customer).getByText(question)).toBeVisible();
    await expect(composer(customer)).toHaveValue("");

    // The admin's inbox shows it live, with the badge, without a reload.
    await admin.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await expect(customerLine(admin).locator('[data-field="unread"]')).toHaveText("1 unread");
    await expect(customerLine(admin).locator('[data-field="preview"]')).toHaveText(question);
    expect(await admin.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

    // Opening the conversation shows it and clears the badge.
    await customerLine(admin).click();
    await expect(admin).toHaveURL(/\/support\/\d+$/);
    await expect(messagesOf(admin).getByText(question)).toBeVisible();
    await expect(customerLine(admin).locator('[data-field="unread"]')).toHaveCount(0);

    // The admin answers with the Send button; the customer sees it live.
    await customer.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    const answer = `Please check the alert settings ${unique()}`;
    await composer(admin).fill(answer);
    await sendButton(admin).click();
    await expect(messagesOf(admin).getByText(answer)).toBeVisible();
    await expect(messagesOf(customer).getByText(answer)).toBeVisible();
    expect(await customer.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    // Seen while open: the customer's list shows no badge for it.
    await expect(conversations(customer).locator('[data-field="unread"]')).toHaveCount(0);
  });

  test("a message with markup arrives as text and nothing in it runs", async ({ browser }) => {
    const customer = await open(browser, "customer");
    const admin = await open(browser, "admin");
    await contactUs(customer);
    await customer.goto("/support");
    await conversations(customer).getByRole("link", { name: /^Support/ }).click();
    await expect(customer.locator('section[aria-labelledby="support-title"][data-live="true"]')).toBeVisible();
    const markup = `<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2"> ${unique()}`;
    await composer(customer).fill(markup);
    await composer(customer).press("Enter");
    await expect(messagesOf(customer).getByText(markup, { exact: true })).toBeVisible();

    await admin.goto("/support");
    await customerLine(admin).click();
    await expect(messagesOf(admin).getByText(markup, { exact: true })).toBeVisible();
    await expect(messagesOf(admin).locator("script, img")).toHaveCount(0);
    expect(await admin.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await customer.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  test("a broadcast reaches the customer and the admin live, and is kept", async ({ browser }) => {
    const customer = await open(browser, "customer");
    const admin = await open(browser, "admin");
    // The customer is on another page: a broadcast reaches every page of a signed-in user.
    await expect(customer.locator('section[aria-label="Broadcast messages"][data-live="true"]')).toBeAttached();
    await admin.goto("/broadcast/message");
    await expect(admin.locator('section[aria-label="Broadcast messages"][data-live="true"]')).toBeAttached();
    await admin.getByRole("link", { name: "+ Add" }).click();
    const dialog = admin.getByRole("dialog", { name: "BroadCast Message" });
    await expect(dialog).toBeVisible();
    const notice = `Market closes at 3:30 pm today ${unique()}`;
    await dialog.getByRole("textbox", { name: "Message" }).fill(notice);
    await dialog.getByRole("button", { name: "Send to everyone" }).click();

    await expect(admin.getByRole("status")).toContainText("Broadcast message sent successfully");
    await expect(admin.getByRole("dialog")).toHaveCount(0);
    const row = admin.getByRole("row", { name: new RegExp(notice) });
    await expect(row).toContainText("Admin");
    await expect(row.getByRole("cell").nth(2)).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);

    await expect(customer.getByRole("region", { name: "Broadcast messages" })).toContainText(notice);
    await expect(admin.getByRole("region", { name: "Broadcast messages" })).toContainText(notice);
    // Kept: after a reload it is still in the chat's broadcast list.
    await customer.goto("/support");
    await expect(customer.getByRole("region", { name: "Broadcasts" })).toContainText(notice);
  });
});

test.describe("support chat without JavaScript", () => {
  test("the same exchange by posting and reloading", async ({ browser }) => {
    const customer = await open(browser, "customer", false);
    const admin = await open(browser, "admin", false);

    await contactUs(customer);
    await customer.goto("/support");
    await conversations(customer).getByRole("link", { name: /^Support/ }).click();
    await expect(customer).toHaveURL(/\/support\/\d+$/);
    const question = `Posted without JavaScript ${unique()}`;
    await composer(customer).fill(question);
    await sendButton(customer).click();
    // The post answers with the conversation.
    await expect(customer).toHaveURL(/\/support\/\d+$/);
    await expect(messagesOf(customer).getByText(question)).toBeVisible();
    await expect(composer(customer)).toHaveValue("");

    await admin.goto("/support");
    await expect(customerLine(admin).locator('[data-field="unread"]')).toHaveText("1 unread");
    await expect(customerLine(admin).locator('[data-field="preview"]')).toHaveText(question);
    await customerLine(admin).click();
    await expect(messagesOf(admin).getByText(question)).toBeVisible();
    await expect(customerLine(admin).locator('[data-field="unread"]')).toHaveCount(0);

    const answer = `Answered without JavaScript ${unique()}`;
    await composer(admin).fill(answer);
    await sendButton(admin).click();
    await expect(messagesOf(admin).getByText(answer)).toBeVisible();

    // The customer reloads its list: the badge, then the answer.
    await customer.goto("/support");
    await expect(conversations(customer).locator('[data-field="unread"]')).toHaveText("1 unread");
    await conversations(customer).getByRole("link", { name: /^Support/ }).click();
    await expect(messagesOf(customer).getByText(answer)).toBeVisible();
    await expect(conversations(customer).locator('[data-field="unread"]')).toHaveCount(0);
  });

  test("a message over 2,000 characters is refused with a clear message and kept in the box", async ({ browser }) => {
    const customer = await open(browser, "customer", false);
    await contactUs(customer);
    await customer.goto("/support");
    await conversations(customer).getByRole("link", { name: /^Support/ }).click();
    const long = "x".repeat(2001);
    await composer(customer).fill(long);
    await sendButton(customer).click();
    await expect(pane(customer).getByText("A message can be at most 2,000 characters")).toBeVisible();
    await expect(composer(customer)).toHaveValue(long);
  });

  test("the BroadCast Message dialog in chat reaches the customer after a reload, and the list keeps it", async ({ browser }) => {
    const admin = await open(browser, "admin", false);
    const customer = await open(browser, "customer", false);
    await admin.goto("/support");
    await admin.getByRole("link", { name: "BroadCast Message" }).click();
    const dialog = admin.getByRole("dialog", { name: "BroadCast Message" });
    await expect(dialog).toBeVisible();
    const notice = `Holiday tomorrow ${unique()}`;
    await dialog.getByRole("textbox", { name: "Message" }).fill(notice);
    // Without JavaScript the button cannot follow the chosen audience, so it names none (docs/decisions/146).
    await dialog.getByRole("button", { name: "Send broadcast" }).click();
    await expect(admin).toHaveURL(/\/support$/);
    await expect(admin.getByRole("status")).toContainText("Broadcast message sent successfully");
    await expect(admin.getByRole("region", { name: "Broadcasts" })).toContainText(notice);

    await customer.goto("/support");
    await expect(customer.getByRole("region", { name: "Broadcasts" })).toContainText(notice);
    await admin.goto("/broadcast/message");
    await expect(admin.getByRole("row", { name: new RegExp(notice) })).toContainText("Admin");
  });

  test("a customer cannot open the broadcast list", async ({ browser }) => {
    const customer = await open(browser, "customer", false);
    await customer.goto("/broadcast/message");
    await expect(customer).toHaveURL(/\/login$/);
  });
});
