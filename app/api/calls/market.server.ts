// Market data (docs/product-rules.md R-AC7 Settings and upload; docs/product-rules.md R-TD7): day bars,
// today's minutes, the bonus/split adjustment, counts, the overview gauge and the trend.
import * as z from "zod";
import { loadChartLinesOf, loadTodaysMinuteCandles } from "~/services/charts.server";
import { loadTotalCounts } from "~/services/dashboard.server";
import { findLatestDayBar, findLatestTrend, listPreviousCloses, listWeeklyHeroes, saveDayBar, saveOpenData } from "~/services/market-data.server";
import { currentOverview } from "~/services/overview.server";
import { applyBonusSplit } from "~/services/price-adjustments.server";
import { istDateString, isValidYmd } from "~/domain/dates";
import { bonusSplitSchema } from "~/schemas/bonus-split";
import { dailyBarSchema, SELECT_BAR_SYMBOL } from "~/schemas/open-data";
import { createdStatus, dataShape, okStatus, ymdDate } from "../shapes";
import { requireVisibleSymbol } from "../visible-symbol.server";
import { apiNotFound, badInput, defineCall, valueOrApiError } from "../types.server";
import { recordId } from "~/schemas/record-id";

const dayBarShape = z.object({
  symbol_id: z.number().int(),
  date: ymdDate,
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
  MA: z.number().nullable(),
  MD: z.number().nullable(),
  WA: z.number().nullable(),
  WD: z.number().nullable(),
});

const SYMBOL_NOT_FOUND = "Symbol not found";

/** The documents' operation names in the path (mul, div) → the Bonus Splitting form's. */
const OPERATIONS: Record<string, "Multiply" | "Division"> = { mul: "Multiply", div: "Division" };

