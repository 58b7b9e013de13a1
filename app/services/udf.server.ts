// Shared steps of the UDF datafeed routes: the guard (the access table's /udf rule), the
// symbol lookup that respects role 4's subscription, and the history read by the protocol's
// rules, paged through the database and streamed out (docs/decisions/122).
import type * as z from "zod";
import type { AppContext } from "~/config/context";
import type { AppDatabase } from "~/db/client.server";
import { requireRouteAccess } from "~/auth/guards.server";
import { findSymbolDetails, searchSymbols, SYMBOL_SEARCH_CANDIDATES, visibleSymbolCodes, type SymbolDetails } from "~/models/symbol.server";
import { listSessionBars, listTradingDays } from "~/models/candle.server";
import { listLatestKeyEventsBetween } from "~/models/market-events.server";
import { KEY_EVENTS_SHOWN } from "~/domain/keys";
import type { SessionUser } from "~/auth/session.server";
import { bucketStart, type Candle } from "~/domain/candles";
import {
  aggregateTradingDays,
  clampUdfSeconds,
  historyResponse,
  periodEndYmd,
  periodStartYmd,
  UDF_MAX_BARS,
  udfBarSpec,
  udfBarTime,
  udfError,
  utcYmd,
  type TradingDay,
  type UdfBarSpec,
  type UdfCalendarKind,
  type UdfHistory,
} from "~/domain/udf";
import { queryFields, searchParamsOf } from "~/schemas/request-input.server";

export interface UdfCaller {
  user: SessionUser;
  maySee: (code: string) => boolean;
}

export async function requireUdfCaller(request: Request, context: AppContext): Promise<UdfCaller> {
  const user = await requireRouteAccess(request, context);
  const visible = await visibleSymbolCodes(context.db, user);
  return { user, maySee: (code) => visible === "all" || visible.has(code.toUpperCase()) };
}

/** The symbol named by a UDF request ("NSE:NIFTY-I" or "NIFTY-I"), when the caller may see it. */
export async function udfSymbol(context: AppContext, caller: UdfCaller, raw: string | null | undefined): Promise<SymbolDetails | null> {
  if (!raw) return null;
  const code = raw.includes(":") ? raw.slice(raw.indexOf(":") + 1) : raw;
  const symbol = await findSymbolDetails(context.db, code);
  return symbol && caller.maySee(symbol.symbolCode) ? symbol : null;
}

/**
 * Active symbols whose code or description holds the query ("" for all) that the caller may see,
 * best first: ranked in SQL (exact code, code prefix, code, description), then filtered.
 */
export async function searchUdfSymbols(context: Pick<AppContext, "db">, caller: UdfCaller, query: string): Promise<SymbolDetails[]> {
  const found = await searchSymbols(context.db, query, SYMBOL_SEARCH_CANDIDATES);
  return found.filter((s) => caller.maySee(s.symbolCode));
}

/** A symbol's newest KEY_EVENTS_SHOWN key (chavi) events in [fromMs, toMs), oldest first, for the chart's marks. */
export async function listUdfKeyEvents(context: Pick<AppContext, "db">, symbolId: number, fromMs: number, toMs: number) {
  const events = await listLatestKeyEventsBetween(context.db, symbolId, new Date(fromMs), new Date(toMs), KEY_EVENTS_SHOWN);
  return events.map((e) => ({ id: e.id, time: e.eventTime.getTime(), label: e.label, price: e.price }));
}

/** A UDF request's readable query parameters (the request-input door). */
export function searchParams(request: Request): URLSearchParams {
  return searchParamsOf(request);
}

/**
 * A UDF query parsed by its schema: each parameter the schema reads, by its first value (given
 * twice, it counts once), and an empty one as missing, so `to=` reads as "to is required", not 0.
 */
export function udfQuery<S extends z.ZodType>(request: Request, schema: S) {
  return schema.safeParse(queryFields(searchParamsOf(request), schema, { emptyAsMissing: true }));
}

/** Minute rows one page query reads at most (about 0.1 s of PGlite, a default chart's query), and trading days per page. */
const PAGE_ROWS = 2_000;
const PAGE_DAYS = 5_000;
const DAY_SECONDS = 86_400;

/** Lets socket ticks and other requests run between two page queries of a long answer. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Bars whose UDF time t is before `toSec` and, when `fromSec` is given, at or after it: the
 * newest `want` of them, oldest first. The bar holding the instant before `to` comes whole.
 */
export async function loadUdfBars(
  db: AppDatabase,
  symbolId: number,
  spec: UdfBarSpec,
  window: { toSec: number; fromSec?: number; want: number },
): Promise<Candle[]> {
  if (window.want <= 0) return [];
  return spec.kind === "minutes" ? sessionBars(db, symbolId, spec.minutes, window) : calendarBars(db, symbolId, spec.kind, window);
}

