// The official Kite Connect client (kiteconnect 5.3.0) against the local Kite stand-in
// (tests/support/kite-server.ts): the login flow, the instrument dump, minute candles, and the
// ticker's binary packets, text messages and reconnects, decoded by the client's own code. What
// these pin down is the contract the live provider is built on, offline.
import { EventEmitter, once } from "node:events";
import { createRequire } from "node:module";
import { KiteConnect, type KiteTickerParams, type Ticker } from "kiteconnect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  KITE_INSTRUMENT_COLUMNS,
  readSharedMinuteBars,
  SAMPLE_KITE_INSTRUMENTS,
  SAMPLE_TOKENS,
  sharedDataAbsentMessage,
  startKiteTestServer,
  syntheticMinuteBars,
  type KiteRequestLogEntry,
  type KiteTestServer,
} from "../support/kite-server";
import type { KiteTickInput } from "../support/kite-packets";

const API_KEY = "kitetestkey";
const API_SECRET = "kitetestsecret";
const REDIRECT_URL = "http://localhost:3000/live-rate/kite/callback";

const REAL_FILE = "NIFTY_F1_1min_201711.csv";
const realBars = readSharedMinuteBars(REAL_FILE);
if (!realBars) console.warn(`[kite-protocol] ${sharedDataAbsentMessage(REAL_FILE)}; the candles come from synthetic bars`);
const niftyBars = realBars ?? syntheticMinuteBars({ year: 2017, month: 11, day: 1, hour: 9, minute: 15 }, 375, 10_400);

const { niftyNov2017Future: FUTURE, bankNiftyNov2017Future: OTHER_FUTURE, infy: INFY, reliance: RELIANCE, nifty50: NIFTY_50, niftyBank: NIFTY_BANK } = SAMPLE_TOKENS;

let kite: KiteTestServer;

beforeAll(async () => {
  kite = await startKiteTestServer({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    redirectUrl: REDIRECT_URL,
    instruments: SAMPLE_KITE_INSTRUMENTS,
    minuteBars: new Map([[FUTURE, niftyBars]]),
  });
});

afterAll(async () => {
  await kite?.close();
});

function restClient(): InstanceType<typeof KiteConnect> {
  return new KiteConnect({ api_key: API_KEY, root: kite.restRoot, login_uri: kite.loginUrl });
}

