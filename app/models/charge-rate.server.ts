// The dated table of charge rates and the users' own brokerage plans (docs/decisions/173).
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { chargeRates, userBrokeragePlans } from "~/db/schema";
import { CHARGE_SEGMENTS, type BrokeragePlan, type ChargeRates, type ChargeSegment } from "~/domain/charges";

export interface ChargeRateRow extends ChargeRates {
  id: number;
  updatedAt: Date;
}

function isSegment(value: string): value is ChargeSegment {
  return (CHARGE_SEGMENTS as readonly string[]).includes(value);
}

function planOf(kind: string, value: string, cap: string | null): BrokeragePlan {
  return kind === "flat" ? { kind: "flat", perOrder: value } : { kind: "percent", rate: value, cap };
}

/** Every segment's rows, oldest first within a segment. Rows of an unknown segment are skipped. */
export async function listChargeRates(db: AppDatabase): Promise<ChargeRateRow[]> {
  const rows = await db.select().from(chargeRates).orderBy(asc(chargeRates.segment), asc(chargeRates.effectiveFrom));
  return rows.flatMap((r) =>
    isSegment(r.segment)
      ? [
          {
            id: r.id,
            segment: r.segment,
            effectiveFrom: r.effectiveFrom,
            sttBuy: r.sttBuy,
            sttSell: r.sttSell,
            exchange: r.exchange,
            sebi: r.sebi,
            stampBuy: r.stampBuy,
            gst: r.gst,
            brokerage: planOf(r.brokerageKind, r.brokerageValue, r.brokerageCap),
            updatedAt: r.updatedAt,
          },
        ]
      : [],
  );
}

function planColumns(plan: BrokeragePlan) {
  return plan.kind === "flat"
    ? { kind: "flat", value: plan.perOrder, cap: null }
    : { kind: "percent", value: plan.rate, cap: plan.cap };
}

/** Writes a segment's rates for a day: a new row, or the day's row changed. Returns the row's id and whether it existed. */
export async function saveChargeRates(db: AppDatabase, rates: ChargeRates, actorId: number, now = new Date()): Promise<{ id: number; created: boolean }> {
  const brokerage = planColumns(rates.brokerage);
  const values = {
    segment: rates.segment,
    effectiveFrom: rates.effectiveFrom,
    sttBuy: rates.sttBuy,
    sttSell: rates.sttSell,
    exchange: rates.exchange,
    sebi: rates.sebi,
    stampBuy: rates.stampBuy,
    gst: rates.gst,
    brokerageKind: brokerage.kind,
    brokerageValue: brokerage.value,
    brokerageCap: brokerage.cap,
    updatedBy: actorId,
    updatedAt: now,
  };
  const [row] = await db
    .insert(chargeRates)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({ target: [chargeRates.segment, chargeRates.effectiveFrom], set: values })
    // xmax is 0 for a row this statement inserted, the updating transaction's id otherwise.
    .returning({ id: chargeRates.id, created: sql<boolean>`(xmax = 0)` });
  return row;
}

/** Deletes a dated row: its segment and day, or null when there was none. */
export async function deleteChargeRates(db: AppDatabase, id: number): Promise<{ segment: string; effectiveFrom: string } | null> {
  const [row] = await db.delete(chargeRates).where(eq(chargeRates.id, id)).returning({ segment: chargeRates.segment, effectiveFrom: chargeRates.effectiveFrom });
  return row ?? null;
}

/** The user's own plan, or null when the segments' default brokerage applies. */
export async function findUserBrokeragePlan(db: AppDatabase, userId: number): Promise<BrokeragePlan | null> {
  const [row] = await db.select().from(userBrokeragePlans).where(eq(userBrokeragePlans.userId, userId));
  return row ? planOf(row.kind, row.value, row.cap) : null;
}

/** The own plans of these users, by user id (a user without one is absent). */
export async function findUserBrokeragePlans(db: AppDatabase, userIds: readonly number[]): Promise<Map<number, BrokeragePlan>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(userBrokeragePlans).where(inArray(userBrokeragePlans.userId, [...userIds]));
  return new Map(rows.map((r) => [r.userId, planOf(r.kind, r.value, r.cap)]));
}

/** Sets (or, with null, removes) the user's own plan. */
export async function setUserBrokeragePlan(db: AppDatabase, userId: number, plan: BrokeragePlan | null, now = new Date()): Promise<void> {
  if (plan === null) {
    await db.delete(userBrokeragePlans).where(eq(userBrokeragePlans.userId, userId));
    return;
  }
  const columns = { ...planColumns(plan), updatedAt: now };
  await db.insert(userBrokeragePlans).values({ userId, ...columns }).onConflictDoUpdate({ target: userBrokeragePlans.userId, set: columns });
}
