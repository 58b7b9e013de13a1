// The one schema for every number a user or an API client submits: prices, quantities, steps,
// percentages, lot sizes, factors, counts and times in forms, URL parameters and JSON bodies
// (docs/decisions/118).
//
// Text must be decimal notation (optional sign, digits, optional fraction; surrounding spaces
// are trimmed as in every text field): "0x10", "1e5", "Infinity", "1,000" and " " are refused,
// where Number() would read 16, 100000, Infinity, NaN and 0. A JSON number is taken as the
// decimal it stands for. The value is rounded to the column's scale (half away from zero) and
// only then checked against the bounds, so 0.004 or 1e-9 in a price is 0.00 and is refused by
// "greater than 0" instead of being stored as 0. A whole-number field refuses a fraction.
import * as z from "zod";
import { decimalUnits, formatUnitsIndian, numberUnits, toUnits, unitsToText } from "~/domain/decimal";

/** numeric(14,2): every price column (trades, alerts, candles, levels, steps). */
export const PRICE_SCALE = 2;
export const PRICE_MAX = "999999999999.99";

export interface DecimalMessages {
  /** Nothing sent (or only spaces). */
  required: string;
  /** Not decimal notation: hex, exponent, Infinity, letters, a JSON boolean ... */
  notation: string;
  /** A fraction sent to a whole-number field. */
  whole: string;
  /** Below `min`, or not above `above`, after rounding. */
  min: string;
  /** Above `max` after rounding. */
  max: string;
}

export interface DecimalRule {
  /** The field's name in messages ("Price", "Lot Size"). */
  label: string;
  /** Places kept: the column's scale (2 for prices); 0 for whole numbers. */
  scale: number;
  /** Inclusive lower bound, after rounding. */
  min?: number | string;
  /** Exclusive lower bound, after rounding ("must be greater than 0"). */
  above?: number | string;
  /** Inclusive upper bound, after rounding. */
  max: number | string;
  /** Replaces the default message of each case the form's documents word their own way. */
  messages?: Partial<DecimalMessages>;
}

function boundUnits(value: number | string, scale: number): bigint {
  const units = toUnits(value, scale);
  if (units === null) throw new RangeError(`Not a decimal bound: ${value}`);
  return units;
}

function example(scale: number): string {
  return scale === 0 ? "25" : `1250.${"50".padEnd(scale, "0").slice(0, scale)}`;
}

function defaultMessages(rule: DecimalRule, min: bigint | undefined, above: bigint | undefined, max: bigint): DecimalMessages {
  const { label, scale } = rule;
  // A bound as people write it: 0, 1, 9,99,99,99,99,999.99 (no ".00" on a whole bound).
  const shown = (units: bigint) => formatUnitsIndian(units, scale).replace(/\.0+$/, "");
  let minMessage = `${label} is too small`;
  if (above !== undefined) minMessage = `${label} must be greater than ${shown(above)}`;
  else if (min === 0n) minMessage = `${label} cannot be negative`;
  else if (min !== undefined) minMessage = `${label} must be at least ${shown(min)}`;
  return {
    required: `Please enter ${label.toLowerCase()}`,
    notation: `${label} must be ${scale === 0 ? "a whole number" : "a number"} written in digits, such as ${example(scale)}`,
    whole: `${label} must be a whole number`,
    min: minMessage,
    max: `${label} must be at most ${shown(max)}`,
  };
}

/**
 * A required number by `rule`: decimal text or a finite JSON number in, the rounded value out
 * (a number: every column this product has holds at most 15 significant digits, which a double
 * keeps exactly). Wrap it in .optional(), .nullable() or .default() as the field needs; for an
 * optional field that a form sends blank, use `optionalDecimalNumber`.
 */
export function decimalNumber(rule: DecimalRule) {
  const { scale } = rule;
  const min = rule.min === undefined ? undefined : boundUnits(rule.min, scale);
  const above = rule.above === undefined ? undefined : boundUnits(rule.above, scale);
  const max = boundUnits(rule.max, scale);
  const messages: DecimalMessages = { ...defaultMessages(rule, min, above, max), ...rule.messages };
  // A custom input, not a union of string and number: Conform would read a union field as
  // required in the browser even when it is optional, and coerce text with Number().
  return z
    .custom<string | number>((value) => typeof value === "string" || typeof value === "number", {
      error: (issue) => (issue.input === undefined || issue.input === null ? messages.required : messages.notation),
    })
    .meta({ type: ["string", "number"], description: "decimal notation (digits, optional sign and fraction) or a JSON number" })
    .transform((value, ctx) => {
      const refuse = (message: string) => {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      };
      let units: bigint | null;
      if (typeof value === "number") {
        if (scale === 0 && !Number.isInteger(value)) return refuse(messages.whole);
        units = numberUnits(value, scale);
      } else {
        const text = value.trim();
        if (text === "") return refuse(messages.required);
        if (scale === 0 && /\.\d*[1-9]/.test(text) && /^[+-]?\d+\.\d+$/.test(text)) return refuse(messages.whole);
        units = decimalUnits(text, scale);
      }
      if (units === null) return refuse(messages.notation);
      if (above !== undefined && units <= above) return refuse(messages.min);
      if (min !== undefined && units < min) return refuse(messages.min);
      if (units > max) return refuse(messages.max);
      return Number(unitsToText(units, scale));
    });
}

/** An optional number by `rule`: missing, or blank text as a form sends an empty box, is undefined. */
export function optionalDecimalNumber(rule: DecimalRule) {
  return z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), decimalNumber(rule).optional());
}

/** A price of a numeric(14,2) column: 2 places, at most 9,99,99,99,99,999.99. */
export function priceNumber(rule: Omit<DecimalRule, "scale" | "max">) {
  return decimalNumber({ ...rule, scale: PRICE_SCALE, max: PRICE_MAX });
}
