// Partial exits (docs/decisions/167, 171), once for the trade's edit page, the list's exit
// dialog and any API call: close part of a trade's open units at a price and a time, recorded
// with its notifications (recordTradeChange) in the transaction that locks the trade; and the
// trade's exits with their PNL and its realised / unrealised split for the screens. Whoever may
// change the trade may exit it (ownerScope in app/models/trade.server.ts): another customer's
// trade is not found and nothing changes.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { formatIstDateTime, istDateString, istMidnight } from "~/domain/dates";
import { exitPnl, splitTradePnl, sumExits, todayMarkToMarket, type TradePnlSplit } from "~/domain/pnl";
import { notFoundOutcome, refuse, succeed, type Outcome } from "~/domain/outcome";
import { parseIstDateTimeLocal } from "~/domain/trade-exits";
import { getTrade, recordTradeExit, type TradeDetail, type TradeExitResult } from "~/models/trade.server";
import { listTradeExits } from "~/models/trade-exit.server";
import { recordTradeChange } from "~/services/trade-changes.server";
import {
  EXIT_BEFORE_ENTRY,
  EXIT_CLOSED_TRADE,
  EXIT_IN_FUTURE,
  EXIT_RECORDED,
  PICK_EXIT_TIME,
  exitTooManyMessage,
  TRADE_ALREADY_CLOSED,
  type TradeExitInput,
} from "~/schemas/trade-exit";

type Writer = Pick<AppContext, "db" | "hub" | "liveBook" | "push">;
type Actor = Pick<SessionUser, "id" | "roleId">;

/** A minute of clock skew between a browser and the server is not "the future". */
const FUTURE_SLACK_MS = 60_000;

/** Closes part (or the rest) of a trade's open units; the message says whether it closed the trade. */
export async function exitTrade(
  context: Writer,
  user: Actor,
  id: number | null,
  input: TradeExitInput,
  now = new Date(),
): Promise<Outcome<{ trade: TradeDetail; closed: boolean; message: string }>> {
  if (!id) return notFoundOutcome();
  const at = input.exitedAt ? parseIstDateTimeLocal(input.exitedAt) : now;
  if (!at) return refuse(PICK_EXIT_TIME, "exitedAt");
  if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) return refuse(EXIT_IN_FUTURE, "exitedAt");
  let refusal: Extract<TradeExitResult, { ok: false }> | null = null;
  const done = await recordTradeChange(
    context,
    async (db) => {
      const result = await recordTradeExit(db, user, id, { quantity: input.quantity, price: input.price, at }, now);
      if (result && !result.ok) refusal = result;
      return result && result.ok ? result : null;
    },
    (result) => ({ change: result.closed ? "closed" : "updated", trade: result.trade }),
  );
  if (done) return succeed({ trade: done.trade, closed: done.closed, message: done.closed ? EXIT_CLOSED_TRADE : EXIT_RECORDED });
  const why = refusal as Extract<TradeExitResult, { ok: false }> | null;
  if (!why) return notFoundOutcome();
  if (why.reason === "closed") return refuse(TRADE_ALREADY_CLOSED, "quantity", 409);
  if (why.reason === "too-many") return refuse(exitTooManyMessage(why.openUnits), "quantity");
  return refuse(EXIT_BEFORE_ENTRY, "exitedAt");
}

export interface TradeExitView {
  id: number;
  quantity: number;
  price: number;
  exitedAt: Date;
  pnl: string;
}

/** A trade's exits with each one's PNL, and the trade's PNL split at the live price (the trade's page). */
export async function loadTradeExits(
  context: Pick<AppContext, "db" | "liveBook">,
  trade: TradeDetail,
  now = new Date(),
): Promise<{ exits: TradeExitView[]; split: TradePnlSplit; todayMtm: string; livePrice: number | null }> {
  const rows = await listTradeExits(context.db, trade.id);
  const quote = trade.status ? context.liveBook.get(trade.symbolCode) : undefined;
  const livePrice = quote?.last ?? null;
  const pnlInput = { tradeType: trade.tradeType, open: trade.status, quantity: trade.quantity, buyPrice: trade.buyPrice, sellPrice: trade.sellPrice, exits: sumExits(rows) };
  return {
    exits: rows.map((row) => ({ ...row, pnl: exitPnl(trade, row) })),
    split: splitTradePnl(pnlInput, livePrice),
    todayMtm: todayMarkToMarket(pnlInput, { live: livePrice, prevClose: quote?.prevClose ?? null, carried: trade.tradeDateTime < istMidnight(istDateString(now)) }),
    livePrice,
  };
}

/** The trade (if the user may see it) with its exits, for the exit dialog. */
export async function findTradeWithExits(context: Pick<AppContext, "db" | "liveBook">, user: Actor, id: number | null) {
  const trade = id ? await getTrade(context.db, user, id) : null;
  if (!trade) return null;
  return { trade, ...(await loadTradeExits(context, trade)) };
}

/** What the exits' panel shows, ready for a loader (times as IST text). */
export function exitHistoryViewOf(found: { trade: TradeDetail } & Awaited<ReturnType<typeof loadTradeExits>>) {
  return {
    exits: found.exits.map((exit) => ({ id: exit.id, quantity: exit.quantity, price: exit.price, exitedAt: formatIstDateTime(exit.exitedAt), pnl: exit.pnl })),
    realised: found.split.realised,
    unrealised: found.split.unrealised,
    pnl: found.split.pnl,
    todayMtm: found.todayMtm,
    openQuantity: found.split.openQuantity,
    quantity: found.trade.quantity,
    open: found.trade.status,
  };
}
