// The installable app (docs/decisions/154, 153): the manifest and its icons, the service worker
// (registered in the production build), the offline page instead of any page with prices, and
// the /setting opt-in for Web Push, which says it needs JavaScript when JavaScript is off.
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, PHONE } from "./page-sweep";
import { signInAsNewUser } from "./support";

const OFFLINE_TEXT = "You are offline — prices are not live";

/** The width and height a PNG's header states. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

async function workerReady(page: Page): Promise<string> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? "");
}

test("the manifest is served as a web app manifest with its icons, and the pages link it", async ({ page, request }) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: expect.stringContaining("NSE Signals"), short_name: "NSE Signals", start_url: "/dashboard", display: "standalone", theme_color: "#2563eb" });
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  const purposes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
    const { width, height } = pngSize(await file.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
    purposes.add(`${icon.sizes} ${icon.purpose}`);
  }
  expect([...purposes].sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);

  const worker = await request.get("/sw.js");
  expect(worker.headers()["content-type"]).toMatch(/javascript/);
  // A new worker must reach browsers at their next visit, not an hour later.
  expect(worker.headers()["cache-control"]).toBe("no-cache");

  await page.goto("/login");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#2563eb");
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  expect(pngSize(await (await request.get(touchIcon!)).body())).toEqual({ width: 180, height: 180 });
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`offline at ${viewport.width} px, a page is never shown from a cache: the offline page says prices are not live`, async ({ page, context }) => {
    await page.setViewportSize(viewport);
    await signInAsNewUser(page, { role: 3 });
    expect(await workerReady(page)).toMatch(/\/sw\.js$/);
    // The worker controls the pages opened after it took over.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    // A page just seen online is not answered from a cache: its prices would be old.
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: OFFLINE_TEXT })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
    expect(await page.locator("body").innerText()).not.toMatch(/₹|\d,\d{2}\.\d{2}/);

    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: OFFLINE_TEXT })).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
}

test("offline, a link followed inside the app lands on the offline page too", async ({ page, context }) => {
  await signInAsNewUser(page, { role: 3, goto: "/setting" });
  await workerReady(page);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  // A client-side navigation needs the next page's code and data: Remix, failing to load them,
  // reloads the document, and the worker answers that load with the offline page.
  await page.getByRole("link", { name: "Password and sessions" }).click();
  await expect(page.getByRole("heading", { name: OFFLINE_TEXT })).toBeVisible();
  await expect(page.getByRole("switch")).toHaveCount(0);
  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("region", { name: "Notifications on this device" })).toBeVisible();
});

test.describe("/setting: this device's notifications", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`with JavaScript at ${viewport.width} px: the switch to notify this device`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInAsNewUser(page, { role: 4, goto: "/setting" });
      const panel = page.getByRole("region", { name: "Notifications on this device" });
      await expect(panel.getByRole("switch", { name: "Notify this device when no tab is open" })).toBeVisible();
      await expect(panel.getByText(/need JavaScript/)).toHaveCount(0);
      await expect(panel.getByText("0 devices of yours are notified.")).toBeVisible();
      const box = await panel.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    for (const viewport of [DESKTOP, PHONE]) {
      test(`at ${viewport.width} px the panel says it needs JavaScript and shows no switch`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await signInAsNewUser(page, { role: 3, goto: "/setting" });
        const panel = page.getByRole("region", { name: "Notifications on this device" });
        await expect(panel.getByText(/Notifications when no tab is open need JavaScript/)).toBeVisible();
        await expect(panel.getByRole("switch")).toHaveCount(0);
      });
    }
  });
});
