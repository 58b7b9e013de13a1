// The trade journal and symbol suggestions (docs/product-rules.md R-TD7; decision 070). The same
// services as /trades and /SymbolSuggestionFlow (services/trades.server.ts,
// services/suggestions.server.ts): a customer reaches only its own trades (another's answers 404
// and nothing changes), trades only subscribed symbols, role 1 alone verifies, closing freezes
// the PNL at the live exit price, the list's date window is the page's, and every trade write
// publishes the same trade notifications as the pages. Here: the documents' names and shapes.
import * as z from "zod";
import { TRADE_PAGE_SIZE } from "~/domain/trade-list";
import { levelHitFlags, type LevelHitFlagView, type WatchedLevel } from "~/domain/trade-watch";
import { LONG_PAGE_SIZE } from "~/domain/paging";
import { listTradesWithCount, removeTrade, saveTrade, setTradeOpen, verifyTrade } from "~/services/trades.server";
import { listSuggestions, removeSuggestion, saveSuggestion } from "~/services/suggestions.server";
import { ENTER_TRADE_TYPE, TRADE_DELETED, TRADE_SAVED, checkTradePrices, tradeFields, tradeSchema, TRADE_PRICE_CHECK } from "~/schemas/trade";
import { keptNoteField, keptTagsField } from "~/schemas/trade-journal";
import { SELECT_SCRIPT, SELECT_VALID_TREND, SUGGESTION_CREATED, SUGGESTION_DELETED, SUGGESTION_UPDATED, symbolSuggestionSchema, TRENDS } from "~/schemas/symbol-suggestion";
import { FORBIDDEN_MESSAGE } from "../messages";
import { createdShape, flag, idParam, isoDateTime, messageShape, okStatus, pageQuery, STATUS_FLAG_MESSAGE, statusBody } from "../shapes";
import { jsonDecimal } from "../exact-json.server";
import { apiError, apiNotFound, defineCall, valueOrApiError } from "../types.server";
import { recordId, strictRecordId } from "~/schemas/record-id";
import { requestUrl } from "~/schemas/request-input.server";

const SEND_ID = "Please send an id";
const tradeId = strictRecordId(SEND_ID);
const tradeAliases = { symbol_code: "symbol" } as const;

/**
 * trade/update has the documents' two bodies: the trade's fields plus id (the edit dialog), or
 * {id, isVerified, verification: true} (role 1's switch). Told apart by `verification`.
 * The edit body's status (open 1 / closed 0), tags and note are kept when not sent, never reset.
 */
const tradeEditBody = z
  .object({ ...tradeFields, tags: keptTagsField, note: keptNoteField, id: tradeId, status: z.boolean().optional(), verification: z.literal(false).optional() })
  .superRefine(checkTradePrices, TRADE_PRICE_CHECK);
const verifyBody = z.object({ id: tradeId, verification: z.literal(true), isVerified: flag, symbol: z.string().max(40).optional() });
const tradeUpdateBody = z.discriminatedUnion("verification", [verifyBody, tradeEditBody]);

const tradeStatusBody = statusBody.extend({ userId: recordId().optional() });

const levelHitShape = z.object({
  at: isoDateTime,
  price: z.number(),
  text: z.string().describe('As the screens flag it, IST: "SL hit 09:42:10 at 407.05"'),
});

/** A trade's stored hit of one level, as the API carries it. */
function levelHitOf(flags: LevelHitFlagView[], level: WatchedLevel) {
  const flag = flags.find((f) => f.level === level);
  return flag ? { at: flag.at, price: flag.price, text: flag.text } : null;
}

