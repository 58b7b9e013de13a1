// A local stand-in for Zerodha's Kite Connect v3, so the official `kiteconnect` client (pointed at
// it through its `root` options) can be tested without the internet. It speaks the documented
// protocol: the REST envelopes and TokenExceptions, the login redirect, and the ticker WebSocket
// with its binary packets (tests/support/kite-packets.ts) and text messages. Tests drive it:
// ticks, heartbeats, text messages, dropped connections and an expired session on demand.
//
// Deliberately stricter than Kite where that catches a client mistake: a missing X-Kite-Version
// header is refused, and token lists in subscribe/mode messages must be numbers (Kite silently
// ignores string tokens, which would leave a test waiting for ticks that never come).
import { createHash, randomBytes } from "node:crypto";
import { EventEmitter, once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { text } from "node:stream/consumers";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { stringify } from "csv-stringify/sync";
import { WebSocketServer, type WebSocket } from "ws";
import type { Candle } from "~/domain/candles";
import { IST_TIME_ZONE, istClock, istWallTimeToEpochMs } from "~/domain/dates";
import { dedupeMinuteBars, parseMinuteCsv } from "~/market/minute-csv.server";
import { encodeFrame, encodeHeartbeat, encodePacket, type KiteMode, type KiteTickInput } from "./kite-packets";
import { SHARED_DATA } from "./market";
import { KITE_INSTRUMENT_COLUMNS, type KiteInstrument } from "~/domain/kite-instruments";

// The dump's rows and columns are the app's own (app/domain/kite-instruments.ts): an expiry of
// null is written as Kite writes it, an empty cell.
export { KITE_INSTRUMENT_COLUMNS, type KiteInstrument };

export interface KiteTestServerOptions {
  apiKey: string;
  apiSecret: string;
  /** The Kite app's registered redirect URL: where the login stand-in sends the browser back. */
  redirectUrl: string;
  instruments?: readonly KiteInstrument[];
  /** Minute bars served by the historical endpoint, by instrument token; `time` is the bar's start (epoch ms). */
  minuteBars?: ReadonlyMap<number, readonly Candle[]>;
  /** The user id sessions report. */
  userId?: string;
  /** Sends Kite's 1-byte heartbeat to every socket this often (Kite's own comes about every second). Off unless set. */
  heartbeatEveryMs?: number;
}

export interface KiteRequestLogEntry {
  kind: "http" | "ws-handshake" | "ws-message";
  /** HTTP method ("GET" for a handshake, "WS" for a socket message). */
  method: string;
  path: string;
  query: Record<string, string>;
  /** The answer's status (101 for an accepted handshake); absent for socket messages. */
  status?: number;
  /** The X-Kite-Version header as sent. */
  kiteVersion?: string;
  /** For socket messages: the connection and the parsed message. */
  connection?: number;
  message?: unknown;
}

export interface KiteSocketSubscriptions {
  connection: number;
  /** Subscribed instrument tokens and their modes. */
  modes: Record<number, KiteMode>;
}

export interface KiteTestServer {
  /** The REST root for `new KiteConnect({ root })` (no trailing slash, as Kite's default). */
  restRoot: string;
  /** The WebSocket root for `new KiteTicker({ root })` (with the trailing slash, as Kite's default). */
  wsRoot: string;
  /** The login page stand-in; Kite's is https://kite.zerodha.com/connect/login. */
  loginUrl: string;
  /** A fresh single-use request token, as a completed Kite login would hand the app. */
  issueRequestToken(): string;
  /** Sends each socket one frame with the ticks of the tokens it subscribed to, in its modes. Answers the frames sent. */
  sendTicks(ticks: readonly KiteTickInput[]): number;
  /** Sends the 1-byte heartbeat to every socket. */
  heartbeat(): void;
  /** Sends a text message (an object is sent as JSON) to every socket, e.g. { type: "order", data } or { type: "error", data: "…" }. */
  sendText(message: unknown): void;
  /** Ends every socket abruptly (no close frame), as a network failure would. */
  dropConnections(): void;
  /** Invalidates every access token: REST answers 403 TokenException and new sockets are refused. */
  expireSession(): void;
  /** What each open socket has subscribed to. */
  subscriptions(): KiteSocketSubscriptions[];
  /** Resolves once an open socket has `token` (in `mode`, when given); rejects after `timeoutMs`. */
  waitForSubscription(token: number, mode?: KiteMode, timeoutMs?: number): Promise<void>;
  /** Every request and socket message, in arrival order. */
  requests(): readonly KiteRequestLogEntry[];
  close(): Promise<void>;
}

type KiteErrorType = "TokenException" | "InputException" | "GeneralException";

const JSON_TYPE = "application/json";
// Exactly this: kiteconnect parses the dump only when content-type === "text/csv" (no charset).
const CSV_TYPE = "text/csv";
const MODES: readonly KiteMode[] = ["ltp", "quote", "full"];
const INVALID_CREDENTIALS = "Incorrect `api_key` or `access_token`.";

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": JSON_TYPE });
  res.end(JSON.stringify(body));
}

