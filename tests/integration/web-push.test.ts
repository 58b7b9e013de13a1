// Web Push (docs/decisions/153): the /setting opt-in stores, replaces and deletes a device's
// subscription, each user only their own, and refuses hostile bodies with a clear message; a
// price alert fired through the real market path reaches a local push endpoint as an encrypted
// POST (VAPID, aes128gcm) that decrypts to the alert's title and body, only while the user has
// no socket connected; a trade change does the same; an endpoint answered 410 is forgotten.
import fs from "node:fs";
import type http from "node:http";
import https from "node:https";
import { createECDH, randomBytes, type ECDH } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
// http_ece comes with web-push; it decrypts what a browser would.
import ece from "http_ece";
import { pushSubscriptions, symbols } from "~/db/schema";
import { action as settingAction, loader as settingLoader } from "~/routes/_admin+/setting";
import { action as newAlertAction } from "~/routes/_alerts+/alert.new";
import { startMarket, type MarketRuntime } from "~/market/market.server";
import { createPushSender, type PushSender } from "~/services/push.server";
import { recordTradeChange } from "~/services/trade-changes.server";
import { createTrade } from "~/models/trade.server";
import { upsertPushSubscription } from "~/models/push-subscription.server";
import { resolveVapidKeys } from "~/config/env.server";
import { PUSH_ENDPOINT_REFUSED, PUSH_KEYS_REFUSED } from "~/schemas/push";
import { PUSH_DEVICE_ADDED, PUSH_DEVICE_REMOVED } from "~/services/push.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest } from "../support/requests";
import { signedInUser } from "../support/factories";
import { createSymbolRow } from "../support/admin";
import { listenOnLoopback, startHubServer, type HubServer } from "../support/sockets";

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
function deviceKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString("base64url"), authText: auth.toString("base64url") };
}

