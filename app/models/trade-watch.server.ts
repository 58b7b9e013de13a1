// The SL/target watch's reads and writes (docs/decisions/168): the open trades it watches, and
// the first hit of a level stored once (a level already hit, or a trade closed meanwhile, is
// left as it is).
import { and, eq, gt, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { symbols, trades, users } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import type { TradeType } from "~/domain/pnl";
import { closesOnLevelHit, type WatchableTrade, type WatchedLevel } from "~/domain/trade-watch";
import { CLOSE_ON_LEVEL_HIT_SETTING } from "~/domain/user-settings";
import { userSettingValue } from "./user.server";

/** A trade as the watch reads it (app/domain/trade-watch.ts), with its id and symbol. */
export interface WatchedTrade extends WatchableTrade {
  id: number;
  symbolId: number;
}

/** Open trades with an SL or a target not yet reached: all of them, or these ids (a deleted or closed one is simply absent). */
export async function listWatchedTrades(db: AppDatabase, tradeIds?: readonly number[]): Promise<WatchedTrade[]> {
  if (tradeIds && tradeIds.length === 0) return [];
  const watched: SQL | undefined = or(and(gt(trades.slPrice, 0), isNull(trades.slHitAt)), and(gt(trades.targetPrice, 0), isNull(trades.targetHitAt)));
  return db
    .select({
      id: trades.id,
      symbolId: trades.symbolId,
      tradeType: trades.tradeType,
      status: trades.status,
      slPrice: trades.slPrice,
      targetPrice: trades.targetPrice,
      slHitAt: trades.slHitAt,
      targetHitAt: trades.targetHitAt,
    })
    .from(trades)
    .where(and(eq(trades.status, true), watched, tradeIds ? inArray(trades.id, [...tradeIds]) : undefined));
}

/**
 * Stores a level's first hit on these trades (one tick: one price, one time); only trades still
 * open whose level is set and not yet hit. Returns the ids it stored.
 */
export async function storeLevelHits(db: AppDatabase, input: { tradeIds: readonly number[]; level: WatchedLevel; price: number; at: Date }): Promise<number[]> {
  if (input.tradeIds.length === 0) return [];
  const sl = input.level === "sl";
  const rows = await db
    .update(trades)
    .set(sl ? { slHitAt: input.at, slHitPrice: input.price } : { targetHitAt: input.at, targetHitPrice: input.price })
    .where(
      and(
        inArray(trades.id, [...input.tradeIds]),
        eq(trades.status, true),
        sl ? gt(trades.slPrice, 0) : gt(trades.targetPrice, 0),
        sl ? isNull(trades.slHitAt) : isNull(trades.targetHitAt),
      ),
    )
    .returning({ id: trades.id });
  return rows.map((r) => r.id);
}

export interface HitTrade {
  id: number;
  userId: number;
  ownerRoleId: RoleId;
  symbolId: number;
  symbolCode: string;
  tradeType: TradeType;
  quantity: number;
  /** The owner's "close my trade when its SL or target is hit" setting. */
  closeOnHit: boolean;
}

/** What the notification and the auto-close need of these trades. */
export async function listHitTrades(db: AppDatabase, tradeIds: readonly number[]): Promise<HitTrade[]> {
  if (tradeIds.length === 0) return [];
  const rows = await db
    .select({
      id: trades.id,
      userId: trades.userId,
      ownerRoleId: users.roleId,
      symbolId: trades.symbolId,
      symbolCode: symbols.symbolCode,
      tradeType: trades.tradeType,
      quantity: trades.quantity,
      closeOnHit: userSettingValue(db, trades.userId, CLOSE_ON_LEVEL_HIT_SETTING),
    })
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .innerJoin(users, eq(users.id, trades.userId))
    .where(inArray(trades.id, [...tradeIds]));
  return rows.map((r) => ({ ...r, ownerRoleId: r.ownerRoleId as RoleId, closeOnHit: closesOnLevelHit(r.closeOnHit) }));
}