async function sessionBars(db: AppDatabase, symbolId: number, minutes: number, window: { toSec: number; fromSec?: number; want: number }) {
  const sizeMs = minutes * 60_000;
  let before = bucketStart(window.toSec * 1000 - 1, minutes) + sizeMs;
  const notBefore = window.fromSec === undefined ? undefined : bucketStart(window.fromSec * 1000 - 1, minutes) + sizeMs;
  const perPage = Math.max(1, Math.floor(PAGE_ROWS / minutes));
  const pages: Candle[][] = [];
  let total = 0;
  while (total < window.want && (notBefore === undefined || before > notBefore)) {
    const limit = Math.min(perPage, window.want - total);
    const page = await listSessionBars(db, symbolId, minutes, { before, notBefore, limit });
    if (page.length > 0) {
      pages.push(page);
      total += page.length;
      before = page[0].time;
    }
    if (page.length < limit) break;
    await yieldToEventLoop();
  }
  return pages.reverse().flat();
}

async function calendarBars(db: AppDatabase, symbolId: number, kind: UdfCalendarKind, window: { toSec: number; fromSec?: number; want: number }) {
  // Dates, not instants: a daily bar's time is 00:00 UTC of its day, so `to` ends after the last
  // date before it (that date's week or month comes whole) and `from` starts at the first date on
  // or after it (reading from the start of its period, whose first trading day may fall earlier).
  const lastYmd = utcYmd(window.toSec - 1);
  const firstYmd = window.fromSec === undefined ? undefined : utcYmd(window.fromSec + DAY_SECONDS - 1);
  const notBeforeYmd = firstYmd === undefined ? undefined : periodStartYmd(firstYmd, kind);
  const newestFirst: TradingDay[] = [];
  const periods = new Set<string>();
  let beforeYmd = periodEndYmd(lastYmd, kind);
  let complete = false;
  for (;;) {
    const page = await listTradingDays(db, symbolId, { beforeYmd, notBeforeYmd, limit: PAGE_DAYS });
    newestFirst.push(...page);
    for (const d of page) periods.add(periodStartYmd(d.ymd, kind));
    if (page.length < PAGE_DAYS) {
      complete = true;
      break;
    }
    // Two periods more than wanted: the oldest may be cut by the page, the newest may start after `to`.
    if (periods.size > window.want + 1) break;
    beforeYmd = page[page.length - 1].ymd;
    await yieldToEventLoop();
  }
  let bars = aggregateTradingDays(newestFirst.reverse(), kind);
  if (!complete) bars = bars.slice(1);
  bars = bars.filter((b) => {
    const t = udfBarTime(b, "1D");
    return t < window.toSec && (window.fromSec === undefined || t >= window.fromSec);
  });
  return bars.slice(-window.want);
}

export interface UdfHistoryRequest {
  resolution: string;
  from: number;
  to: number;
  countback?: number;
}

/**
 * The history answer by the UDF rules (docs/decisions/122): with countback, the `countback`
 * bars before `to` whatever `from` says; without it, every bar in [from, to); both up to
 * `maxBars`, newest first kept. No bars: no_data, with nextTime = the newest bar before `from`
 * when the range is a gap in the data (never with countback, which already looked before `from`).
 */
export async function loadUdfHistory(
  db: AppDatabase,
  symbol: { id: number },
  query: UdfHistoryRequest,
  options: { maxBars?: number } = {},
): Promise<UdfHistory> {
  const spec = udfBarSpec(query.resolution);
  if (!spec) return udfError(`Unsupported resolution ${query.resolution}`);
  const maxBars = options.maxBars ?? UDF_MAX_BARS;
  const toSec = clampUdfSeconds(query.to);
  const fromSec = clampUdfSeconds(query.from);
  const byCount = query.countback !== undefined;
  const bars = await loadUdfBars(db, symbol.id, spec, {
    toSec,
    fromSec: byCount ? undefined : fromSec,
    want: Math.min(query.countback ?? Number.POSITIVE_INFINITY, maxBars),
  });
  if (bars.length > 0 || byCount) return historyResponse(bars, query.resolution, null);
  const [previous] = await loadUdfBars(db, symbol.id, spec, { toSec: fromSec, want: 1 });
  return historyResponse([], query.resolution, previous ?? null);
}

/**
 * The answer as a JSON response written in slices, so a long answer (up to UDF_MAX_BARS bars,
 * six numbers each) never holds the event loop for one big JSON.stringify.
 */
export function udfHistoryResponse(answer: UdfHistory): Response {
  const headers = { "Content-Type": "application/json; charset=utf-8" };
  if (answer.s !== "ok") return new Response(JSON.stringify(answer), { headers });
  const SLICE = 10_000;
  const encoder = new TextEncoder();
  const keys = ["t", "o", "h", "l", "c", "v"] as const;
  async function* chunks() {
    yield '{"s":"ok"';
    for (const key of keys) {
      const values = answer.s === "ok" ? answer[key] : [];
      yield `,"${key}":[`;
      for (let i = 0; i < values.length; i += SLICE) {
        yield (i > 0 ? "," : "") + values.slice(i, i + SLICE).join(",");
        await yieldToEventLoop();
      }
      yield "]";
    }
    yield "}";
  }
  const iterator = chunks();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  return new Response(body, { headers });
}
