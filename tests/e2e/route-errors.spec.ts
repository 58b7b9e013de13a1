// Every route shows its own failure in its own place (issue 18, item 4): a dialog route whose
// record does not exist says "Page not found" over the list it belongs to, inside the shell,
// with and without JavaScript (where a dialog is a page of its own, inside the shell); the shell
// is never replaced by a bare error page.
import { expect, test, type Page } from "@playwright/test";
import { signInAsNewUser } from "./support";

/** `listHeading`: the list the dialog opens over (without JavaScript a dialog is a page of its own, so null). */
async function expectFailureInPlace(page: Page, listHeading: string | null) {
  const failure = page.locator("[data-route-error]");
  await expect(failure).toBeVisible();
  await expect(failure.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(failure).toBeInViewport();
  // The list the dialog belongs to and the shell around it are still on screen.
  if (listHeading) await expect(page.getByRole("heading", { name: listHeading, level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Index tickers" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Notifications/ })).toBeVisible();
}

for (const [javaScriptEnabled, viewport] of [
  [true, { width: 1280, height: 900 }],
  [false, { width: 1280, height: 900 }],
  [true, { width: 390, height: 844 }],
] as const) {
  test.describe(`a failing dialog route (${javaScriptEnabled ? "with" : "without"} JavaScript, ${viewport.width} px)`, () => {
    test.use({ javaScriptEnabled, viewport });

    test("an edit dialog for a trade that does not exist fails inside the list and the shell", async ({ page }) => {
      await signInAsNewUser(page, { role: 3, goto: false });
      const response = await page.goto("/trades/987654/edit");
      expect(response?.status()).toBe(404);
      await expectFailureInPlace(page, javaScriptEnabled ? "Trade List" : null);
      // Going back leads to the list, which works.
      await page.locator("[data-route-error]").getByRole("link", { name: "Go back" }).click();
      await expect(page).toHaveURL(/\/trades$/);
      await expect(page.locator("[data-route-error]")).toHaveCount(0);
    });
  });
}

test("with JavaScript, following a link to a missing record keeps the page around it", async ({ page }) => {
  await signInAsNewUser(page, { role: 1, goto: false });
  await page.goto("/symbols");
  await expect(page.getByRole("heading", { name: "Symbol List", level: 1 })).toBeVisible();
  // A client-side navigation to the missing record (as a stale link would make), through Remix's router.
  await page.evaluate(() => document.documentElement.setAttribute("data-no-reload", "yes"));
  await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate("/symbols/987654/edit"));
  await expectFailureInPlace(page, "Symbol List");
  await expect(page.locator("html")).toHaveAttribute("data-no-reload", "yes");
});
