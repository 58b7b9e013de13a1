// "Save Symbol's Open Data": a bodiless admin post that sends the user back where it came from.
import * as z from "zod";
import { isValidYmd } from "~/domain/dates";
import { decimalNumber, PRICE_SCALE } from "~/schemas/decimal";
import { localPath } from "./preferences";

export const OPEN_DATA_DEFAULT_RETURN = "/setting";
export const SELECT_BAR_SYMBOL = "Please select a symbol";

export const openDataSchema = z.object({
  // Only a local path (localPath answers "/" for anything else); none given: the settings page.
  redirectTo: z.preprocess((v) => (v === undefined || v === "" ? OPEN_DATA_DEFAULT_RETURN : v), localPath),
});

/** POST admin/dayohlc/createbysymbolcode: one symbol's day bar and its MA/MD/WA/WD levels. */
const price = (label: string) =>
  decimalNumber({ label, scale: PRICE_SCALE, above: 0, max: 100_000_000, messages: { notation: `${label} must be a number`, max: `${label} is too large` } });
const level = (label: string) => price(label).nullable().optional();

export const dailyBarSchema = z
  .object({
    symbol_code: z.string({ error: SELECT_BAR_SYMBOL }).trim().min(1, SELECT_BAR_SYMBOL).max(40),
    date: z.string({ error: "Please enter a date" }).refine(isValidYmd, "Please enter a date"),
    open: price("Open"),
    high: price("High"),
    low: price("Low"),
    close: price("Close"),
    volume: decimalNumber({ label: "Volume", scale: 0, min: 0, max: Number.MAX_SAFE_INTEGER, messages: { notation: "Volume must be a number" } }).default(0),
    MA: level("MA"),
    MD: level("MD"),
    WA: level("WA"),
    WD: level("WD"),
  })
  .refine((b) => b.high >= Math.max(b.open, b.close, b.low) && b.low <= Math.min(b.open, b.close), {
    path: ["high"],
    message: "High must be the highest and Low the lowest price of the day",
  });
