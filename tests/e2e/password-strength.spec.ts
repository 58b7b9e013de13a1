import { expect, test } from "@playwright/test";

// Sign-up refuses a common password with zxcvbn's advice on the password field, with and
// without JavaScript, on the built server (the check runs in its worker thread there).
for (const js of [false, true]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("sign-up refuses password123 with the reason, then takes a long passphrase", async ({ page }) => {
      const stamp = `${js ? "j" : "n"}${Date.now().toString(36)}`;
      await page.goto("/signup");
      await page.getByLabel("Name", { exact: true }).fill("Ravi Menon");
      await page.getByLabel("Username").fill(`ravi_${stamp}`);
      await page.getByLabel("Email").fill(`ravi.${stamp}@example.test`);
      await page.getByLabel("Password").fill("password123");
      await page.getByRole("button", { name: "Register" }).click();

      await expect(page.getByText("This password is too easy to guess. This is a commonly used password. Add more words that are less common.")).toBeVisible();
      await expect(page).toHaveURL(/\/signup$/);
      // What was typed comes back (without JavaScript the server sends all of it but the password).
      await expect(page.getByLabel("Email")).toHaveValue(`ravi.${stamp}@example.test`);
      if (!js) await expect(page.getByLabel("Password")).toHaveValue("");

      await page.getByLabel("Password").fill("violet-anchor-mosaic-tundra");
      await page.getByRole("button", { name: "Register" }).click();
      await expect(page).toHaveURL(/\/verifictionOtp\?email=/);
    });
  });
}
