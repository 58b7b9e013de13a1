// The /charges forms (docs/decisions/173): a segment's dated rates (role 1) and a user's own
// brokerage plan. Rates are percentages to 6 places; amounts are rupees to the paisa.
import * as z from "zod";
import { CHARGE_SEGMENTS, RATE_SCALE, type BrokeragePlan, type ChargeRates } from "~/domain/charges";
import { isValidYmd } from "~/domain/dates";
import { decimalNumber, optionalDecimalNumber, PRICE_SCALE } from "~/schemas/decimal";

export const CHARGE_RATES_SAVED = "Charge rates saved";
export const CHARGE_RATES_DELETED = "Charge rates deleted";
export const BROKERAGE_PLAN_SAVED = "Your brokerage plan is saved";
export const BROKERAGE_PLAN_CLEARED = "Your trades use the default brokerage again";
export const SELECT_CHARGE_SEGMENT = "Please select a segment";
export const ENTER_EFFECTIVE_DATE = "Please enter the date the rates apply from";
export const SELECT_BROKERAGE_KIND = "Please choose flat per order or a percentage";
export const ENTER_BROKERAGE_CAP_FOR_FLAT = "A cap applies only to a percentage plan";

export const BROKERAGE_KINDS = ["flat", "percent"] as const;

/** A percentage of a value: 0 to 100, at most 6 places. */
const percent = (label: string) => decimalNumber({ label, scale: RATE_SCALE, min: 0, max: 100 });
/** Rupees per order, or a cap: 0 to 1,00,000. */
const rupees = (label: string) => decimalNumber({ label, scale: PRICE_SCALE, min: 0, max: 100_000 });

const planFields = {
  brokerageKind: z.enum(BROKERAGE_KINDS, { error: SELECT_BROKERAGE_KIND }),
  // Rupees for a flat plan, a percentage for a percentage plan: the bound that matters is checked below.
  brokerageValue: decimalNumber({ label: "Brokerage", scale: RATE_SCALE, min: 0, max: 100_000 }),
  brokerageCap: optionalDecimalNumber({ label: "Brokerage cap", scale: PRICE_SCALE, min: 0, max: 100_000 }),
};

function checkPlan(value: { brokerageKind: "flat" | "percent"; brokerageValue: number; brokerageCap?: number }, ctx: z.RefinementCtx) {
  if (value.brokerageKind === "percent" && value.brokerageValue > 100) {
    ctx.addIssue({ code: "custom", path: ["brokerageValue"], message: "Brokerage must be at most 100 per cent" });
  }
  if (value.brokerageKind === "flat" && value.brokerageCap !== undefined) {
    ctx.addIssue({ code: "custom", path: ["brokerageCap"], message: ENTER_BROKERAGE_CAP_FOR_FLAT });
  }
  // A flat amount is rupees: no fraction of a paisa.
  if (value.brokerageKind === "flat" && Math.round(value.brokerageValue * 100) !== value.brokerageValue * 100) {
    ctx.addIssue({ code: "custom", path: ["brokerageValue"], message: "A flat brokerage is rupees and paise, such as 20 or 15.50" });
  }
}

export const chargeRatesSchema = z
  .object({
    segment: z.enum(CHARGE_SEGMENTS, { error: SELECT_CHARGE_SEGMENT }),
    effectiveFrom: z.string({ error: ENTER_EFFECTIVE_DATE }).refine(isValidYmd, ENTER_EFFECTIVE_DATE),
    sttBuy: percent("STT on buys"),
    sttSell: percent("STT on sells"),
    exchange: percent("Exchange transaction charge"),
    sebi: percent("SEBI fee"),
    stampBuy: percent("Stamp duty on buys"),
    gst: percent("GST"),
    ...planFields,
  })
  .superRefine(checkPlan);

export const brokeragePlanSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save-plan"), ...planFields }).superRefine(checkPlan),
  z.object({ intent: z.literal("clear-plan") }),
]);

export const deleteChargeRatesSchema = z.object({ id: z.coerce.number().int().positive() });

export type ChargeRatesInput = z.infer<typeof chargeRatesSchema>;

function text(n: number): string {
  return n.toFixed(RATE_SCALE).replace(/\.?0+$/, "");
}

export function planFromInput(input: { brokerageKind: "flat" | "percent"; brokerageValue: number; brokerageCap?: number }): BrokeragePlan {
  return input.brokerageKind === "flat"
    ? { kind: "flat", perOrder: text(input.brokerageValue) }
    : { kind: "percent", rate: text(input.brokerageValue), cap: input.brokerageCap === undefined ? null : text(input.brokerageCap) };
}

export function ratesFromInput(input: ChargeRatesInput): ChargeRates {
  return {
    segment: input.segment,
    effectiveFrom: input.effectiveFrom,
    sttBuy: text(input.sttBuy),
    sttSell: text(input.sttSell),
    exchange: text(input.exchange),
    sebi: text(input.sebi),
    stampBuy: text(input.stampBuy),
    gst: text(input.gst),
    brokerage: planFromInput(input),
  };
}
