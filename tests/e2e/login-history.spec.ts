import { expect, test, type Page } from "@playwright/test";
import { createUser, signInAsNewUser, signOutThroughMenu, submitPassword } from "./support";

// The sign-in history on /login-user (docs/decisions/141): a new customer fails once, signs in and
// signs out; an admin of its own then finds both attempts listed for today, the sign-in kept after
// the sign-out. A reversed range is refused with a message and lists nothing. With and without
// JavaScript, and at phone size.

/** Today in IST as YYYY-MM-DD (the page's default day). */
function istToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

async function customerSignsInAndOut(page: Page) {
  const customer = await createUser(page, { role: 4, label: "history" });
  await submitPassword(page, customer.email, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await submitPassword(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await signOutThroughMenu(page, customer.name);
  return customer;
}

async function filterLoginUsers(page: Page, fields: { role: string; start: string; end: string }) {
  const form = page.getByRole("search", { name: "Filter login users" });
  await form.getByLabel("Start Date").fill(fields.start);
  await form.getByLabel("End Date").fill(fields.end);
  await form.getByLabel("Role").selectOption(fields.role);
  // With JavaScript the role's change already submits; Filter submits the same values either way.
  await form.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`startDate=${fields.start}&endDate=${fields.end}`));
}

for (const js of [true, false]) {
  test.describe(`sign-in history ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("a customer's failed attempt and sign-in stay listed for today after sign-out", async ({ page }) => {
      const customer = await customerSignsInAndOut(page);
      await signInAsNewUser(page, { role: 1, goto: "/login-user" });
      await expect(page.getByRole("heading", { name: "Login Users" })).toBeVisible();
      const today = istToday();
      await filterLoginUsers(page, { role: "4", start: today, end: today });
      await expect(page).toHaveURL(/role_id=4/);
      const history = page.getByRole("table", { name: "Sign-in history" });
      const mine = history.getByRole("row").filter({ hasText: customer.email });
      await expect(mine).toHaveCount(2);
      // Newest first: the sign-in, then the wrong password before it.
      await expect(mine.nth(0)).toContainText("Signed in");
      await expect(mine.nth(0)).toContainText(customer.username);
      await expect(mine.nth(0)).toContainText("Customer");
      await expect(mine.nth(1)).toContainText("Failed: Wrong password");
      await expect(mine.nth(0).getByRole("cell").first()).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
      // Signed in now: only the session the test hook wrote when it made the user; the form's ended at sign-out.
      await expect(page.getByRole("table", { name: "Login users" }).getByText(customer.email)).toHaveCount(1);
    });

    test("a reversed range is refused with a message and lists nothing", async ({ page }) => {
      await signInAsNewUser(page, { role: 1, goto: "/login-user" });
      const today = istToday();
      const form = page.getByRole("search", { name: "Filter login users" });
      await form.getByLabel("Start Date").fill(today);
      await form.getByLabel("End Date").fill("2020-01-01");
      await form.getByRole("button", { name: "Filter" }).click();
      await expect(page.getByRole("alert")).toHaveText("The end date cannot precede the start date");
      await expect(page.getByRole("table", { name: "Sign-in history" })).toContainText("No Data Found");
      // What was typed stays in the form.
      await expect(form.getByLabel("End Date")).toHaveValue("2020-01-01");
    });

    test("the User Report names a half range instead of listing every date", async ({ page }) => {
      await signInAsNewUser(page, { role: 1, goto: "/reports/user" });
      const form = page.getByRole("search", { name: "Filter user report" });
      await form.getByText("Filters").click();
      await form.getByLabel("Start Date").fill(istToday());
      await form.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/startDate=/);
      await expect(page.getByRole("alert")).toHaveText("Please choose both a start and an end date");
      await expect(page.getByRole("table", { name: "Users list" })).toContainText("No Data Found");
      // The refused day stays in the open Filters, beside the message.
      await expect(form.getByLabel("Start Date")).toBeVisible();
      await expect(form.getByLabel("Start Date")).toHaveValue(istToday());
    });
  });
}

test.describe("sign-in history at phone size", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the filters and the history fit the screen; the table scrolls inside its frame", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: "/login-user" });
    await expect(page.getByRole("heading", { name: "Sign-in history" })).toBeVisible();
    const form = page.getByRole("search", { name: "Filter login users" });
    for (const label of ["Role", "Start Date", "End Date"]) {
      const box = await form.getByLabel(label).boundingBox();
      expect(box, label).not.toBeNull();
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(390);
    }
    await expect(form.getByLabel("Start Date")).toHaveValue(istToday());
    const frame = await page.getByRole("table", { name: "Sign-in history" }).locator("xpath=..").boundingBox();
    expect(frame!.x + frame!.width).toBeLessThanOrEqual(390);
  });
});
