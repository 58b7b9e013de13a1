// Chavi Setting's key order (/key-setting): without JavaScript each key's Up and Down post one
// move; with it a key's drag handle reorders with the keyboard (@dnd-kit) and Save Order posts
// the whole order. At desktop and phone size. The order is one for everybody, so each journey
// puts it back as it found it.
import { expect, test, type Page } from "@playwright/test";
import { signInAsNewUser } from "./support";

test.describe.configure({ mode: "serial" });

const keyOrder = (page: Page) => page.locator('ol[aria-label="Key order"] > li').evaluateAll((lis) => lis.map((li) => li.getAttribute("data-key") ?? ""));

for (const size of [{ name: "desktop", width: 1280, height: 800 }, { name: "phone", width: 390, height: 844 }]) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("Up moves a key above the one before it, and Down puts it back", async ({ page }) => {
        await signInAsNewUser(page, { role: 1, goto: "/key-setting" });
        const before = await keyOrder(page);
        expect(before.length).toBeGreaterThan(2);
        const [first, second] = before;
        await page.getByRole("button", { name: `Move ${second} up` }).click();
        await expect.poll(() => keyOrder(page)).toEqual([second, first, ...before.slice(2)]);
        await page.getByRole("button", { name: `Move ${second} down` }).click();
        await expect.poll(() => keyOrder(page)).toEqual(before);
      });
    });

    test.describe("with JavaScript", () => {
      test("a key's drag handle moves it with the keyboard, and Save Order keeps the order", async ({ page }) => {
        await signInAsNewUser(page, { role: 1, goto: "/key-setting" });
        const handleOf = (name: string) => page.getByRole("button", { name: `Drag ${name}` });
        const before = await keyOrder(page);
        const [first, second] = before;
        await expect(handleOf(second)).toBeVisible();
        // Each step waits for the list's own announcement: picked up (over its own place), over
        // the next place, dropped there.
        const announced = (text: string) => expect(page.getByText(text, { exact: false })).toBeAttached();
        const move = async (name: string, key: "ArrowUp" | "ArrowDown") => {
          const from = (await keyOrder(page)).indexOf(name) + 1;
          const to = key === "ArrowUp" ? from - 1 : from + 1;
          await handleOf(name).focus();
          await page.keyboard.press("Space");
          await announced(`${name} is over position ${from} of`);
          await page.keyboard.press(key);
          await announced(`${name} is over position ${to} of`);
          await page.keyboard.press("Space");
          await announced(`${name} dropped at position ${to} of`);
        };
        try {
          await move(second, "ArrowUp");
          await expect.poll(() => keyOrder(page)).toEqual([second, first, ...before.slice(2)]);
          await page.getByRole("button", { name: "Save Order" }).click();
          await expect(page.getByRole("status")).toContainText("Key order saved successfully");
          await page.reload();
          await expect.poll(() => keyOrder(page)).toEqual([second, first, ...before.slice(2)]);
        } finally {
          // Back as it was, through the same handle.
          if ((await keyOrder(page))[0] === second) {
            await move(second, "ArrowDown");
            await expect.poll(() => keyOrder(page)).toEqual(before);
            await page.getByRole("button", { name: "Save Order" }).click();
            await expect(page.getByRole("status")).toContainText("Key order saved successfully");
          }
        }
        await page.reload();
        await expect.poll(() => keyOrder(page)).toEqual(before);
      });
    });
  });
}
