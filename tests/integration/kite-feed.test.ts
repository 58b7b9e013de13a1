// Issue 23 (docs/decisions/175): the Kite feed through Zerodha's official client against a local
// server that speaks Kite's protocol (tests/support/kite-server.ts): ticks reach the engine as
// FeedTicks, a dropped socket reconnects and subscribes again, a refused token turns the feed
// off (no prices, role 1 told); with the app's stored credentials the feed stays off until
// /Token's Kite login completes, then streams.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { KiteConnect } from "kiteconnect";
import { apiSecrets, kiteInstruments } from "~/db/schema";
import { replaceKiteInstruments, storedKiteInstrumentsDay } from "~/models/kite-instrument.server";
import { istDateString } from "~/domain/dates";
import { loader as symbolsLoader } from "~/routes/_admin+/symbols";
import { action as tokenAction, loader as tokenLoader } from "~/routes/_admin+/Token";
import { storeCredentials } from "~/live-rate/credentials.server";
import { createKiteSessionFeed, KITE_NO_SESSION } from "~/live-rate/kite-provider.server";
import type { FeedTick } from "~/market/feed";
import { createKiteFeed, KITE_TOKEN_REFUSED, type KiteFeed } from "~/market/feeds/kite.server";
import { completeKiteLogin, describeKiteInstruments, KITE_LOGIN_EXPIRED, KITE_LOGIN_NOT_COMPLETED } from "~/services/live-rate.server";
import { kiteLoginState } from "~/domain/kite-session";
import { resolveSessionSecret } from "~/config/env.server";
import { createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { call, formRequest, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";
import { dispatchApi } from "~/api/dispatch.server";
import { createAuthSession } from "~/models/auth-session.server";
import { toastMessage } from "../support/admin";
import { loader as kiteReturnLoader } from "~/routes/_admin+/Token_.kite";
import { loadStoredCredentials } from "~/live-rate/credentials.server";
import { SAMPLE_KITE_INSTRUMENTS, SAMPLE_TOKENS, startKiteTestServer, syntheticMinuteBars, type KiteTestServer } from "../support/kite-server";
import { createSymbol } from "../support/market";
import { backfillMinutes, instrumentsOfTheDay } from "~/live-rate/kite-provider.server";
import { intradayOhlc, symbols } from "~/db/schema";
import { asc, eq } from "drizzle-orm";
import { upsertMinuteCandles } from "~/models/candle.server";
import { setKiteInstrumentChoice } from "~/models/symbol.server";

const API_KEY = "kiteapikey01";
const API_SECRET = "kiteapisecret0123456789";
const ist = (iso: string) => Date.parse(`${iso}+05:30`);
// The sample dump's futures expire on 30-11-2017: the feed's clock is a day in that month.
const MARKET_DAY = ist("2017-11-20T10:00:00");
const NIFTY_CALL = { instrument_token: 13800450, exchange_token: 53908, tradingsymbol: "NIFTY17NOV10300CE", name: "NIFTY", last_price: 0, expiry: "2017-11-30", strike: 10_300, tick_size: 0.05, lot_size: 75, instrument_type: "CE", segment: "NFO-OPT", exchange: "NFO" };

let kite: KiteTestServer;
let t: TestContext;
let feed: { stop(): Promise<void> } | null = null;

beforeAll(async () => {
  // The morning of MARKET_DAY in Kite's minute candles, 09:15 to 10:14 IST.
  const morning = syntheticMinuteBars({ year: 2017, month: 11, day: 20, hour: 9, minute: 15 }, 60, 10_300);
  kite = await startKiteTestServer({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    redirectUrl: "http://127.0.0.1/Token/kite",
    // An option too: the stored dump leaves options out (no product symbol is one).
    instruments: [...SAMPLE_KITE_INSTRUMENTS, NIFTY_CALL],
    minuteBars: new Map([[SAMPLE_TOKENS.niftyNov2017Future, morning]]),
    heartbeatEveryMs: 500,
  });
  t = await createTestContext({ env: { FEED: "kite", KITE_API_ROOT: kite.restRoot, KITE_WS_ROOT: kite.wsRoot, KITE_LOGIN_URL: kite.loginUrl } });
});
afterEach(async () => {
  await feed?.stop();
  feed = null;
});
afterAll(async () => {
  await kite?.close();
  await t?.close();
});

async function accessToken(): Promise<string> {
  const client = new KiteConnect({ api_key: API_KEY, root: kite.restRoot } as ConstructorParameters<typeof KiteConnect>[0]);
  return (await client.generateSession(kite.issueRequestToken(), API_SECRET)).access_token;
}

async function until<T>(probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, what: string, ms = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Role 1 with the app's Kite key and secret stored and the day's login completed at MARKET_DAY. */
async function loggedInToKite(): Promise<{ secret: string }> {
  const db = t.context.db;
  await db.delete(apiSecrets);
  const admin = await createUser(db, { roleId: 1 });
  const secret = resolveSessionSecret(t.context.env);
  await storeCredentials(db, secret, { apiToken: API_KEY, apiSecret: API_SECRET }, admin.id);
  const login = await completeKiteLogin(t.context, admin, { requestToken: kite.issueRequestToken(), status: "success", state: kiteLoginState(secret, admin.id, MARKET_DAY) }, MARKET_DAY);
  expect(login.ok).toBe(true);
  return { secret };
}

function startDirectFeed(token: string, received: FeedTick[]): KiteFeed {
  const direct = createKiteFeed({
    apiKey: API_KEY,
    accessToken: token,
    restRoot: kite.restRoot,
    wsRoot: kite.wsRoot,
    instrumentTokens: async () =>
      new Map([
        ["NIFTY-I", SAMPLE_TOKENS.niftyNov2017Future],
        ["INFY", SAMPLE_TOKENS.infy],
      ]),
    reconnect: { minDelayMs: 200, maxDelayMs: 1_000 },
    log: () => {},
  });
  direct.start(
    [
      { symbolCode: "NIFTY-I", startPrice: 10_300, step: 10 },
      { symbolCode: "INFY", startPrice: 960, step: 1 },
      { symbolCode: "NOSUCH", startPrice: 1, step: 1 },
    ],
    (ticks) => received.push(...ticks),
  );
  feed = direct;
  return direct;
}

const niftyTick = (price: number, volume: number, at: string) => ({
  instrument_token: SAMPLE_TOKENS.niftyNov2017Future,
  last_price: price,
  last_traded_quantity: 75,
  volume_traded: volume,
  exchange_timestamp: new Date(ist(at)),
  last_trade_time: new Date(ist(at)),
  ohlc: { open: 10_290, high: 10_320, low: 10_280, close: 10_250 },
  depth: { buy: [{ price: price - 0.5, quantity: 150, orders: 2 }], sell: [{ price: price + 0.5, quantity: 75, orders: 1 }] },
});

describe("the Kite feed through the official client", () => {
  it("subscribes the mapped instruments in full mode and turns Kite's ticks into the engine's", async () => {
    const received: FeedTick[] = [];
    const direct = startDirectFeed(await accessToken(), received);
    await kite.waitForSubscription(SAMPLE_TOKENS.niftyNov2017Future, "full");
    await kite.waitForSubscription(SAMPLE_TOKENS.infy, "full");
    expect(direct.status()).toMatchObject({ state: "live", unmapped: ["NOSUCH"] });

    kite.sendTicks([niftyTick(10_305.5, 1_000_000, "2017-11-20T10:00:01")]);
    kite.sendTicks([niftyTick(10_306, 1_000_150, "2017-11-20T10:00:02"), { instrument_token: SAMPLE_TOKENS.infy, last_price: 961.25, last_traded_quantity: 10, volume_traded: 5_000 }]);
    await until(() => received.length >= 3, "three ticks");
    expect(received[0]).toEqual({ symbolCode: "NIFTY-I", price: 10_305.5, volume: 0, time: ist("2017-11-20T10:00:01"), bid: 10_305, ask: 10_306 });
    // The volume is the growth of the day's cumulative volume, not the last trade's quantity repeated.
    expect(received[1]).toEqual({ symbolCode: "NIFTY-I", price: 10_306, volume: 150, time: ist("2017-11-20T10:00:02"), bid: 10_305.5, ask: 10_306.5 });
    expect(received[2]).toMatchObject({ symbolCode: "INFY", price: 961.25, volume: 0 });
    expect(direct.status().lastTickAt).not.toBeNull();
  });

  it("a dropped socket is shown as reconnecting, comes back, subscribes again and streams", async () => {
    const received: FeedTick[] = [];
    const direct = startDirectFeed(await accessToken(), received);
    await kite.waitForSubscription(SAMPLE_TOKENS.niftyNov2017Future, "full");
    kite.dropConnections();
    await until(() => direct.status().state === "reconnecting" || direct.status().state === "connecting", "reconnecting");
    await until(() => direct.status().state === "live" && kite.subscriptions().some((s) => s.modes[SAMPLE_TOKENS.niftyNov2017Future] === "full"), "live again", 20_000);
    kite.sendTicks([niftyTick(10_310, 2_000_000, "2017-11-20T10:05:00")]);
    await until(() => received.some((tick) => tick.price === 10_310), "a tick after the reconnect");
  });

  it("a refused token turns the feed off, says why, and nothing more is emitted", async () => {
    const received: FeedTick[] = [];
    const direct = startDirectFeed(await accessToken(), received);
    await kite.waitForSubscription(SAMPLE_TOKENS.niftyNov2017Future, "full");
    kite.expireSession();
    kite.dropConnections();
    await until(() => direct.status().state === "off", "off", 20_000);
    expect(direct.status().detail).toBe(KITE_TOKEN_REFUSED);
    const before = received.length;
    kite.sendTicks([niftyTick(10_400, 3_000_000, "2017-11-20T10:10:00")]);
    await new Promise((r) => setTimeout(r, 300));
    expect(received.length).toBe(before);
  });
});

describe("FEED=kite on the stored credentials and the day's session", () => {
  it("is off until /Token's Kite login completes, then streams; a forged or stale return changes nothing", async () => {
    const db = t.context.db;
    await db.delete(apiSecrets);
    const admin = await createUser(db, { roleId: 1 });
    const secret = resolveSessionSecret(t.context.env);
    await storeCredentials(db, secret, { apiToken: API_KEY, apiSecret: API_SECRET }, admin.id);
    await createSymbol(db, "NIFTY-I");

    const received: FeedTick[] = [];
    const sessionFeed = createKiteSessionFeed({ db, appSecret: secret, env: t.context.env, sessionPollMs: 100, now: () => MARKET_DAY, log: () => {} });
    feed = sessionFeed;
    sessionFeed.start([{ symbolCode: "NIFTY-I", startPrice: 10_300, step: 10 }], (ticks) => received.push(...ticks));
    await until(() => sessionFeed.status().detail === KITE_NO_SESSION, "off without a session");
    expect(sessionFeed.status().state).toBe("off");

    // A return that this user's Request did not start, or an unfinished login, is refused.
    const forged = await completeKiteLogin(t.context, admin, { requestToken: kite.issueRequestToken(), status: "success", state: kiteLoginState("another-secret-0123456789", admin.id, MARKET_DAY) }, MARKET_DAY);
    expect(forged).toMatchObject({ ok: false, problem: { message: KITE_LOGIN_EXPIRED } });
    const state = kiteLoginState(secret, admin.id, MARKET_DAY);
    expect(await completeKiteLogin(t.context, admin, { requestToken: null, status: "cancelled", state }, MARKET_DAY)).toMatchObject({ ok: false, problem: { message: KITE_LOGIN_NOT_COMPLETED } });
    const stale = await completeKiteLogin(t.context, admin, { requestToken: kite.issueRequestToken(), status: "success", state }, MARKET_DAY + 11 * 60_000);
    expect(stale).toMatchObject({ ok: false, problem: { message: KITE_LOGIN_EXPIRED } });

    const done = await completeKiteLogin(t.context, admin, { requestToken: kite.issueRequestToken(), status: "success", state }, MARKET_DAY);
    expect(done).toMatchObject({ ok: true, value: { message: "Logged in to Kite: the session lasts until 21-11-2017 06:00:00 AM." } });
    // NIFTY-I is the near-month future of the day's dump.
    await kite.waitForSubscription(SAMPLE_TOKENS.niftyNov2017Future, "full", 15_000);
    await until(() => sessionFeed.status().state === "live", "live");
    kite.sendTicks([niftyTick(10_320, 100, "2017-11-20T10:00:05")]);
    await until(() => received.some((tick) => tick.symbolCode === "NIFTY-I" && tick.price === 10_320), "a NIFTY-I tick");
    // On its first connect the feed back-filled the session so far from Kite's minute candles:
    // 09:15 to 09:59, the minute in progress (10:00) left to the stream.
    const [nifty] = await db.select({ id: symbols.id }).from(symbols).where(eq(symbols.symbolCode, "NIFTY-I"));
    const minutes = await until(async () => {
      const rows = await db.select({ ts: intradayOhlc.ts }).from(intradayOhlc).where(eq(intradayOhlc.symbolId, nifty.id)).orderBy(asc(intradayOhlc.ts));
      return rows.length === 45 ? rows : null;
    }, "45 back-filled minutes");
    expect(minutes[0].ts.toISOString()).toBe(new Date(ist("2017-11-20T09:15:00")).toISOString());
    expect(minutes.at(-1)!.ts.toISOString()).toBe(new Date(ist("2017-11-20T09:59:00")).toISOString());
  });

  it("streams the instrument role 1 chose by hand, and streams again by the rules when the choice is cleared", async () => {
    const db = t.context.db;
    const { secret } = await loggedInToKite();
    const [existing] = await db.select({ id: symbols.id }).from(symbols).where(eq(symbols.symbolCode, "INFY"));
    if (!existing) await createSymbol(db, "INFY");
    expect(await setKiteInstrumentChoice(db, "infy", SAMPLE_TOKENS.reliance)).toBe(true);

    const sessionFeed = createKiteSessionFeed({ db, appSecret: secret, env: t.context.env, sessionPollMs: 100, now: () => MARKET_DAY, log: () => {} });
    feed = sessionFeed;
    sessionFeed.start([{ symbolCode: "INFY", startPrice: 960, step: 1 }], () => {});
    await kite.waitForSubscription(SAMPLE_TOKENS.reliance, "full", 15_000);
    // /Token and the symbol list read the same mapping from the stored dump.
    const shown = async () => (await describeKiteInstruments(t.context, ["INFY"], MARKET_DAY))?.instruments[0];
    expect(await shown()).toMatchObject({ status: "mapped", text: "RELIANCE · NSE (chosen by hand)", chosenToken: SAMPLE_TOKENS.reliance });

    const connection = kite.subscriptions().find((socket) => SAMPLE_TOKENS.reliance in socket.modes)!.connection;
    await setKiteInstrumentChoice(db, "INFY", null);
    await kite.waitForSubscription(SAMPLE_TOKENS.infy, "full", 15_000);
    // Followed on the same socket, not a new connection: the old instrument unsubscribed.
    expect(kite.subscriptions()).toEqual([{ connection, modes: { [SAMPLE_TOKENS.infy]: "full" } }]);
    expect(await shown()).toMatchObject({ status: "mapped", text: "INFY · NSE", chosenToken: null });
  });

  it("stopped while it is reading the session, it opens no socket afterwards", async () => {
    const db = t.context.db;
    const { secret } = await loggedInToKite();
    await until(() => kite.subscriptions().length === 0, "no socket left by earlier tests");
    const handshakes = () => kite.requests().filter((entry) => entry.kind === "ws-handshake").length;
    const before = handshakes();
    const sessionFeed = createKiteSessionFeed({ db, appSecret: secret, env: t.context.env, sessionPollMs: 100, now: () => MARKET_DAY, log: () => {} });
    sessionFeed.start([{ symbolCode: "NIFTY-I", startPrice: 10_300, step: 10 }], () => {});
    // At once: its first check is reading the stored session.
    await sessionFeed.stop();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(kite.subscriptions()).toEqual([]);
    expect(handshakes()).toBe(before);
  });

  it("stores the day's dump once without its options, reads it back on a restart the same day, loads it again on the next", async () => {
    const db = t.context.db;
    await db.delete(kiteInstruments);
    const { secret } = await loggedInToKite();
    const dumpDownloads = () => kite.requests().filter((entry) => entry.path === "/instruments").length;
    const before = dumpDownloads();

    const first = createKiteSessionFeed({ db, appSecret: secret, env: t.context.env, sessionPollMs: 100, now: () => MARKET_DAY, log: () => {} });
    feed = first;
    first.start([{ symbolCode: "NIFTY-I", startPrice: 10_300, step: 10 }], () => {});
    await kite.waitForSubscription(SAMPLE_TOKENS.niftyNov2017Future, "full", 15_000);
    expect(dumpDownloads()).toBe(before + 1);
    const stored = await db.select().from(kiteInstruments);
    expect(stored.map((row) => row.instrumentToken).sort()).toEqual(SAMPLE_KITE_INSTRUMENTS.map((i) => i.instrument_token).sort());
    expect(stored.every((row) => row.listedOn === "2017-11-20")).toBe(true);
    expect(stored.find((row) => row.tradingsymbol === NIFTY_CALL.tradingsymbol)).toBeUndefined();
    await first.stop();

    // A restart the same day streams from the stored dump: nothing is downloaded again.
    const second = createKiteSessionFeed({ db, appSecret: secret, env: t.context.env, sessionPollMs: 100, now: () => MARKET_DAY + 60_000, log: () => {} });
    feed = second;
    second.start([{ symbolCode: "NIFTY-I", startPrice: 10_300, step: 10 }], () => {});
    await until(() => kite.subscriptions().some((socket) => socket.modes[SAMPLE_TOKENS.niftyNov2017Future] === "full"), "streaming again");
    expect(dumpDownloads()).toBe(before + 1);
    // The first feed's socket closed before the second opened: one connection, not a ghost beside it
    // (the official client keeps one socket reference for the process).
    await new Promise((r) => setTimeout(r, 1_500));
    expect(kite.subscriptions()).toEqual([{ connection: expect.any(Number), modes: { [SAMPLE_TOKENS.niftyNov2017Future]: "full" } }]);
    expect(second.status().state).toBe("live");

    // The next day's first read downloads the new dump and replaces the stored one.
    const client = new KiteConnect({ api_key: API_KEY, root: kite.restRoot } as ConstructorParameters<typeof KiteConnect>[0]);
    client.setAccessToken(await accessToken());
    const nextDay = await instrumentsOfTheDay(db, client, MARKET_DAY + 24 * 3_600_000, () => {});
    expect(dumpDownloads()).toBe(before + 2);
    expect(nextDay).toHaveLength(SAMPLE_KITE_INSTRUMENTS.length);
    expect(await storedKiteInstrumentsDay(db)).toBe("2017-11-21");
  });

  it("keeps the subscription in step with the active symbols: one switched on is subscribed and back-filled, one switched off unsubscribed", async () => {
    const db = t.context.db;
    const { secret } = await loggedInToKite();
    const [existing] = await db.select({ id: symbols.id }).from(symbols).where(eq(symbols.symbolCode, "INFY"));
    if (!existing) await createSymbol(db, "INFY");

    const sessionFeed = createKiteSessionFeed({ db, appSecret: secret, env: t.context.env, sessionPollMs: 100, now: () => MARKET_DAY, log: () => {} });
    feed = sessionFeed;
    const nifty = { symbolCode: "NIFTY-I", startPrice: 10_300, step: 10 };
    const infy = { symbolCode: "INFY", startPrice: 960, step: 1 };
    sessionFeed.start([nifty], () => {});
    await kite.waitForSubscription(SAMPLE_TOKENS.niftyNov2017Future, "full", 15_000);
    const infyHistory = () => kite.requests().filter((entry) => entry.path === `/instruments/historical/${SAMPLE_TOKENS.infy}/minute`).length;
    const historyBefore = infyHistory();

    sessionFeed.follow!([nifty, infy]);
    await kite.waitForSubscription(SAMPLE_TOKENS.infy, "full", 15_000);
    // The symbol switched on gets its session so far from Kite's minute candles.
    await until(() => infyHistory() > historyBefore, "INFY's minutes requested");

    sessionFeed.follow!([infy]);
    await until(() => kite.subscriptions().some((socket) => socket.modes[SAMPLE_TOKENS.infy] === "full" && !(SAMPLE_TOKENS.niftyNov2017Future in socket.modes)), "NIFTY-I unsubscribed");
    expect(sessionFeed.status().state).toBe("live");
  });

  it("back-fills the minutes a dropped connection missed: a minute already there keeps its open, takes Kite's close and volume", async () => {
    const db = t.context.db;
    const [existing] = await db.select({ id: symbols.id }).from(symbols).where(eq(symbols.symbolCode, "NIFTY-I"));
    const nifty = existing ?? (await createSymbol(db, "NIFTY-I"));
    await db.delete(intradayOhlc);
    // The stream wrote part of 10:02 before the link dropped.
    await upsertMinuteCandles(db, [{ symbolId: nifty.id, time: ist("2017-11-20T10:02:00"), open: 10_290, high: 10_291, low: 10_289, close: 10_290.5, volume: 10 }]);
    const client = new KiteConnect({ api_key: API_KEY, root: kite.restRoot } as ConstructorParameters<typeof KiteConnect>[0]);
    client.setAccessToken(await accessToken());
    const written = await backfillMinutes(db, client, new Map([["NIFTY-I", SAMPLE_TOKENS.niftyNov2017Future]]), new Date(ist("2017-11-20T10:02:40")), new Date(ist("2017-11-20T10:10:30")), () => {});
    // 10:02 to 10:09: the minute in progress (10:10) is the stream's.
    expect(written).toBe(8);
    const rows = await db.select().from(intradayOhlc).where(eq(intradayOhlc.symbolId, nifty.id)).orderBy(asc(intradayOhlc.ts));
    expect(rows.map((r) => r.ts.toISOString())).toEqual(Array.from({ length: 8 }, (_, i) => new Date(ist("2017-11-20T10:02:00") + i * 60_000).toISOString()));
    // Kite's 10:02 bar is the 48th of the morning (09:15 + 47): open 10,301, close 10,300.75, volume 2,175.
    expect(rows[0]).toMatchObject({ open: 10_290, close: 10_300.75, volume: 2_175, low: 10_289 });
    expect(rows[0].high).toBeGreaterThanOrEqual(10_301.5);
  });
});

describe("new Kite credentials wait apart until Kite accepts them", () => {
  it("a typo in the secret leaves the working key, secret and session as they were; right ones replace them with the new session", async () => {
    const db = t.context.db;
    const { secret } = await loggedInToKite();
    const before = await loadStoredCredentials(db, secret);
    const [admin] = await db.select({ id: apiSecrets.updatedBy }).from(apiSecrets);
    const cookie = await sessionCookieFor(t.context, admin.id!);
    const request = (apiSecret: string) => call(tokenAction, formRequest("/Token", { intent: "request", apiToken: API_KEY, apiSecret }, { cookie }), t.context);
    const returnFromKite = async (location: string) => {
      const state = new URLSearchParams(new URL(location).searchParams.get("redirect_params") ?? "").get("state");
      return completeKiteLogin(t.context, { id: admin.id! }, { requestToken: kite.issueRequestToken(), status: "success", state });
    };

    // A typo: Kite's login page opens, Kite refuses the exchange, and nothing working is lost.
    const typo = await request("kiteapisecret-typo");
    expect(typo.status).toBe(302);
    expect((await loadStoredCredentials(db, secret))?.pending).toEqual({ apiToken: API_KEY, apiSecret: "kiteapisecret-typo" });
    expect((await loadStoredCredentials(db, secret))?.sessionToken).toBe(before!.sessionToken);
    const refused = await returnFromKite(typo.headers.get("Location")!);
    expect(refused).toMatchObject({ ok: false, problem: { message: "Kite refused the login: Invalid `checksum`. Check the API key and secret, then press Request again." } });
    expect(await loadStoredCredentials(db, secret)).toMatchObject({ apiToken: API_KEY, apiSecret: API_SECRET, sessionToken: before!.sessionToken, sessionExpiresAt: before!.sessionExpiresAt, pending: null });

    // Stored credentials that Kite no longer takes, replaced by right ones on the login that accepts them.
    await storeCredentials(db, secret, { apiToken: API_KEY, apiSecret: "an-old-rotated-secret" }, admin.id!);
    const right = await request(API_SECRET);
    expect((await loadStoredCredentials(db, secret))?.apiSecret).toBe("an-old-rotated-secret");
    expect(await returnFromKite(right.headers.get("Location")!)).toMatchObject({ ok: true });
    const after = await loadStoredCredentials(db, secret);
    expect(after).toMatchObject({ apiToken: API_KEY, apiSecret: API_SECRET, pending: null });
    expect(after?.sessionToken).toBeTruthy();
    expect(after?.sessionExpiresAt?.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("/Token and the symbol list show each symbol's Kite instrument from the stored dump", () => {
  it("maps the listed symbols by the feed's rules, in any process, and says why one is not streamed", async () => {
    const db = t.context.db;
    for (const code of ["INFY", "NIFTY-I", "SENSEX"]) {
      const [existing] = await db.select({ id: symbols.id }).from(symbols).where(eq(symbols.symbolCode, code));
      if (!existing) await createSymbol(db, code);
    }
    await db.update(symbols).set({ kiteInstrumentToken: null });
    const today = istDateString(Date.now());
    await replaceKiteInstruments(db, today, SAMPLE_KITE_INSTRUMENTS);
    const admin = await createUser(db, { roleId: 1 });
    const cookie = await sessionCookieFor(t.context, admin.id);

    const list = await (await call(symbolsLoader, getRequest("/symbols?search=", { cookie }), t.context)).json();
    expect(list.kite.listedOn).toBe(today);
    expect(list.kite.bySymbol.INFY).toMatchObject({ status: "mapped", text: "INFY · NSE" });
    // The sample dump's futures expired in 2017: today there is no NIFTY-I to stream.
    expect(list.kite.bySymbol["NIFTY-I"]).toMatchObject({ status: "unknown", text: "Not streamed: No live NIFTY futures contract is in the instrument dump" });
    expect(list.kite.bySymbol.SENSEX).toMatchObject({ status: "unknown", text: "Not streamed: BSE index SENSEX is not in the instrument dump" });

    const token = await (await call(tokenLoader, getRequest("/Token", { cookie }), t.context)).json();
    expect(token.instruments.listedOn).toBe(today);
    expect(token.instruments.instruments.find((i: { symbolCode: string }) => i.symbolCode === "INFY")).toMatchObject({ status: "mapped", text: "INFY · NSE" });
  });
});

describe("the JSON API starts a Kite login as /Token does", () => {
  it("answers send_opt with Kite's login page for the app's key and a state only this user's return passes", async () => {
    const db = t.context.db;
    await db.delete(apiSecrets);
    const admin = await createUser(db, { roleId: 1 });
    const { id: bearer } = await createAuthSession(db, admin.id);
    const res = await dispatchApi(
      new Request(`${ORIGIN}/api/admin/LiverateSettingController/send_opt`, {
        method: "POST",
        headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
        body: JSON.stringify({ apitoken: API_KEY, apisecret: API_SECRET }),
      }),
      t.context,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; login_url: string };
    expect(body.message).toBe("Log in to Kite to start the day's session.");
    const login = new URL(body.login_url);
    expect(`${login.origin}${login.pathname}`).toBe(kite.loginUrl);
    expect(login.searchParams.get("api_key")).toBe(API_KEY);
    const state = new URLSearchParams(login.searchParams.get("redirect_params") ?? "").get("state");
    expect(state).toBeTruthy();
    // The credentials are kept, and the state completes this user's login, no one else's.
    const other = await createUser(db, { roleId: 1 });
    expect(await completeKiteLogin(t.context, other, { requestToken: kite.issueRequestToken(), status: "success", state })).toMatchObject({ ok: false, problem: { message: KITE_LOGIN_EXPIRED } });
    expect(await completeKiteLogin(t.context, admin, { requestToken: kite.issueRequestToken(), status: "success", state })).toMatchObject({ ok: true });
  });
});

describe("GET /Token/kite with hostile parameters changes nothing", () => {
  it("answers a redirect to /Token with the reason, and keeps no session", async () => {
    const db = t.context.db;
    await db.delete(apiSecrets);
    const admin = await createUser(db, { roleId: 1 });
    const cookie = await sessionCookieFor(t.context, admin.id);
    const secret = resolveSessionSecret(t.context.env);
    await storeCredentials(db, secret, { apiToken: API_KEY, apiSecret: API_SECRET }, admin.id);
    const good = kiteLoginState(secret, admin.id, Date.now());
    const cases: [string, string][] = [
      ["", KITE_LOGIN_EXPIRED],
      [`?request_token=${kite.issueRequestToken()}&status=success`, KITE_LOGIN_EXPIRED],
      [`?request_token=${kite.issueRequestToken()}&status=success&state=${encodeURIComponent(good)}x`, KITE_LOGIN_EXPIRED],
      [`?request_token=${kite.issueRequestToken()}&status=success&state=${"9".repeat(5000)}.abc`, KITE_LOGIN_EXPIRED],
      [`?request_token=%27%3B%20drop%20table%20trades%3B--&status=success&state=${encodeURIComponent(good)}`, KITE_LOGIN_NOT_COMPLETED],
      [`?request_token=${"a".repeat(5000)}&status=success&state=${encodeURIComponent(good)}`, KITE_LOGIN_NOT_COMPLETED],
      [`?request_token=${kite.issueRequestToken()}&status=failed&state=${encodeURIComponent(good)}`, KITE_LOGIN_NOT_COMPLETED],
      [`?request_token=notissued01&status=success&state=${encodeURIComponent(good)}&state=other`, "Kite refused the login: "],
    ];
    for (const [query, message] of cases) {
      const res = await call(kiteReturnLoader, getRequest(`/Token/kite${query}`, { cookie }), t.context);
      expect(res.status, query).toBe(302);
      expect(res.headers.get("Location")).toBe("/Token");
      expect(await toastMessage(t.context.cookies, res), query).toContain(message);
    }
    expect((await loadStoredCredentials(db, secret))?.sessionToken).toBeNull();

    // A customer never reaches it.
    const customer = await createUser(db, { roleId: 4 });
    const res = await call(kiteReturnLoader, getRequest(`/Token/kite?request_token=${kite.issueRequestToken()}&status=success&state=${encodeURIComponent(good)}`, { cookie: await sessionCookieFor(t.context, customer.id) }), t.context);
    expect(res.headers.get("Location")).toBe("/login");
    expect((await loadStoredCredentials(db, secret))?.sessionToken).toBeNull();
  });
});