// The documents' Trade (docs/product-rules.md R-TD3): tradeId (= id), user.username, symbolId,
// symbolmst.symbol_code, description, reasonToTrade, createdDateTimeStamp, updatedDatetimeStamp and
// role beside our flat username and symbol_code, pnl and pnlPercent (docs/decisions/144).
const tradeRowShape = z.object({
  id: z.number().int(),
  tradeId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  user: z.object({ username: z.string() }),
  role: z.number().int(),
  symbolId: z.number().int(),
  symbol_code: z.string(),
  symbolmst: z.object({ symbol_code: z.string() }),
  description: z.string(),
  reasonToTrade: z.string(),
  createdDateTimeStamp: isoDateTime,
  updatedDatetimeStamp: isoDateTime,
  tradeType: z.enum(["BUY", "SELL"]),
  quantity: z.number().int(),
  buyPrice: z.number(),
  sellPrice: z.number(),
  targetPrice: z.number(),
  slPrice: z.number(),
  currentPrice: z.number().nullable(),
  pnl: z.number(),
  pnlPercent: z.number().nullable().describe("null when a percentage means nothing (the traded side's price is 0, or the quantity is 0)"),
  realisedPnl: z.number().describe("closed units' PNL: the partial exits, or all of a closed trade's (docs/decisions/171)"),
  unrealisedPnl: z.number().describe("open units at the live price; 0 when closed"),
  charges: z.number().nullable().describe("Indian charges on the orders so far (docs/decisions/174); null when no charge rates were in force on the trade's day"),
  netPnl: z.number().describe("pnl - charges (pnl when charges is null)"),
  exitedQuantity: z.number().int().describe("units closed by partial exits"),
  tradeDateTime: isoDateTime,
  exitDateTime: isoDateTime.nullable(),
  status: z.boolean().describe("true: open"),
  isVerified: z.boolean(),
  // The SL/target watch's first hits (docs/decisions/168); null until the live price reaches the level.
  slHit: levelHitShape.nullable(),
  targetHit: levelHitShape.nullable(),
});

/** The list's URL parameters → the trade page's own parser (sector_id is the page's `sector`). */
function tradeListParams(url: URL): URLSearchParams {
  const from = url.searchParams;
  const params = new URLSearchParams();
  for (const [name, as] of [["startDate", "startDate"], ["endDate", "endDate"], ["active", "active"], ["userId", "userId"], ["sector_id", "sector"]] as const) {
    const value = from.get(name);
    if (value !== null && value !== "") params.set(as, value);
  }
  return params;
}

const suggestionRowShape = z.object({ id: z.number().int(), trends: z.enum(TRENDS), symbol_id: z.number().int(), symbol: z.object({ symbol_code: z.string() }) });
const suggestionAliases = { symbol_id: "symbolId" } as const;

const sampleTrade = (symbolCode: string) => ({ symbol_code: symbolCode, tradeType: "BUY", buyPrice: 101.5, quantity: 10, targetPrice: 120, slPrice: 95, description: "API trade", reasonToTrade: "breakout" });

