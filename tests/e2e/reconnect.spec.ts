// A socket whose connection is cut heals by itself: it reconnects and re-subscribes, and live
// prices move again on the same page, without a reload (issue 11, faults). The browser reaches
// the server through a small TCP relay that the test can cut and refuse, like a dropped link.
import net from "node:net";
import { expect, test } from "@playwright/test";
import { signInAsNewUser } from "./support";

const SERVER_PORT = Number(process.env.E2E_PORT ?? 3210);

function startRelay() {
  const open = new Set<net.Socket>();
  let refusing = false;
  let frozen = false;
  const server = net.createServer((client) => {
    if (refusing) return client.destroy();
    const upstream = net.connect(SERVER_PORT, "127.0.0.1");
    for (const s of [client, upstream]) {
      open.add(s);
      s.on("close", () => open.delete(s));
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    // Bytes pass unless the link is frozen (then they are dropped, and nothing is closed).
    client.on("data", (d) => frozen || upstream.write(d));
    upstream.on("data", (d) => frozen || client.write(d));
  });
  return {
    listen: () => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port))),
    /** Drops every open connection and refuses new ones until restore(). */
    cut: () => {
      refusing = true;
      for (const s of open) s.destroy();
    },
    restore: () => {
      refusing = false;
      frozen = false;
    },
    /** A link that dies without closing: nothing passes either way, nothing is closed. */
    freeze: () => {
      frozen = true;
    },
    close: () => server.close(),
  };
}

test("live prices resume after the connection is cut, without a reload", async ({ page }) => {
  const relay = startRelay();
  const base = `http://localhost:${await relay.listen()}`;
  try {
    // An admin of its own, its session cookie set for the relay's address.
    await signInAsNewUser(page, { role: 1, label: "relay", origin: base, goto: false });
    await page.goto(`${base}/allRealTime`);
    const live = page.getByRole("region", { name: "Broadcast messages" });
    await expect(live).toHaveAttribute("data-live", "true");
    // The top bar says so, with the time of the last price (docs/decisions/128).
    const indicator = page.locator("[data-connection]");
    await expect(indicator).toHaveAttribute("data-connection", "live");
    await expect(indicator).toContainText(/Live\s*· \d{2}:\d{2}:\d{2} (AM|PM)/i);
    const cell = page.locator('tr[data-symbol="BANKNIFTY-I"] [data-field="close"]');
    const first = await cell.textContent();
    await expect.poll(() => cell.textContent(), { timeout: 10_000 }).not.toBe(first);

    // A reload would lose this mark.
    await page.evaluate(() => document.documentElement.setAttribute("data-no-reload", "yes"));
    relay.cut();
    await expect(live).toHaveAttribute("data-live", "false", { timeout: 10_000 });
    // Never silent: reconnecting (then offline while refused), and the prices' time is shown.
    await expect(indicator).toHaveAttribute("data-connection", /reconnecting|offline/, { timeout: 5_000 });
    await expect(indicator).toContainText(/prices as of \d{2}:\d{2}:\d{2} (AM|PM)/i);
    const frozen = await cell.textContent();
    // That nothing moves while the link is cut is what is tested, so the cell is watched for 1.5 s.
    await page.waitForTimeout(1_500);
    expect(await cell.textContent()).toBe(frozen);
    relay.restore();

    await expect(live).toHaveAttribute("data-live", "true", { timeout: 20_000 });
    await expect(indicator).toHaveAttribute("data-connection", "live", { timeout: 5_000 });
    // The reconnect's one-off snapshot may move the row once; only the re-subscription brings
    // BANKNIFTY-I ticks that keep moving it, so wait for two changes.
    await expect.poll(() => cell.textContent(), { timeout: 15_000 }).not.toBe(frozen);
    const afterSnapshot = await cell.textContent();
    await expect.poll(() => cell.textContent(), { timeout: 15_000 }).not.toBe(afterSnapshot);
    await expect(page.locator("html")).toHaveAttribute("data-no-reload", "yes");
  } finally {
    relay.close();
  }
});

test("a link that dies without closing is shown as not live within about 20 s, and heals", async ({ page }) => {
  test.setTimeout(90_000);
  const relay = startRelay();
  const base = `http://localhost:${await relay.listen()}`;
  try {
    await signInAsNewUser(page, { role: 3, label: "relay", origin: base });
    const indicator = page.locator("[data-connection]");
    await expect(indicator).toHaveAttribute("data-connection", "live", { timeout: 20_000 });
    await expect(indicator.locator("[data-last-price-at]")).toBeAttached({ timeout: 10_000 });
    relay.freeze();
    const frozenAt = Date.now();
    // socket.io's heartbeat (10 s interval, 10 s timeout) finds the dead link.
    await expect(indicator).toHaveAttribute("data-connection", /reconnecting|offline/, { timeout: 30_000 });
    expect(Date.now() - frozenAt).toBeLessThan(25_000);
    await expect(indicator).toContainText(/prices as of \d{2}:\d{2}:\d{2} (AM|PM)/i);
    relay.restore();
    await expect(indicator).toHaveAttribute("data-connection", "live", { timeout: 30_000 });
  } finally {
    relay.close();
  }
});

test("the browser going offline is shown at once, and live again when it is back", async ({ page, context }) => {
  await signInAsNewUser(page, { role: 3, label: "offline" });
  const indicator = page.locator("[data-connection]");
  await expect(indicator).toHaveAttribute("data-connection", "live", { timeout: 20_000 });
  await expect(indicator.locator("[data-last-price-at]")).toBeAttached({ timeout: 10_000 });
  await context.setOffline(true);
  await expect(indicator).toHaveAttribute("data-connection", "offline", { timeout: 2_000 });
  await expect(indicator).toContainText(/prices as of \d{2}:\d{2}:\d{2} (AM|PM)/i);
  await context.setOffline(false);
  await expect(indicator).toHaveAttribute("data-connection", "live", { timeout: 30_000 });
});