const FCM = "https://fcm.googleapis.com/fcm/send/";
const subscribeFields = (endpoint: string, keys = deviceKeys()) => ({ intent: "push-subscribe", endpoint, p256dh: keys.p256dh, auth: keys.authText });
const rowsFor = (endpoint: string) => t.context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe("/setting: this device's opt-in", () => {
  it("stores the subscription with the browser's user agent and counts the user's devices", async () => {
    const user = await signedInUser(t.context, 3);
    const endpoint = `${FCM}store-${Date.now()}`;
    const res = await call(settingAction, formRequest("/setting", subscribeFields(endpoint), { cookie: user.cookie, headers: { "User-Agent": "Phone Browser 1.0" } }), t.context);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ intent: "push-subscribe", ok: true, message: PUSH_DEVICE_ADDED });
    expect(await rowsFor(endpoint)).toEqual([expect.objectContaining({ userId: user.id, userAgent: "Phone Browser 1.0" })]);
    const page = await (await call(settingLoader, getRequest("/setting", { cookie: user.cookie }), t.context)).json();
    expect(page.push).toEqual({ publicKey: t.context.push.publicKey, devices: 1 });
    expect(page.push.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it("a device subscribing again replaces its row (new keys, or another account on the same browser)", async () => {
    const first = await signedInUser(t.context, 3);
    const second = await signedInUser(t.context, 4);
    const endpoint = `${FCM}replace-${Date.now()}`;
    await call(settingAction, formRequest("/setting", subscribeFields(endpoint), { cookie: first.cookie }), t.context);
    const renewed = deviceKeys();
    await call(settingAction, formRequest("/setting", subscribeFields(endpoint, renewed), { cookie: first.cookie }), t.context);
    expect(await rowsFor(endpoint)).toEqual([expect.objectContaining({ userId: first.id, p256dh: renewed.p256dh })]);
    await call(settingAction, formRequest("/setting", subscribeFields(endpoint), { cookie: second.cookie }), t.context);
    expect((await rowsFor(endpoint)).map((r) => r.userId)).toEqual([second.id]);
  });

  it("turning it off deletes the user's own row; another user's endpoint deletes nothing", async () => {
    const owner = await signedInUser(t.context, 3);
    const stranger = await signedInUser(t.context, 3);
    const endpoint = `${FCM}delete-${Date.now()}`;
    await call(settingAction, formRequest("/setting", subscribeFields(endpoint), { cookie: owner.cookie }), t.context);
    const foreign = await call(settingAction, formRequest("/setting", { intent: "push-unsubscribe", endpoint }, { cookie: stranger.cookie }), t.context);
    // The same answer as one's own: it tells nobody whose endpoint it was.
    expect(await foreign.json()).toEqual({ intent: "push-unsubscribe", ok: true, message: PUSH_DEVICE_REMOVED });
    expect(await rowsFor(endpoint)).toHaveLength(1);
    const own = await call(settingAction, formRequest("/setting", { intent: "push-unsubscribe", endpoint }, { cookie: owner.cookie }), t.context);
    expect(own.status).toBe(200);
    expect(await rowsFor(endpoint)).toHaveLength(0);
  });

  it("refuses hostile bodies with a clear message and stores nothing", async () => {
    const user = await signedInUser(t.context, 3);
    const good = deviceKeys();
    const cases: [Record<string, string>, string][] = [
      // The server would POST there: only the browsers' push services are accepted.
      [{ endpoint: "http://fcm.googleapis.com/fcm/send/x" }, PUSH_ENDPOINT_REFUSED],
      [{ endpoint: "https://127.0.0.1/push" }, PUSH_ENDPOINT_REFUSED],
      [{ endpoint: "https://169.254.169.254/latest/meta-data" }, PUSH_ENDPOINT_REFUSED],
      [{ endpoint: "https://fcm.googleapis.com.evil.example/x" }, PUSH_ENDPOINT_REFUSED],
      [{ endpoint: "https://user:pw@fcm.googleapis.com/x" }, PUSH_ENDPOINT_REFUSED],
      [{ endpoint: "https://fcm.googleapis.com:8443/x" }, PUSH_ENDPOINT_REFUSED],
      [{ endpoint: `${FCM}${"a".repeat(2000)}` }, PUSH_ENDPOINT_REFUSED],
      [{ endpoint: "not a url" }, PUSH_ENDPOINT_REFUSED],
      [{ p256dh: "short" }, PUSH_KEYS_REFUSED],
      [{ auth: "<script>alert(1)</script>" }, PUSH_KEYS_REFUSED],
      [{ auth: "" }, PUSH_KEYS_REFUSED],
    ];
    for (const [override, message] of cases) {
      const fields = { ...subscribeFields(`${FCM}hostile`, good), ...override };
      const res = await call(settingAction, formRequest("/setting", fields, { cookie: user.cookie }), t.context);
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(await res.json(), JSON.stringify(override)).toEqual({ intent: "push-subscribe", ok: false, message });
    }
    const missing = await call(settingAction, formRequest("/setting", { intent: "push-subscribe" }, { cookie: user.cookie }), t.context);
    expect(missing.status).toBe(400);
    const rows = await t.context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toEqual([]);
  });

  it("is refused without a session", async () => {
    const res = await call(settingAction, formRequest("/setting", subscribeFields(`${FCM}anon`)), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login/);
    expect(await rowsFor(`${FCM}anon`)).toHaveLength(0);
  });
});

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe("delivery to a local push endpoint", () => {
  let endpointServer: http.Server;
  let endpointBase: string;
  const received: Received[] = [];
  // The status the endpoint answers, per path (201 by default, as push services do).
  const answers = new Map<string, number>();
  let hubServer: HubServer;
  let market: MarketRuntime;
  let push: PushSender;
  let symbol: { id: number; symbolCode: string };

  const logged: string[] = [];
  // The endpoint's own certificate: web-push speaks HTTPS only, as push services do.
  const cert = fs.readFileSync("tests/fixtures/push/endpoint-cert.pem");

  beforeAll(async () => {
    // The devices stored above have push-service endpoints this test must not reach out to.
    await t.context.db.delete(pushSubscriptions);
    endpointServer = https.createServer({ cert, key: fs.readFileSync("tests/fixtures/push/endpoint-key.pem") }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(answers.get(req.url ?? "") ?? 201).end();
      });
    });
    endpointBase = (await listenOnLoopback(endpointServer)).replace(/^http:/, "https:");
    hubServer = await startHubServer(t.context);
    push = createPushSender({ db: t.context.db, hub: hubServer.hub, vapid: resolveVapidKeys(t.context.env), agent: new https.Agent({ ca: cert }), log: (line) => logged.push(line) });
    symbol = await createSymbolRow(t.context.db, null, `PSH${Date.now() % 10000}`);
    await t.context.db.update(symbols).set({ referencePrice: 100 }).where(eq(symbols.id, symbol.id));
    market = await startMarket({
      db: t.context.db,
      liveBook: t.context.liveBook,
      hub: hubServer.hub,
      openFeed: () => null,
      notifyAway: (notices) => push.notifyAway(notices),
      frameMs: 50,
      log: () => {},
    });
    for (let i = 0; i < 100 && !market.engine(); i++) await new Promise((r) => setTimeout(r, 20));
    if (!market.engine()) throw new Error("the market engine did not start");
  });
  afterAll(async () => {
    await hubServer?.close();
    await market?.stop();
    await new Promise((r) => endpointServer?.close(r));
  });
  beforeEach(() => {
    received.length = 0;
  });

  /** A subscribed device of the user whose endpoint is this local server. */
  async function subscribeDevice(userId: number, name: string) {
    const keys = deviceKeys();
    const path = `/push/${name}-${Date.now()}`;
    await upsertPushSubscription(t.context.db, userId, { endpoint: endpointBase + path, p256dh: keys.p256dh, auth: keys.authText, userAgent: "test" });
    return { ...keys, path, endpoint: endpointBase + path };
  }

  function decrypt(body: Buffer, device: { ecdh: ECDH; authText: string }) {
    const plain = ece.decrypt(body, { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.authText });
    return JSON.parse(plain.toString("utf8")) as { title: string; body: string; url: string; tag: string };
  }

  async function createAlert(user: { cookie: string }, price: string) {
    const res = await call(
      newAlertAction,
      formRequest("/alert/new", { name: "Push me", symbol: symbol.symbolCode, price, condition: "Greater than", viewType: ["Notify in App"], description: "d", note: "" }, { cookie: user.cookie }),
      { ...t.context, hub: hubServer.hub },
    );
    expect(res.status).toBe(302);
  }

  /** Moves the price from below to above `over`, crossing every "Greater than" alert under it. */
  async function cross(over: number) {
    const engine = market.engine()!;
    engine.ingest([{ symbolCode: symbol.symbolCode, price: over - 5, volume: 1, time: Date.now() }]);
    engine.ingest([{ symbolCode: symbol.symbolCode, price: over + 5, volume: 1, time: Date.now() + 1 }]);
  }

  it("an alert that fires with no page open reaches the device as an encrypted push that decrypts to its title and body", async () => {
    const user = await signedInUser(t.context, 3);
    const device = await subscribeDevice(user.id, "alert");
    await createAlert(user, "200");
    // The alert engine hears of the new alert through the hub and reloads its index.
    await expect.poll(async () => {
      await cross(200);
      await push.idle();
      return received.filter((r) => r.path === device.path).length;
    }, { timeout: 5_000 }).toBe(1);
    const [delivery] = received.filter((r) => r.path === device.path);
    expect(delivery.headers.ttl).toBe("3600");
    expect(delivery.headers["content-encoding"]).toBe("aes128gcm");
    expect(delivery.headers.urgency).toBe("high");
    expect(delivery.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${push.publicKey}$`));
    expect(delivery.body.subarray(0, 100).toString("utf8")).not.toContain(symbol.symbolCode);
    const message = decrypt(delivery.body, device);
    expect(message).toEqual({
      title: `Price alert: ${symbol.symbolCode}`,
      body: expect.stringContaining(symbol.symbolCode),
      url: "/notifications",
      tag: expect.stringMatching(/^alert-\d+$/),
    });
  });

  it("a user with a page open (a socket connected) is not pushed; the page hears it live", async () => {
    const user = await signedInUser(t.context, 3);
    const device = await subscribeDevice(user.id, "connected");
    const socket = hubServer.open(user.cookie);
    await new Promise<void>((resolve, reject) => {
      socket.on("connect", () => resolve());
      socket.on("connect_error", reject);
    });
    const report = await push.deliver([{ userId: user.id, message: { title: "t", body: "b", url: "/dashboard", tag: "x" } }]);
    expect(report).toEqual({ sent: 0, removed: 0, failed: 0, connected: 1 });
    socket.disconnect();
    await expect.poll(async () => (await push.deliver([{ userId: user.id, message: { title: "t", body: "b", url: "/dashboard", tag: "x" } }])).sent).toBe(1);
    expect(received.filter((r) => r.path === device.path)).toHaveLength(1);
  });

  it("a trade change pushes its notification to the owner's device", async () => {
    const owner = await signedInUser(t.context, 3);
    const device = await subscribeDevice(owner.id, "trade");
    const values = { symbolId: symbol.id, tradeType: "BUY" as const, quantity: 1, buyPrice: 100, sellPrice: 0, targetPrice: 0, slPrice: 0, description: "pushed", reasonToTrade: "" };
    await recordTradeChange({ db: t.context.db, hub: hubServer.hub, push }, (db) => createTrade(db, owner.id, values), (trade) => ({ change: "created", trade }));
    await push.idle();
    const deliveries = received.filter((r) => r.path === device.path);
    expect(deliveries).toHaveLength(1);
    expect(decrypt(deliveries[0].body, device)).toMatchObject({ title: `Trade: ${symbol.symbolCode}`, url: "/trades", tag: expect.stringMatching(/^trade-\d+$/) });
  });

  it("asks who is connected only about users with a device: none with one, no question to the processes", async () => {
    const withDevice = await signedInUser(t.context, 3);
    const without = await signedInUser(t.context, 3);
    const device = await subscribeDevice(withDevice.id, "asked");
    const asked: number[][] = [];
    const counting = createPushSender({
      db: t.context.db,
      hub: { usersWithoutConnection: async (ids) => (asked.push([...ids]), hubServer.hub.usersWithoutConnection(ids)) },
      vapid: resolveVapidKeys(t.context.env),
      agent: new https.Agent({ ca: cert }),
    });
    const message = { title: "t", body: "b", url: "/dashboard", tag: "asked" };
    expect(await counting.deliver([{ userId: without.id, message }])).toEqual({ sent: 0, removed: 0, failed: 0, connected: 0 });
    expect(asked).toEqual([]);
    const report = await counting.deliver([{ userId: without.id, message }, { userId: withDevice.id, message }]);
    expect(asked).toEqual([[withDevice.id]]);
    expect(report).toEqual({ sent: 1, removed: 0, failed: 0, connected: 0 });
    expect(received.filter((r) => r.path === device.path)).toHaveLength(1);
  });

  it("a customer is not pushed an alert of a symbol outside its subscription", async () => {
    const customer = await signedInUser(t.context, 4);
    const device = await subscribeDevice(customer.id, "customer");
    const report = await push.deliver([{ userId: customer.id, symbolCode: symbol.symbolCode, message: { title: "t", body: "b", url: "/notifications", tag: "y" } }]);
    expect(report.sent).toBe(0);
    expect(received.filter((r) => r.path === device.path)).toHaveLength(0);
  });

  it("a subscription the push service answers 410 (gone) or 404 for is deleted; a 500 keeps it", async () => {
    const user = await signedInUser(t.context, 3);
    const gone = await subscribeDevice(user.id, "gone");
    const missing = await subscribeDevice(user.id, "missing");
    const broken = await subscribeDevice(user.id, "broken");
    answers.set(gone.path, 410);
    answers.set(missing.path, 404);
    answers.set(broken.path, 500);
    const report = await push.deliver([{ userId: user.id, message: { title: "t", body: "b", url: "/dashboard", tag: "z" } }]);
    expect(report).toEqual({ sent: 0, removed: 2, failed: 1, connected: 0 });
    expect(await rowsFor(gone.endpoint)).toHaveLength(0);
    expect(await rowsFor(missing.endpoint)).toHaveLength(0);
    expect(await rowsFor(broken.endpoint)).toHaveLength(1);
    expect(logged).toEqual([expect.stringMatching(/^\[push\] sending to 127\.0\.0\.1:\d+ failed: 500 /)]);
  });
});