/** Kite's login as a browser sees it: the login page answers a redirect to the app with a request token. */
async function logInThroughLoginPage(kc: InstanceType<typeof KiteConnect>): Promise<URL> {
  // getLoginURL() ignores login_uri (see below), so its query goes to the stand-in's page.
  const loginUrl = new URL(new URL(kc.getLoginURL()).search, kite.loginUrl);
  const response = await fetch(loginUrl, { redirect: "manual" });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

/** The latest logged request or socket message that matches. */
function lastRequest(matches: (entry: KiteRequestLogEntry) => boolean): KiteRequestLogEntry | undefined {
  return kite.requests().filter(matches).at(-1);
}

async function newAccessToken(): Promise<string> {
  const session = await restClient().generateSession(kite.issueRequestToken(), API_SECRET);
  return session.access_token;
}

describe("REST: login, session, instruments, candles", () => {
  it("sends the login back to the app with a request token, which generateSession exchanges for an access token", async () => {
    const kc = restClient();
    // kiteconnect 5.3.0 accepts login_uri but never reads it: the URL is always Kite's own.
    expect(kc.getLoginURL()).toBe(`https://kite.zerodha.com/connect/login?api_key=${API_KEY}&v=3`);

    const back = await logInThroughLoginPage(kc);
    expect(back.origin + back.pathname).toBe(REDIRECT_URL);
    expect(back.searchParams.get("action")).toBe("login");
    expect(back.searchParams.get("status")).toBe("success");
    const requestToken = back.searchParams.get("request_token")!;
    expect(requestToken).toMatch(/^[0-9a-f]{32}$/);

    const session = await kc.generateSession(requestToken, API_SECRET);
    expect(session).toMatchObject({ user_id: "AB1234", api_key: API_KEY, access_token: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(session.login_time).toBeInstanceOf(Date);
    // The client keeps the token: an authenticated call now succeeds.
    await expect(kc.getInstruments()).resolves.toHaveLength(SAMPLE_KITE_INSTRUMENTS.length + 1);
    const tokenCall = lastRequest((entry) => entry.path === "/session/token");
    expect(tokenCall).toMatchObject({ method: "POST", status: 200, kiteVersion: "3" });
  });

  it("refuses a wrong api secret (checksum) and a request token used twice, with TokenException", async () => {
    const kc = restClient();
    const requestToken = kite.issueRequestToken();
    await expect(kc.generateSession(requestToken, "not-the-secret")).rejects.toEqual({
      status: "error",
      message: "Invalid `checksum`.",
      data: null,
      error_type: "TokenException",
    });
    // A refused checksum does not spend the token; a successful exchange does.
    await expect(kc.generateSession(requestToken, API_SECRET)).resolves.toHaveProperty("access_token");
    await expect(kc.generateSession(requestToken, API_SECRET)).rejects.toMatchObject({
      error_type: "TokenException",
      message: "Token is invalid or has expired.",
    });
  });

  it("serves the instrument dump in Kite's column order, as the client parses it", async () => {
    const kc = restClient();
    const accessToken = await newAccessToken();
    kc.setAccessToken(accessToken);

    const raw = await fetch(`${kite.restRoot}/instruments`, {
      headers: { "X-Kite-Version": "3", Authorization: `token ${API_KEY}:${accessToken}` },
    });
    expect(raw.headers.get("content-type")).toBe("text/csv");
    const lines = (await raw.text()).split("\n");
    expect(lines[0]).toBe(KITE_INSTRUMENT_COLUMNS.join(","));
    expect(lines[1]).toBe('256265,1001,NIFTY 50,"NIFTY 50",0,,0,0,0,EQ,INDICES,NSE');

    const instruments = await kc.getInstruments();
    // The client converts only the price and size columns: tokens stay strings, and a dated
    // expiry becomes a Date at UTC midnight.
    expect(instruments.find((row) => row.tradingsymbol === "NIFTY17NOVFUT")).toEqual({
      instrument_token: "13718786",
      exchange_token: "53589",
      tradingsymbol: "NIFTY17NOVFUT",
      name: "NIFTY",
      last_price: 0,
      expiry: new Date("2017-11-30T00:00:00Z"),
      strike: 0,
      tick_size: 0.05,
      lot_size: 75,
      instrument_type: "FUT",
      segment: "NFO-FUT",
      exchange: "NFO",
    });
    expect(instruments.find((row) => row.tradingsymbol === "NIFTY 50")).toMatchObject({ instrument_token: "256265", name: "NIFTY 50", expiry: "", segment: "INDICES" });
    // The dump ends with a newline and the client's parser keeps empty lines: its last row is a
    // phantom with an empty token, which a consumer has to drop.
    expect(instruments).toHaveLength(SAMPLE_KITE_INSTRUMENTS.length + 1);
    expect(instruments.at(-1)).toEqual({ instrument_token: "", last_price: NaN, strike: NaN, tick_size: NaN, lot_size: NaN });

    const nfo = await kc.getInstruments("NFO");
    expect(nfo.filter((row) => row.instrument_token !== "").map((row) => row.tradingsymbol)).toEqual(["NIFTY17NOVFUT", "BANKNIFTY17NOVFUT"]);
  });

  it.skipIf(!realBars)(`returns a real session's minute candles from ${REAL_FILE}, stamped at the minute's start in IST`, async () => {
    const kc = restClient();
    kc.setAccessToken(await newAccessToken());
    const candles = await kc.getHistoricalData(FUTURE, "minute", "2017-11-01 09:15:00", "2017-11-01 15:29:00");
    // The vendor's first line, "NIFTY_F1,20171101,09:16,10402.7,10419.9,10402.7,10416.8,190875", is the 09:15 minute.
    expect(candles[0]).toEqual({ date: new Date("2017-11-01T09:15:00+05:30"), open: 10402.7, high: 10419.9, low: 10402.7, close: 10416.8, volume: 190875 });
    expect(candles.at(-1)!.date).toEqual(new Date("2017-11-01T15:29:00+05:30"));
    expect(candles.length).toBeGreaterThan(370);
    expect(candles.length).toBeLessThanOrEqual(375);
  });

  it("returns the bars between from and to, both ends included, and refuses an unknown token", async () => {
    const kc = restClient();
    kc.setAccessToken(await newAccessToken());
    const first = niftyBars[0].time;
    const wanted = niftyBars.filter((bar) => bar.time >= first && bar.time <= first + 4 * 60_000);
    expect(wanted).toHaveLength(5);
    // Strings, not Dates: for a Date the client sends the machine's local wall clock, which Kite reads as IST.
    const istText = (epochMs: number) => new Date(epochMs + 330 * 60_000).toISOString().slice(0, 19).replace("T", " ");
    const candles = await kc.getHistoricalData(FUTURE, "minute", istText(first), istText(first + 4 * 60_000));
    expect(candles).toEqual(wanted.map(({ time, open, high, low, close, volume }) => ({ date: new Date(time), open, high, low, close, volume })));

    await expect(kc.getHistoricalData(OTHER_FUTURE, "minute", istText(first), istText(first))).rejects.toMatchObject({ error_type: "InputException" });
    const call = lastRequest((entry) => entry.path.startsWith("/instruments/historical/"));
    expect(call).toMatchObject({ path: `/instruments/historical/${OTHER_FUTURE}/minute`, status: 400 });
  });

  it("answers 403 TokenException once the session has expired, and calls the client's session-expiry hook", async () => {
    const kc = restClient();
    kc.setAccessToken(await newAccessToken());
    let expiryHookCalls = 0;
    kc.setSessionExpiryHook(() => (expiryHookCalls += 1));
    await expect(kc.getInstruments()).resolves.not.toHaveLength(0);

    kite.expireSession();
    await expect(kc.getInstruments()).rejects.toEqual({ status: "error", message: "Incorrect `api_key` or `access_token`.", data: null, error_type: "TokenException" });
    await expect(kc.getHistoricalData(FUTURE, "minute", "2017-11-01 09:15:00", "2017-11-01 09:20:00")).rejects.toMatchObject({ error_type: "TokenException" });
    expect(expiryHookCalls).toBe(2);
    expect(kite.requests().at(-1)).toMatchObject({ status: 403 });
  });

  it("refuses an API call without the X-Kite-Version header", async () => {
    const response = await fetch(`${kite.restRoot}/instruments`, { headers: { Authorization: `token ${API_KEY}:${await newAccessToken()}` } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: "error", error_type: "InputException" });
  });
});

// ------------------------------------------------------------------ ticker

type KiteTickerConstructor = new (params: KiteTickerParams & { root?: string }) => Ticker;
const requireFromHere = createRequire(import.meta.url);

/**
 * kiteconnect's ticker keeps its socket, event handlers and reconnect state in module-level
 * variables (one ticker per process; handlers of every instance pile up together). Each scenario
 * therefore loads its own copy of the module, so one cannot leak into the next.
 */
function freshKiteTicker(): KiteTickerConstructor {
  const file = requireFromHere.resolve("kiteconnect/dist/lib/ticker.js");
  delete requireFromHere.cache[file];
  return (requireFromHere(file) as { KiteTicker: KiteTickerConstructor }).KiteTicker;
}

const TICKER_EVENTS = ["connect", "ticks", "disconnect", "error", "close", "reconnect", "noreconnect", "message", "order_update"] as const;
type TickerEvent = (typeof TICKER_EVENTS)[number];

/** Records the ticker's events and lets a test await the next one of a kind. */
function recordEvents(ticker: Ticker) {
  const seen: TickerEvent[] = [];
  const emitter = new EventEmitter();
  const on = ticker.on.bind(ticker) as (event: TickerEvent, callback: (...args: unknown[]) => void) => void;
  for (const name of TICKER_EVENTS) {
    on(name, (...args) => {
      seen.push(name);
      emitter.emit(name, args);
    });
  }
  return {
    seen,
    /** The arguments of the next `name` event; register before causing it. */
    async next(name: TickerEvent, timeoutMs = 3_000): Promise<unknown[]> {
      const [args] = await once(emitter, name, { signal: AbortSignal.timeout(timeoutMs) }).catch(() => {
        throw new Error(`No "${name}" event within ${timeoutMs} ms (seen: ${seen.join(", ")})`);
      });
      return args as unknown[];
    },
  };
}

/**
 * Stops a ticker without killing the test process: disconnect() forbids reconnecting, and a
 * reconnect attempt it has forbidden calls process.exit(1). Turning auto-reconnect off first
 * means no attempt is made at all.
 */
function stopTicker(ticker: Ticker): void {
  ticker.autoReconnect(false);
  ticker.disconnect();
}

async function connectedTicker(params: Partial<KiteTickerParams> = {}) {
  const KiteTicker = freshKiteTicker();
  const ticker = new KiteTicker({ api_key: API_KEY, access_token: await newAccessToken(), root: kite.wsRoot, reconnect: false, ...params });
  const events = recordEvents(ticker);
  const connected = events.next("connect");
  ticker.connect();
  await connected;
  return { ticker, events };
}

const IST = (wallClock: string) => new Date(`${wallClock}+05:30`);

describe("ticker: binary packets, text messages, reconnects", () => {
  it("delivers ltp, quote and full packets, and index packets, decoded exactly by the client", async () => {
    const { ticker, events } = await connectedTicker();
    try {
      ticker.subscribe([FUTURE, INFY, RELIANCE, NIFTY_50, NIFTY_BANK]);
      ticker.setMode("full", [FUTURE, NIFTY_50]);
      ticker.setMode("ltp", [INFY]);
      await kite.waitForSubscription(FUTURE, "full");
      await kite.waitForSubscription(NIFTY_50, "full");
      await kite.waitForSubscription(INFY, "ltp");
      // Without a mode message a subscription streams in quote mode.
      expect(kite.subscriptions()).toEqual([
        { connection: expect.any(Number), modes: { [FUTURE]: "full", [INFY]: "ltp", [RELIANCE]: "quote", [NIFTY_50]: "full", [NIFTY_BANK]: "quote" } },
      ]);
      // The handshake: root + "?api_key=…&access_token=…&uid=…", with the version header.
      expect(lastRequest((entry) => entry.kind === "ws-handshake")).toMatchObject({
        path: "/",
        status: 101,
        kiteVersion: "3",
        query: { api_key: API_KEY, access_token: expect.any(String), uid: expect.stringMatching(/^\d+$/) },
      });

      const depthLevel = (quantity: number, price: number, orders: number) => ({ quantity, price, orders });
      const empty = depthLevel(0, 0, 0);
      const future: KiteTickInput = {
        instrument_token: FUTURE,
        last_price: 10416.8,
        last_traded_quantity: 75,
        average_traded_price: 10411.35,
        volume_traded: 190_875,
        total_buy_quantity: 412_500,
        total_sell_quantity: 398_250,
        ohlc: { open: 10402.7, high: 10419.9, low: 10402.7, close: 10390.55 },
        last_trade_time: IST("2017-11-01T09:15:58"),
        exchange_timestamp: IST("2017-11-01T09:15:59"),
        oi: 26_331_975,
        oi_day_high: 26_400_000,
        oi_day_low: 26_300_025,
        depth: {
          buy: [depthLevel(150, 10416.5, 2), depthLevel(75, 10416.25, 1), depthLevel(300, 10416, 4), depthLevel(225, 10415.95, 3), depthLevel(75, 10415.9, 1)],
          sell: [depthLevel(225, 10417, 3)],
        },
      };
      const infy: KiteTickInput = { instrument_token: INFY, last_price: 963.45, volume_traded: 5_000 };
      const reliance: KiteTickInput = {
        instrument_token: RELIANCE,
        last_price: 1250.4,
        last_traded_quantity: 10,
        average_traded_price: 1248.15,
        volume_traded: 2_345_678,
        total_buy_quantity: 120_000,
        total_sell_quantity: 98_000,
        ohlc: { open: 1245, high: 1252.5, low: 1240.05, close: 1243.1 },
        // Full-mode fields are not sent in quote mode.
        oi: 99,
      };
      const nifty: KiteTickInput = { instrument_token: NIFTY_50, last_price: 10440.5, ohlc: { open: 10435.4, high: 10451.5, low: 10410.05, close: 10423.8 }, exchange_timestamp: IST("2017-11-01T09:16:00") };
      const bank: KiteTickInput = { instrument_token: NIFTY_BANK, last_price: 25300.25, ohlc: { open: 25360, high: 25400.5, low: 25280, close: 25350 } };
      const notSubscribed: KiteTickInput = { instrument_token: OTHER_FUTURE, last_price: 25310 };

      const ticksArrived = events.next("ticks");
      const rawArrived = events.next("message");
      expect(kite.sendTicks([future, infy, reliance, nifty, bank, notSubscribed])).toBe(1);
      const [raw] = (await rawArrived) as [ArrayBuffer];
      // One frame: a count, then each packet's length and bytes (184 + 8 + 44 + 32 + 28).
      expect(raw.byteLength).toBe(2 + 5 * 2 + 184 + 8 + 44 + 32 + 28);
      const [ticks] = (await ticksArrived) as [unknown[]];

      expect(ticks).toEqual([
        {
          tradable: true,
          mode: "full",
          instrument_token: FUTURE,
          last_price: 10416.8,
          last_traded_quantity: 75,
          average_traded_price: 10411.35,
          volume_traded: 190_875,
          total_buy_quantity: 412_500,
          total_sell_quantity: 398_250,
          ohlc: { open: 10402.7, high: 10419.9, low: 10402.7, close: 10390.55 },
          change: expect.closeTo(0.252633, 6), // percent of the previous close
          last_trade_time: IST("2017-11-01T09:15:58"),
          exchange_timestamp: IST("2017-11-01T09:15:59"),
          oi: 26_331_975,
          oi_day_high: 26_400_000,
          oi_day_low: 26_300_025,
          depth: {
            buy: [depthLevel(150, 10416.5, 2), depthLevel(75, 10416.25, 1), depthLevel(300, 10416, 4), depthLevel(225, 10415.95, 3), depthLevel(75, 10415.9, 1)],
            sell: [depthLevel(225, 10417, 3), empty, empty, empty, empty],
          },
        },
        { tradable: true, mode: "ltp", instrument_token: INFY, last_price: 963.45 },
        {
          tradable: true,
          mode: "quote",
          instrument_token: RELIANCE,
          last_price: 1250.4,
          last_traded_quantity: 10,
          average_traded_price: 1248.15,
          volume_traded: 2_345_678,
          total_buy_quantity: 120_000,
          total_sell_quantity: 98_000,
          ohlc: { open: 1245, high: 1252.5, low: 1240.05, close: 1243.1 },
          change: expect.closeTo(0.587242, 6),
        },
        {
          tradable: false,
          mode: "full",
          instrument_token: NIFTY_50,
          last_price: 10440.5,
          ohlc: { open: 10435.4, high: 10451.5, low: 10410.05, close: 10423.8 },
          change: expect.closeTo(0.16021, 5),
          exchange_timestamp: IST("2017-11-01T09:16:00"),
        },
        {
          tradable: false,
          mode: "quote",
          instrument_token: NIFTY_BANK,
          last_price: 25300.25,
          ohlc: { open: 25360, high: 25400.5, low: 25280, close: 25350 },
          change: expect.closeTo(-0.196252, 6),
        },
      ]);

      // After an unsubscribe the instrument's ticks stop reaching this socket.
      ticker.unsubscribe([INFY]);
      ticker.setMode("ltp", [RELIANCE]);
      await kite.waitForSubscription(RELIANCE, "ltp");
      expect(kite.subscriptions()[0].modes).not.toHaveProperty(String(INFY));
      expect(kite.sendTicks([infy])).toBe(0);
    } finally {
      stopTicker(ticker);
    }
  });

  it("takes a heartbeat without ticks, passes order updates to 'order_update' and drops error messages", async () => {
    const { ticker, events } = await connectedTicker();
    try {
      const heartbeat = events.next("message");
      kite.heartbeat();
      const [beat] = (await heartbeat) as [ArrayBuffer];
      expect(beat.byteLength).toBe(1);

      const order = {
        order_id: "171101000000001",
        status: "COMPLETE",
        tradingsymbol: "NIFTY17NOVFUT",
        instrument_token: FUTURE,
        exchange: "NFO",
        transaction_type: "BUY",
        quantity: 75,
        average_price: 10416.8,
        order_timestamp: "2017-11-01 09:16:02",
      };
      const orderUpdate = events.next("order_update");
      // Messages arrive in order, so by the time the order update is seen the error was handled.
      kite.sendText({ type: "error", data: "Invalid instrument token" });
      kite.sendText({ type: "order", data: order });
      const [received] = await orderUpdate;
      expect(received).toEqual(order);
      // kiteconnect 5.3.0 acts only on { type: "order" }: an error text raises no event at all.
      expect(events.seen).toEqual(["connect", "message", "order_update"]);
    } finally {
      stopTicker(ticker);
    }
  });

  it("reconnects by itself after a dropped connection, but subscribes again only when the app does", async () => {
    // Retry settings: the first retry waits 1 s whatever they are (max_delay has a 5 s floor).
    const { ticker, events } = await connectedTicker({ reconnect: true, max_retry: 3, max_delay: 5 });
    try {
      ticker.subscribe([FUTURE]);
      ticker.setMode("ltp", [FUTURE]);
      await kite.waitForSubscription(FUTURE, "ltp");
      const first = events.next("ticks");
      kite.sendTicks([{ instrument_token: FUTURE, last_price: 10416.8 }]);
      expect(await first).toEqual([[{ tradable: true, mode: "ltp", instrument_token: FUTURE, last_price: 10416.8 }]]);

      const reconnecting = events.next("reconnect");
      const reconnected = events.next("connect");
      kite.dropConnections();
      expect(await reconnecting).toEqual([1, 1]); // attempt 1, after 1 second
      await reconnected;
      expect(ticker.connected()).toBe(true);

      // A marker subscription: any subscription the client replayed on its own would arrive before it.
      ticker.subscribe([INFY]);
      await kite.waitForSubscription(INFY);
      expect(kite.subscriptions()).toEqual([{ connection: expect.any(Number), modes: { [INFY]: "quote" } }]);

      ticker.subscribe([FUTURE]);
      ticker.setMode("ltp", [FUTURE]);
      await kite.waitForSubscription(FUTURE, "ltp");
      const again = events.next("ticks");
      kite.sendTicks([{ instrument_token: FUTURE, last_price: 10417.25 }]);
      expect(await again).toEqual([[{ tradable: true, mode: "ltp", instrument_token: FUTURE, last_price: 10417.25 }]]);
    } finally {
      stopTicker(ticker);
    }
  });

  it("is refused at the handshake with an expired session or a wrong access token", async () => {
    const accessToken = await newAccessToken();
    kite.expireSession();
    for (const token of [accessToken, "not-a-token"]) {
      const KiteTicker = freshKiteTicker();
      const ticker = new KiteTicker({ api_key: API_KEY, access_token: token, root: kite.wsRoot, reconnect: false });
      const events = recordEvents(ticker);
      const refused = events.next("error");
      ticker.connect();
      const [error] = (await refused) as [{ message?: string }];
      expect(error.message).toBe("Unexpected server response: 403");
      expect(ticker.connected()).toBe(false);
      expect(lastRequest((entry) => entry.kind === "ws-handshake")).toMatchObject({ status: 403, query: { access_token: token } });
      stopTicker(ticker);
    }
  });
});
