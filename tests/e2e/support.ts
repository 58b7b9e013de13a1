import { expect, type Locator, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo12345";
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@example.com", role: 1, name: "Admin" },
  subadmin: { email: "subadmin@example.com", role: 2, name: "Sub Admin" },
  employee: { email: "employee@example.com", role: 3, name: "Employee" },
  customer: { email: "customer@example.com", role: 4, name: "Customer" },
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** Signs in through the real form and waits for the dashboard. */
export async function signIn(page: Page, account: DemoAccount) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO_ACCOUNTS[account].email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * How many candle bodies the server-drawn chart holds: each body is one closed subpath of a
 * colour's body path (components/charts/candle-svg.tsx draws the candles as paths).
 */
export async function drawnCandleCount(svg: Locator): Promise<number> {
  const paths = await svg.locator("path[data-bodies]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("d") ?? ""));
  return paths.reduce((sum, d) => sum + (d.match(/z/g)?.length ?? 0), 0);
}