function sendSuccess(res: http.ServerResponse, data: unknown): void {
  sendJson(res, 200, { status: "success", data });
}

function sendError(res: http.ServerResponse, status: number, errorType: KiteErrorType, message: string): void {
  sendJson(res, status, { status: "error", message, data: null, error_type: errorType });
}

function randomToken(): string {
  return randomBytes(16).toString("hex");
}

/** Kite's times are IST wall clock; candles carry the offset as +0530 (no colon). */
function formatIstCandleTime(epochMs: number): string {
  return format(new TZDate(epochMs, IST_TIME_ZONE), "yyyy-MM-dd'T'HH:mm:ssxx");
}

const KITE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** The historical endpoint's from/to ("yyyy-mm-dd hh:mm:ss" or "yyyy-mm-dd", IST) as epoch ms; null when unreadable. */
function parseKiteDateTime(value: string | null): number | null {
  const match = value === null ? null : KITE_DATE_TIME.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = "0", minute = "0", second = "0"] = match;
  return istWallTimeToEpochMs(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second));
}

export async function startKiteTestServer(options: KiteTestServerOptions): Promise<KiteTestServer> {
  const userId = options.userId ?? "AB1234";
  const instruments = options.instruments ?? [];
  const minuteBars = options.minuteBars ?? new Map<number, readonly Candle[]>();
  const unusedRequestTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const log: KiteRequestLogEntry[] = [];
  const sockets = new Map<WebSocket, KiteSocketSubscriptions>();
  // Fired on every subscription change, for waitForSubscription.
  const subscriptionChanges = new EventEmitter();
  let nextConnection = 1;

  const server = http.createServer((req, res) => {
    handleRest(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, "GeneralException", error instanceof Error ? error.message : String(error));
    });
  });

  async function handleRest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const kiteVersion = req.headers["x-kite-version"] as string | undefined;
    const entry: KiteRequestLogEntry = { kind: "http", method: req.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), kiteVersion };
    log.push(entry);
    res.on("finish", () => (entry.status = res.statusCode));

    if (req.method === "GET" && url.pathname === "/connect/login") return answerLogin(url, res);
    // Every API call carries the version header; the login page is a browser page and does not.
    if (kiteVersion !== "3") return sendError(res, 400, "InputException", "Missing or invalid X-Kite-Version header (expected 3).");

    if (req.method === "POST" && url.pathname === "/session/token") {
      return answerSessionToken(new URLSearchParams(await text(req)), res);
    }
    if (req.method !== "GET") return sendError(res, 405, "GeneralException", "Method not allowed.");
    if (!isAuthorized(req.headers.authorization)) return sendError(res, 403, "TokenException", INVALID_CREDENTIALS);

    const historical = /^\/instruments\/historical\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (historical) return answerHistorical(historical[1], historical[2], url.searchParams, res);
    const dump = /^\/instruments(?:\/([A-Z]+))?$/.exec(url.pathname);
    if (dump) return answerInstruments(dump[1], res);
    return sendError(res, 404, "GeneralException", "Route not found.");
  }

  function answerLogin(url: URL, res: http.ServerResponse): void {
    if (url.searchParams.get("api_key") !== options.apiKey || url.searchParams.get("v") !== "3") {
      res.writeHead(400, { "Content-Type": "text/plain" });
      res.end("Invalid api_key or version");
      return;
    }
    const back = new URL(options.redirectUrl);
    // Kite sends `redirect_params` (URL-encoded query parameters) back untouched with the token.
    for (const [name, value] of new URLSearchParams(url.searchParams.get("redirect_params") ?? "")) back.searchParams.set(name, value);
    back.searchParams.set("request_token", issueRequestToken());
    back.searchParams.set("action", "login");
    back.searchParams.set("status", "success");
    res.writeHead(302, { Location: back.toString() });
    res.end();
  }

  function issueRequestToken(): string {
    const token = randomToken();
    unusedRequestTokens.add(token);
    return token;
  }

  function answerSessionToken(form: URLSearchParams, res: http.ServerResponse): void {
    const apiKey = form.get("api_key");
    const requestToken = form.get("request_token") ?? "";
    if (apiKey !== options.apiKey) return sendError(res, 400, "InputException", "Invalid `api_key`.");
    const expected = createHash("sha256").update(options.apiKey + requestToken + options.apiSecret).digest("hex");
    if (form.get("checksum") !== expected) return sendError(res, 403, "TokenException", "Invalid `checksum`.");
    // Kite's request tokens are single-use (and short-lived): the exchange consumes it.
    if (!unusedRequestTokens.delete(requestToken)) return sendError(res, 403, "TokenException", "Token is invalid or has expired.");
    const accessToken = randomToken();
    accessTokens.add(accessToken);
    sendSuccess(res, {
      user_type: "individual",
      email: "kite-test@example.com",
      user_name: "Kite Test",
      user_shortname: "Test",
      broker: "ZERODHA",
      exchanges: ["NSE", "NFO", "BSE", "BFO"],
      products: ["CNC", "NRML", "MIS"],
      order_types: ["MARKET", "LIMIT", "SL", "SL-M"],
      avatar_url: null,
      user_id: userId,
      api_key: options.apiKey,
      access_token: accessToken,
      public_token: randomToken(),
      refresh_token: "",
      enctoken: "",
      login_time: format(new TZDate(Date.now(), IST_TIME_ZONE), "yyyy-MM-dd HH:mm:ss"),
      meta: { demat_consent: "physical" },
    });
  }

  function isAuthorized(header: string | undefined): boolean {
    const match = /^token ([^:]+):(.+)$/.exec(header ?? "");
    return match !== null && match[1] === options.apiKey && accessTokens.has(match[2]);
  }

  function answerInstruments(exchange: string | undefined, res: http.ServerResponse): void {
    const rows = exchange ? instruments.filter((row) => row.exchange === exchange) : instruments;
    const csv = stringify(rows as KiteInstrument[], {
      header: true,
      columns: [...KITE_INSTRUMENT_COLUMNS],
      // Kite's dump quotes the name column and nothing else (unless a value needs it).
      cast: { string: (value, context) => (context.column === "name" ? { value, quoted: true } : value) },
    });
    res.writeHead(200, { "Content-Type": CSV_TYPE });
    res.end(csv);
  }

  function answerHistorical(tokenText: string, interval: string, query: URLSearchParams, res: http.ServerResponse): void {
    const bars = minuteBars.get(Number(tokenText));
    if (!/^\d+$/.test(tokenText) || bars === undefined) return sendError(res, 400, "InputException", "invalid token");
    if (interval !== "minute") return sendError(res, 400, "InputException", `interval ${interval} is not served by the test server (minute only)`);
    const from = parseKiteDateTime(query.get("from"));
    const to = parseKiteDateTime(query.get("to"));
    if (from === null || to === null) return sendError(res, 400, "InputException", "invalid from or to date");
    if (from > to) return sendError(res, 400, "InputException", "invalid date range: from is after to");
    // Both ends inclusive: a bar starting exactly at `to` is returned, as Kite does.
    const candles = bars
      .filter((bar) => bar.time >= from && bar.time <= to)
      .map((bar) => [formatIstCandleTime(bar.time), bar.open, bar.high, bar.low, bar.close, bar.volume]);
    sendSuccess(res, { candles });
  }

  // ------------------------------------------------------------------ WebSocket

  const wss = new WebSocketServer({ noServer: true });

  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const entry: KiteRequestLogEntry = {
      kind: "ws-handshake",
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      kiteVersion: req.headers["x-kite-version"] as string | undefined,
    };
    log.push(entry);
    const allowed =
      url.pathname === "/" && url.searchParams.get("api_key") === options.apiKey && accessTokens.has(url.searchParams.get("access_token") ?? "");
    if (!allowed) {
      // Kite refuses the handshake itself; the client sees "Unexpected server response: 403".
      entry.status = 403;
      socket.end("HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: 9\r\nConnection: close\r\n\r\nForbidden");
      return;
    }
    entry.status = 101;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const state: KiteSocketSubscriptions = { connection: nextConnection++, modes: {} };
      sockets.set(ws, state);
      ws.on("message", (data, isBinary) => {
        if (!isBinary) applyClientMessage(state, data.toString());
      });
      ws.on("close", () => {
        sockets.delete(ws);
        subscriptionChanges.emit("change");
      });
      subscriptionChanges.emit("change");
    });
  });

  function applyClientMessage(state: KiteSocketSubscriptions, raw: string): void {
    let message: { a?: unknown; v?: unknown };
    try {
      message = JSON.parse(raw);
    } catch {
      return; // Kite ignores what it cannot read.
    }
    log.push({ kind: "ws-message", method: "WS", path: "/", query: {}, connection: state.connection, message });
    const tokensOf = (value: unknown): number[] => (Array.isArray(value) ? value.filter((token): token is number => typeof token === "number") : []);
    if (message.a === "subscribe") {
      // A new subscription streams in quote mode until a mode message says otherwise.
      for (const token of tokensOf(message.v)) state.modes[token] ??= "quote";
    } else if (message.a === "unsubscribe") {
      for (const token of tokensOf(message.v)) delete state.modes[token];
    } else if (message.a === "mode" && Array.isArray(message.v)) {
      const [mode, tokens] = message.v as [unknown, unknown];
      if (MODES.includes(mode as KiteMode)) {
        // A mode applies only to tokens already subscribed on this connection.
        for (const token of tokensOf(tokens)) if (token in state.modes) state.modes[token] = mode as KiteMode;
      }
    }
    subscriptionChanges.emit("change");
  }

  function openSockets(): WebSocket[] {
    return [...sockets.keys()].filter((ws) => ws.readyState === ws.OPEN);
  }

  function hasSubscription(token: number, mode: KiteMode | undefined): boolean {
    return openSockets().some((ws) => {
      const current = sockets.get(ws)?.modes[token];
      return current !== undefined && (mode === undefined || current === mode);
    });
  }

  const heartbeatTimer = options.heartbeatEveryMs ? setInterval(() => control.heartbeat(), options.heartbeatEveryMs) : undefined;

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const control: KiteTestServer = {
    restRoot: `http://127.0.0.1:${port}`,
    wsRoot: `ws://127.0.0.1:${port}/`,
    loginUrl: `http://127.0.0.1:${port}/connect/login`,
    issueRequestToken,
    sendTicks(ticks) {
      let frames = 0;
      for (const ws of openSockets()) {
        const modes = sockets.get(ws)!.modes;
        const packets = ticks.filter((tick) => tick.instrument_token in modes).map((tick) => encodePacket(tick, modes[tick.instrument_token]));
        if (packets.length === 0) continue;
        ws.send(encodeFrame(packets), { binary: true });
        frames += 1;
      }
      return frames;
    },
    heartbeat() {
      for (const ws of openSockets()) ws.send(encodeHeartbeat(), { binary: true });
    },
    sendText(message) {
      const payload = typeof message === "string" ? message : JSON.stringify(message);
      for (const ws of openSockets()) ws.send(payload, { binary: false });
    },
    dropConnections() {
      for (const ws of sockets.keys()) ws.terminate();
    },
    expireSession() {
      accessTokens.clear();
    },
    subscriptions() {
      return openSockets().map((ws) => {
        const state = sockets.get(ws)!;
        return { connection: state.connection, modes: { ...state.modes } };
      });
    },
    async waitForSubscription(token, mode, timeoutMs = 2_000) {
      const signal = AbortSignal.timeout(timeoutMs);
      while (!hasSubscription(token, mode)) {
        try {
          await once(subscriptionChanges, "change", { signal });
        } catch {
          throw new Error(`No socket subscribed to ${token}${mode ? ` in ${mode} mode` : ""} within ${timeoutMs} ms; subscriptions: ${JSON.stringify(control.subscriptions())}`);
        }
      }
    },
    requests() {
      return log;
    },
    async close() {
      clearInterval(heartbeatTimer);
      for (const ws of sockets.keys()) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
  return control;
}

// ------------------------------------------------------------------ sample data

/**
 * A few instruments in Kite's dump shape. Tokens follow Kite's scheme (exchange token × 256 +
 * segment): the indices and equities are Kite's real ones; the November 2017 futures' numbers
 * are made up (the contracts of the real minute files in ../shared/data).
 */
export const SAMPLE_KITE_INSTRUMENTS: readonly KiteInstrument[] = [
  { instrument_token: 256265, exchange_token: 1001, tradingsymbol: "NIFTY 50", name: "NIFTY 50", last_price: 0, expiry: null, strike: 0, tick_size: 0, lot_size: 0, instrument_type: "EQ", segment: "INDICES", exchange: "NSE" },
  { instrument_token: 260105, exchange_token: 1016, tradingsymbol: "NIFTY BANK", name: "NIFTY BANK", last_price: 0, expiry: null, strike: 0, tick_size: 0, lot_size: 0, instrument_type: "EQ", segment: "INDICES", exchange: "NSE" },
  { instrument_token: 408065, exchange_token: 1594, tradingsymbol: "INFY", name: "INFOSYS", last_price: 0, expiry: null, strike: 0, tick_size: 0.05, lot_size: 1, instrument_type: "EQ", segment: "NSE", exchange: "NSE" },
  { instrument_token: 738561, exchange_token: 2885, tradingsymbol: "RELIANCE", name: "RELIANCE INDUSTRIES", last_price: 0, expiry: null, strike: 0, tick_size: 0.05, lot_size: 1, instrument_type: "EQ", segment: "NSE", exchange: "NSE" },
  { instrument_token: 13718786, exchange_token: 53589, tradingsymbol: "NIFTY17NOVFUT", name: "NIFTY", last_price: 0, expiry: "2017-11-30", strike: 0, tick_size: 0.05, lot_size: 75, instrument_type: "FUT", segment: "NFO-FUT", exchange: "NFO" },
  { instrument_token: 13719042, exchange_token: 53590, tradingsymbol: "BANKNIFTY17NOVFUT", name: "BANKNIFTY", last_price: 0, expiry: "2017-11-30", strike: 0, tick_size: 0.05, lot_size: 40, instrument_type: "FUT", segment: "NFO-FUT", exchange: "NFO" },
];

export const SAMPLE_TOKENS = {
  nifty50: 256265,
  niftyBank: 260105,
  infy: 408065,
  reliance: 738561,
  niftyNov2017Future: 13718786,
  bankNiftyNov2017Future: 13719042,
} as const;

/** The vendor's real 1-minute futures files, beside the project (absent on most laptops). The app never reads them. */
export const SHARED_MINUTE_DIR = path.join(SHARED_DATA, "intraday_1min");

// NSE's session as Kite serves minute candles: the first starts 09:15, the last 15:29 (IST).
const SESSION_FIRST_MINUTE = 9 * 60 + 15;
const SESSION_LAST_MINUTE = 15 * 60 + 29;

/**
 * Minute bars from a real file in ../shared/data/intraday_1min (e.g. NIFTY_F1_1min_201711.csv),
 * as Kite's historical API would serve them: stamped at the bar's start (the vendor stamps the
 * end; the app's parser converts), repeated days dropped, after-hours rows left out (Kite's
 * candles stop at 15:29). Null when the file is not there, so a test can skip (see sharedDataAbsentMessage).
 */
export function readSharedMinuteBars(fileName: string): Candle[] | null {
  const file = path.join(SHARED_MINUTE_DIR, fileName);
  if (!existsSync(file)) return null;
  const { rows, errors } = parseMinuteCsv(readFileSync(file, "utf8"));
  if (errors.length > 0) throw new Error(`${file}: ${errors.length} unreadable rows, first at line ${errors[0].line}: ${errors[0].message}`);
  return dedupeMinuteBars(rows)
    .rows.filter((bar) => {
      const { hour, minute } = istClock(bar.time);
      const minuteOfDay = hour * 60 + minute;
      return minuteOfDay >= SESSION_FIRST_MINUTE && minuteOfDay <= SESSION_LAST_MINUTE;
    })
    .map(({ time, open, high, low, close, volume }) => ({ time, open, high, low, close, volume }));
}

export function sharedDataAbsentMessage(fileName: string): string {
  return `../shared/data is absent: ${path.join(SHARED_MINUTE_DIR, fileName)} not found, so the real-data case is skipped`;
}

/** Deterministic bars for when the real files are absent: `count` minutes from an IST start, a small zigzag around `price`. */
export function syntheticMinuteBars(istStart: { year: number; month: number; day: number; hour: number; minute: number }, count: number, price: number): Candle[] {
  const start = istWallTimeToEpochMs(istStart.year, istStart.month, istStart.day, istStart.hour, istStart.minute);
  return Array.from({ length: count }, (_, i) => {
    const open = price + (i % 5) * 0.5;
    const close = open + (i % 2 === 0 ? 0.25 : -0.25);
    return { time: start + i * 60_000, open, high: Math.max(open, close) + 0.5, low: Math.min(open, close) - 0.5, close, volume: 1_000 + i * 25 };
  });
}