export const tradeCalls = [
  defineCall({
    id: "admin/trade/create",
    method: "POST",
    path: "/api/admin/trade/create",
    tag: "Trades",
    summary:
      "Enters an open trade for the caller: the trade form's fields (tradeType BUY/SELL, buyPrice for BUY, sellPrice for SELL, quantity, targetPrice, slPrice, " +
      "description, reasonToTrade) plus symbol_code (a customer: a subscribed symbol). Publishes the trade notifications.",
    page: "/trades",
    body: tradeSchema,
    aliases: tradeAliases,
    status: 201,
    response: createdShape(),
    handle: async ({ context, user, body }) => {
      const trade = valueOrApiError(await saveTrade(context, user, { fields: body }), tradeAliases);
      return { status: 201, message: TRADE_SAVED, data: { id: trade.id } };
    },
    sample: (f) => ({ body: sampleTrade(f.symbolCode) }),
    invalid: { body: { symbol_code: "NIFTY-I", buyPrice: 1 }, message: ENTER_TRADE_TYPE },
  }),
  defineCall({
    id: "admin/trade/update",
    method: "POST",
    path: "/api/admin/trade/update",
    tag: "Trades",
    summary:
      "Edits a trade the caller may change: id plus the create body, and status 1 (open) / 0 (closed; the exit is priced at the live price) — kept when not sent. " +
      "Or role 1's verification: {id, isVerified 1/0, verification: true} (another role: 403). Answers message and data.message.",
    page: "/trades",
    body: tradeUpdateBody,
    aliases: tradeAliases,
    status: 200,
    response: z.object({ status: okStatus, message: z.string(), data: z.object({ id: z.number().int(), message: z.string() }) }),
    handle: async ({ context, user, body }) => {
      if (body.verification === true) {
        // The page's switch is role 1's alone; through the API another role is told so (403), not "not found".
        if (user.roleId !== 1) apiError(403, FORBIDDEN_MESSAGE);
        const { trade, message } = valueOrApiError(await verifyTrade(context, user, body.id, body.isVerified));
        return { status: 200, message, data: { id: trade.id, message } };
      }
      const trade = valueOrApiError(await saveTrade(context, user, { id: body.id, fields: body, open: body.status }), tradeAliases);
      return { status: 200, message: TRADE_SAVED, data: { id: trade.id, message: TRADE_SAVED } };
    },
    sample: async (f, role) => {
      const id = await f.make.trade(role);
      return role === 1
        ? { body: { id, isVerified: 1, verification: true, symbol_code: f.symbolCode } }
        : { body: { id, ...sampleTrade(f.symbolCode), quantity: 20, status: 1 } };
    },
    invalid: { body: { id: 1, symbol_code: "NIFTY-I", tradeType: "SELL", quantity: 1 }, message: "Please enter a sell price" },
  }),
  defineCall({
    id: "admin/trade/status",
    method: "POST",
    path: "/api/admin/trade/status",
    tag: "Trades",
    summary:
      "Opens (status 1) or closes (0) a trade the caller may change, keeping its fields; closing prices the open side at the live exit price. " +
      "user_id, when sent, must be the trade's owner (else 404).",
    page: "/trades",
    body: tradeStatusBody,
    aliases: { user_id: "userId" },
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      valueOrApiError(await setTradeOpen(context, user, { id: body.id, open: body.status, ownerId: body.userId }));
      return { status: 200, message: TRADE_SAVED };
    },
    sample: async (f, role) => ({ body: { id: await f.make.trade(role), status: 0, user_id: f.users[role].id } }),
    invalid: { body: { id: 1, status: "maybe" }, message: STATUS_FLAG_MESSAGE },
  }),
  defineCall({
    id: "admin/trade/list",
    method: "GET",
    path: "/api/admin/trade/list/{userId}",
    tag: "Trades",
    summary:
      "The trade list as the caller's /trades shows it, newest first: {userId} is the caller's own id (another id answers 404); a customer lists its own trades, " +
      "staff every trade. Roles 3 and 4: the last 7 days through tomorrow; role 1: startDate-endDate (inclusive), else today, and userId. " +
      "active all (the default) / 1 (open) / 0 (closed) (not role 3), sector_id, symbolId; currentPage, pageSize (default 20, ≤ 100). data.rows (PNL at the live price) and data.count.",
    page: "/trades",
    params: z.object({ userId: idParam.shape.id }),
    query: z.object({
      ...pageQuery,
      startDate: z.string().max(10).optional(),
      endDate: z.string().max(10).optional(),
      // The documents' status select: all, 1 (open) or 0 (closed), as the Trade Report's summary takes it.
      active: z.enum(["all", "0", "1", ""], { error: "Please send active all, 1 or 0" }).optional(),
      userId: recordId().optional(),
      sector_id: recordId().optional(),
      symbolId: recordId().optional(),
    }),
    status: 200,
    response: z.object({ status: okStatus, data: z.object({ rows: z.array(tradeRowShape), count: z.number().int().nonnegative() }) }),
    handle: async ({ context, user, params, query, request }) => {
      if (params.userId !== user.id) apiNotFound();
      const { rows: trades, count } = valueOrApiError(
        await listTradesWithCount(context, user, tradeListParams(requestUrl(request)), {
          symbolId: query.symbolId,
          page: query.currentPage ?? 1,
          pageSize: query.pageSize ?? TRADE_PAGE_SIZE,
        }),
      );
      const now = new Date();
      const rows = trades.map((t) => {
        const hits = levelHitFlags(t, now);
        return {
          id: t.id,
          tradeId: t.id,
          userId: t.userId,
          username: t.username,
          user: { username: t.username },
          role: t.roleId,
          symbolId: t.symbolId,
          symbol_code: t.symbolCode,
          symbolmst: { symbol_code: t.symbolCode },
          description: t.description,
          reasonToTrade: t.reasonToTrade,
          createdDateTimeStamp: t.createdAt.toISOString(),
          updatedDatetimeStamp: t.updatedAt.toISOString(),
          tradeType: t.tradeType,
          quantity: t.quantity,
          buyPrice: t.buyPrice,
          sellPrice: t.sellPrice,
          targetPrice: t.targetPrice,
          slPrice: t.slPrice,
          currentPrice: t.currentPrice,
          pnl: jsonDecimal(t.pnl),
          pnlPercent: t.pnlPercent === null ? null : jsonDecimal(t.pnlPercent),
          realisedPnl: jsonDecimal(t.realisedPnl),
          unrealisedPnl: jsonDecimal(t.unrealisedPnl),
          charges: t.charges === null ? null : jsonDecimal(t.charges),
          netPnl: jsonDecimal(t.netPnl),
          exitedQuantity: t.exitedUnits,
          tradeDateTime: t.tradeDateTime.toISOString(),
          exitDateTime: t.exitDateTime ? t.exitDateTime.toISOString() : null,
          status: t.status,
          isVerified: t.isVerified,
          slHit: levelHitOf(hits, "sl"),
          targetHit: levelHitOf(hits, "target"),
        };
      });
      return { status: 200, data: { rows, count } };
    },
    sample: async (f, role) => {
      await f.make.trade(role);
      return { params: { userId: f.users[role].id }, query: { currentPage: "1", pageSize: "20", active: "all" } };
    },
  }),
  defineCall({
    id: "admin/trade/delete",
    method: "DELETE",
    path: "/api/admin/trade/{id}",
    tag: "Trades",
    summary: "Deletes a trade the caller may change (a customer: its own; another's answers 404). Publishes the trade notifications.",
    page: "/trades",
    params: idParam,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, params }) => {
      valueOrApiError(await removeTrade(context, user, params.id));
      return { status: 200, message: TRADE_DELETED };
    },
    sample: async (f, role) => ({ params: { id: await f.make.trade(role) } }),
  }),

  // ---------------------------------------------------------------- symbol suggestions (role 1)
  defineCall({
    id: "admin/symbolsuggestionflow/all",
    method: "GET",
    path: "/api/admin/symbolsuggestionflow/all",
    tag: "Symbol suggestions",
    summary: "The Symbol Suggestion Flow list, newest first, 20 per page (currentPage, pageSize): suggestions[] of {id, trends, symbol_id, symbol.symbol_code}, with totalCount.",
    page: "/SymbolSuggestionFlow",
    query: z.object(pageQuery),
    status: 200,
    response: z.object({ status: okStatus, suggestions: z.array(suggestionRowShape), totalCount: z.number().int().nonnegative() }),
    handle: async ({ context, query }) => {
      const { rows, total } = await listSuggestions(context, query.currentPage ?? 1, query.pageSize ?? LONG_PAGE_SIZE);
      return { status: 200, suggestions: rows.map((r) => ({ id: r.id, trends: r.trends, symbol_id: r.symbolId, symbol: { symbol_code: r.symbolCode } })), totalCount: total };
    },
    sample: () => ({}),
  }),
  defineCall({
    id: "admin/symbolsuggestionflow/create",
    method: "POST",
    path: "/api/admin/symbolsuggestionflow/create",
    tag: "Symbol suggestions",
    summary: "Adds a suggestion {payload: {trends Buy/Sell/Neutral, symbol_id, user_id}}; the suggestion is recorded as the caller's (user_id is not trusted).",
    page: "/SymbolSuggestionFlow",
    body: symbolSuggestionSchema,
    bodyWrappedIn: "payload",
    aliases: suggestionAliases,
    status: 201,
    response: createdShape(),
    handle: async ({ context, user, body }) => {
      const id = valueOrApiError(await saveSuggestion(context, user, body), suggestionAliases);
      return { status: 201, message: SUGGESTION_CREATED, data: { id } };
    },
    sample: (f) => ({ body: { payload: { trends: "Buy", symbol_id: f.symbolId, user_id: f.users[1].id } } }),
    invalid: { body: { payload: { trends: "Up", symbol_id: 1 } }, message: SELECT_VALID_TREND },
  }),
  defineCall({
    id: "admin/symbolsuggestionflow/update",
    method: "PUT",
    path: "/api/admin/symbolsuggestionflow/update/{id}",
    tag: "Symbol suggestions",
    summary: "Updates a suggestion: the create body.",
    page: "/SymbolSuggestionFlow",
    params: idParam,
    body: symbolSuggestionSchema,
    bodyWrappedIn: "payload",
    aliases: suggestionAliases,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, params, body }) => {
      valueOrApiError(await saveSuggestion(context, user, { ...body, id: params.id }), suggestionAliases);
      return { status: 200, message: SUGGESTION_UPDATED };
    },
    sample: async (f) => ({ params: { id: await f.make.suggestion() }, body: { payload: { trends: "Sell", symbol_id: f.symbolId, user_id: f.users[1].id } } }),
    invalid: { body: { payload: { trends: "Sell" } }, message: SELECT_SCRIPT },
  }),
  defineCall({
    id: "admin/symbolsuggestionflow/delete",
    method: "DELETE",
    path: "/api/admin/symbolsuggestionflow/delete/{id}",
    tag: "Symbol suggestions",
    summary: "Deletes a suggestion.",
    page: "/SymbolSuggestionFlow",
    params: idParam,
    status: 200,
    response: messageShape(),
    handle: async ({ context, params }) => {
      valueOrApiError(await removeSuggestion(context, params.id));
      return { status: 200, message: SUGGESTION_DELETED };
    },
    sample: async (f) => ({ params: { id: await f.make.suggestion() } }),
  }),
];
