// Charges (docs/decisions/173): the dated table of rates role 1 keeps, and each user's own
// brokerage plan. The /charges pages call these; the trade figures read the same table.
import type { AppContext } from "~/config/context";
import { CHARGE_SEGMENT_LABELS, CHARGE_SEGMENTS, ratesOn, type BrokeragePlan, type ChargeSegment } from "~/domain/charges";
import { formatIstDate, istDateString, istMidnight } from "~/domain/dates";
import { notFoundOutcome, succeed, type Outcome } from "~/domain/outcome";
import { recordAudit, type AuditActor } from "~/models/audit-log.server";
import { deleteChargeRates, findUserBrokeragePlan, listChargeRates, saveChargeRates, setUserBrokeragePlan, type ChargeRateRow } from "~/models/charge-rate.server";
import { refreshTradeCharges } from "~/models/trade-charges.server";
import { BROKERAGE_PLAN_CLEARED, BROKERAGE_PLAN_SAVED, CHARGE_RATES_DELETED, CHARGE_RATES_SAVED, ratesFromInput, type ChargeRatesInput } from "~/schemas/charges";

type Db = Pick<AppContext, "db">;

export interface ChargeRatesView extends ChargeRateRow {
  label: string;
  shownFrom: string;
  /** The row the segment's trades of today are charged by. */
  inForce: boolean;
}

/** A dated row's day as the page shows it (a calendar day, read at IST noon). */
function dayLabel(ymd: string): string {
  return formatIstDate(new Date(`${ymd}T12:00:00Z`));
}

/** Every segment's rates, the rows in force today marked, and the user's own plan. */
export async function loadCharges(context: Db, user: { id: number }, now = new Date()) {
  const [rows, plan] = await Promise.all([listChargeRates(context.db), findUserBrokeragePlan(context.db, user.id)]);
  const today = istDateString(now);
  const inForce = new Set(CHARGE_SEGMENTS.map((segment) => ratesOn(rows, segment, today)?.id));
  const view: ChargeRatesView[] = rows.map((r) => ({ ...r, label: CHARGE_SEGMENT_LABELS[r.segment], shownFrom: dayLabel(r.effectiveFrom), inForce: inForce.has(r.id) }));
  return { rates: view, plan };
}

/** One dated row, for the edit form; null when there is none. */
export async function findChargeRates(context: Db, segment: ChargeSegment, effectiveFrom: string): Promise<ChargeRateRow | null> {
  return (await listChargeRates(context.db)).find((r) => r.segment === segment && r.effectiveFrom === effectiveFrom) ?? null;
}

/** One dated row by id, as the delete confirmation names it; null when there is none. */
export async function findChargeRatesById(context: Db, id: number): Promise<ChargeRatesView | null> {
  const row = (await listChargeRates(context.db)).find((r) => r.id === id);
  return row ? { ...row, label: CHARGE_SEGMENT_LABELS[row.segment], shownFrom: dayLabel(row.effectiveFrom), inForce: false } : null;
}

/** Writes a segment's rates from a day (a new row, or that day's row changed), audited, in one transaction. */
export async function saveChargeRatesFor(context: Db, actor: AuditActor, input: ChargeRatesInput): Promise<Outcome<{ id: number; message: string }>> {
  const rates = ratesFromInput(input);
  return context.db.transaction(async (tx) => {
    const { id, created } = await saveChargeRates(tx, rates, actor.id);
    await recordAudit(tx, [{ actor, action: created ? "create" : "update", entity: "charges", entityId: id, after: rates }]);
    // A row charges the trades opened on or after its day: those are charged again (docs/decisions/174).
    await refreshTradeCharges(tx, { openedFrom: istMidnight(rates.effectiveFrom) });
    return succeed({ id, message: CHARGE_RATES_SAVED });
  });
}

export async function removeChargeRates(context: Db, actor: AuditActor, id: number): Promise<Outcome<{ message: string }>> {
  return context.db.transaction(async (tx) => {
    const removed = await deleteChargeRates(tx, id);
    if (!removed) return notFoundOutcome();
    await recordAudit(tx, [{ actor, action: "delete", entity: "charges", entityId: id, before: removed }]);
    await refreshTradeCharges(tx, { openedFrom: istMidnight(removed.effectiveFrom) });
    return succeed({ message: CHARGE_RATES_DELETED });
  });
}

/** Sets the user's own plan, or with null goes back to the segments' default brokerage. */
export async function saveBrokeragePlan(context: Db, user: { id: number }, plan: BrokeragePlan | null): Promise<Outcome<{ message: string }>> {
  await context.db.transaction(async (tx) => {
    await setUserBrokeragePlan(tx, user.id, plan);
    await refreshTradeCharges(tx, { userId: user.id });
  });
  return succeed({ message: plan ? BROKERAGE_PLAN_SAVED : BROKERAGE_PLAN_CLEARED });
}

/**
 * Charges the trades that have no stored figure yet: those of a database migrated before
 * docs/decisions/174, and those no rates covered (charged again in case a row was added since).
 * Run once at start-up.
 */
export async function chargeUnchargedTrades(context: Db): Promise<number> {
  return refreshTradeCharges(context.db, { missing: true });
}