export const marketCalls = [
  defineCall({
    id: "admin/dayohlc/open",
    method: "POST",
    path: "/api/admin/dayohlc/open",
    tag: "Market data",
    summary: "Save Symbol's Open Data: today's open of every active symbol from its first 1-minute candle (empty body).",
    page: "/dayohlc/open",
    status: 200,
    response: dataShape(z.object({ tradingDate: ymdDate, symbols: z.number().int().nonnegative() }), { message: z.string() }),
    handle: async ({ context }) => {
      const { message, ...data } = await saveOpenData(context);
      return { status: 200, message, data };
    },
    sample: () => ({}),
  }),
  defineCall({
    id: "admin/dayohlc/createbysymbolcode",
    method: "POST",
    path: "/api/admin/dayohlc/createbysymbolcode",
    tag: "Market data",
    summary: "Stores one symbol's day bar with MA, MD, WA, WD {symbol_code, date, open, high, low, close, volume, MA, MD, WA, WD}; levels not sent are kept.",
    page: "/upload",
    body: dailyBarSchema,
    status: 201,
    response: z.object({ status: createdStatus, message: z.string() }),
    handle: async ({ context, body }) => {
      const outcome = await saveDayBar(context, {
        symbolCode: body.symbol_code,
        date: body.date,
        open: body.open,
        high: body.high,
        low: body.low,
        close: body.close,
        volume: body.volume,
        levels: { ma: body.MA, md: body.MD, wa: body.WA, wd: body.WD },
      });
      // The refusal is about the symbol, which this call sends as symbol_code.
      if (!outcome.ok) badInput(outcome.problem.message, "symbol_code");
      return { status: 201, message: outcome.value.message };
    },
    sample: (f) => ({ body: { symbol_code: f.symbolCode, date: "2026-11-20", open: 100, high: 110, low: 95, close: 105, volume: 1000, MA: 101, MD: 99, WA: 102, WD: 98 } }),
    invalid: { body: { date: "2026-11-20", open: 1, high: 1, low: 1, close: 1 }, message: SELECT_BAR_SYMBOL },
  }),
  defineCall({
    id: "admin/dayohlc/previous",
    method: "GET",
    path: "/api/admin/dayohlc/previous",
    tag: "Market data",
    summary: "The previous session's close of every symbol the caller may see (the reference for change and change %).",
    page: "/allRealTime",
    status: 200,
    response: dataShape(z.array(z.object({ symbol_id: z.number().int(), close: z.number(), date: ymdDate }))),
    handle: async ({ context, user }) => {
      const sessions = await listPreviousCloses(context, user);
      return { status: 200, data: sessions.map((s) => ({ symbol_id: s.symbolId, close: s.close, date: s.tradingDate })) };
    },
    sample: () => ({}),
  }),
  defineCall({
    id: "admin/dayohlc/getbycode/{code}",
    method: "GET",
    path: "/api/admin/dayohlc/getbycode/{code}",
    tag: "Market data",
    summary: "A symbol's latest stored day bar with its MA/MD/WA/WD (data is null when none is stored).",
    page: "/chart",
    params: z.object({ code: z.string().min(1).max(40) }),
    status: 200,
    response: dataShape(dayBarShape.nullable()),
    handle: async ({ context, user, params }) => {
      const symbol = await requireVisibleSymbol(context, user, params.code);
      const bar = await findLatestDayBar(context, symbol.id);
      return {
        status: 200,
        data: bar
          ? { symbol_id: bar.symbolId, date: bar.tradingDate, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume, MA: bar.ma, MD: bar.md, WA: bar.wa, WD: bar.wd }
          : null,
      };
    },
    sample: (f) => ({ params: { code: f.symbolCode } }),
  }),
  defineCall({
    id: "admin/dayohlc/list/{symbolId}/{number}/{operation}",
    method: "POST",
    path: "/api/admin/dayohlc/list/{symbolId}/{number}/{operation}",
    tag: "Market data",
    summary: "Bonus/split: multiplies (mul) or divides (div) the symbol's stored daily and intraday prices by number, in one transaction (docs/product-rules.md R-D20). The documents' GET answers 405.",
    page: "/BonusSplitting",
    documentedMethod: "GET",
    params: z.object({ symbolId: z.string().max(12), number: z.string().max(20), operation: z.string().max(10) }),
    status: 200,
    response: dataShape(z.object({ dailyRows: z.number().int(), intradayRows: z.number().int() }), { message: z.string() }),
    handle: async ({ context, params }) => {
      // The Bonus Splitting form's schema checks the path's values, with its messages.
      const parsed = bonusSplitSchema.safeParse({
        symbolId: /^\d+$/.test(params.symbolId) ? Number(params.symbolId) : undefined,
        number: params.number, // decimal notation only: /0x10/ is not 16
        operation: OPERATIONS[params.operation.toLowerCase()],
      });
      if (!parsed.success) badInput(parsed.error.issues[0].message, String(parsed.error.issues[0].path[0] ?? ""));
      const { message, dailyRows, intradayRows } = valueOrApiError(await applyBonusSplit(context, parsed.data));
      return { status: 200, message, data: { dailyRows, intradayRows } };
    },
    sample: async (f) => ({ params: { symbolId: (await f.make.symbol()).id, number: 2, operation: "mul" } }),
  }),
  defineCall({
    id: "admin/instradayohlc/list",
    method: "GET",
    path: "/api/admin/instradayohlc/list",
    tag: "Market data",
    summary: "Today's 1-minute candles of a symbol (symbol_id), oldest first; time is epoch ms of the minute's start.",
    page: "/chart",
    query: z.object({ symbol_id: recordId("Please select a symbol") }),
    status: 200,
    response: dataShape(z.array(z.object({ time: z.number(), open: z.number(), high: z.number(), low: z.number(), close: z.number(), volume: z.number() }))),
    handle: async ({ context, user, query }) => {
      const candles = await loadTodaysMinuteCandles(context, user, query.symbol_id);
      if (!candles) apiNotFound(SYMBOL_NOT_FOUND);
      return { status: 200, data: candles };
    },
    sample: (f) => ({ query: { symbol_id: String(f.symbolId) } }),
  }),
  defineCall({
    id: "admin/chart-line",
    method: "GET",
    path: "/api/admin/chart-line",
    tag: "Market data",
    summary: "A symbol's chart lines by the caller's settings (targets, previous close, MA/MD/WA/WD, Daglu; docs/product-rules.md R-D18). date is accepted as the documents send it; the lines are the current ones.",
    page: "/chart",
    query: z.object({
      symbolId: recordId("Please select a symbol"),
      date: z.string().refine(isValidYmd, "Please enter a date as YYYY-MM-DD").optional(),
    }),
    status: 200,
    response: dataShape(z.array(z.object({ label: z.string(), price: z.number(), colour: z.string() }))),
    handle: async ({ context, user, query }) => {
      const lines = await loadChartLinesOf(context, user, query.symbolId);
      if (!lines) apiNotFound(SYMBOL_NOT_FOUND);
      return { status: 200, data: lines };
    },
    sample: (f) => ({ query: { symbolId: String(f.symbolId), date: istDateString(new Date()) } }),
  }),
  defineCall({
    id: "admin/all-w-hero",
    method: "GET",
    path: "/api/admin/all-w-hero",
    tag: "Market data",
    summary:
      "The weekly heroes: for each active symbol the caller may see (a customer: its subscription), the open of the current week's first trading day " +
      "(IST, ISO week): the day the market calendar marks isWeekFirstDay, else the week's earliest trading day so far with a daily bar. " +
      "data[] of {date, open, symbol_code, symbol_id} by code; empty before the week has a first trading day (decision 101).",
    page: "/dashboard",
    status: 200,
    response: dataShape(z.array(z.object({ date: ymdDate, open: z.number(), symbol_code: z.string(), symbol_id: z.number().int() }))),
    handle: async ({ context, user }) => {
      const heroes = await listWeeklyHeroes(context, user);
      return { status: 200, data: heroes.map((h) => ({ date: h.date, open: h.open, symbol_code: h.symbolCode, symbol_id: h.symbolId })) };
    },
    sample: () => ({}),
  }),
  defineCall({
    id: "admin/totalcount",
    method: "GET",
    path: "/api/admin/totalcount",
    tag: "Market data",
    summary: "The admin dashboard's count cards: users by role, symbols (all, active), sectors, keys.",
    page: "/admin/dashboard",
    status: 200,
    response: dataShape(
      z.object({
        users: z.object({ total: z.number().int(), byRole: z.record(z.string(), z.number().int()) }),
        symbols: z.object({ total: z.number().int(), active: z.number().int() }),
        sectors: z.number().int(),
        keys: z.number().int(),
      }),
    ),
    handle: async ({ context }) => {
      return { status: 200, data: await loadTotalCounts(context) };
    },
    sample: () => ({}),
  }),
  defineCall({
    id: "admin/symbolsuggestionflow/by-symbol/{symbolCode}",
    method: "GET",
    path: "/api/admin/symbolsuggestionflow/by-symbol/{symbolCode}",
    tag: "Market data",
    summary: "The latest suggested trend of a symbol (the top bar's Nifty badge reads NIFTY-I): targets[0].trends, empty when none.",
    page: "/dashboard",
    params: z.object({ symbolCode: z.string().min(1).max(40) }),
    status: 200,
    response: z.object({ status: okStatus, targets: z.array(z.object({ trends: z.enum(["Buy", "Sell", "Neutral"]) })) }),
    handle: async ({ context, params }) => {
      const trend = await findLatestTrend(context, params.symbolCode);
      return { status: 200, targets: trend ? [{ trends: trend }] : [] };
    },
    sample: () => ({ params: { symbolCode: "NIFTY-I" } }),
  }),
  defineCall({
    id: "getSymbolOverviewData",
    method: "GET",
    path: "/api/getSymbolOverviewData",
    tag: "Market data",
    summary: "The overview gauges from the live prices (docs/product-rules.md R-D19): overall and per sector, with advances and declines (the overview-data socket event's payload).",
    page: "/overview",
    status: 200,
    response: dataShape(
      z.object({
        gauge: z.number(),
        advances: z.number().int(),
        declines: z.number().int(),
        sectors: z.array(z.object({ sectorId: z.number().int(), gauge: z.number(), advances: z.number().int(), declines: z.number().int() })),
        time: z.number(),
      }),
    ),
    handle: async ({ context }) => {
      return { status: 200, data: await currentOverview(context) };
    },
    sample: () => ({}),
  }),
];
