// Sector and symbol forms (docs/product-rules.md R-AC2 Sector List, Symbol List). The documents show no
// validation for these modals; a name is required here because a nameless sector or symbol is
// useless, and the numeric fields are numbers (docs/product-rules.md R-AC5).
import * as z from "zod";
import { decimalNumber, optionalDecimalNumber, PRICE_SCALE } from "~/schemas/decimal";
import { strictRecordId } from "~/schemas/record-id";

export const SECTOR_NAME_REQUIRED = "Please enter a name";
export const SECTOR_NAME_TAKEN = "A sector with this name already exists";

export const sectorSchema = z.object({
  name: z.string({ error: SECTOR_NAME_REQUIRED }).trim().min(1, SECTOR_NAME_REQUIRED).max(100, "Name is too long"),
  description: z.string().trim().max(500, "Description is too long").default(""),
  // The On/Off switch (edit only): an unchecked box sends nothing.
  status: z.boolean().default(false),
});

export const SYMBOL_NAME_REQUIRED = "Please enter a symbol name";
export const SYMBOL_CODE_TAKEN = "A symbol with this code already exists";
export const SELECT_SECTOR = "Select a sector";
export const SEGMENTS = ["NSE", "NFO", "BSE", "MCX"] as const;

// Percentages are numeric(8,3): rounded to 3 places, then checked.
const optionalPercent = (label: string) =>
  optionalDecimalNumber({ label, scale: 3, min: 0, max: 100, messages: { notation: `${label} must be a number`, max: `${label} cannot exceed 100` } });

export const symbolSchema = z.object({
  sectorId: strictRecordId("Please select a sector").optional(),
  name: z
    .string({ error: SYMBOL_NAME_REQUIRED })
    .trim()
    .min(1, SYMBOL_NAME_REQUIRED)
    .max(50, "Symbol name is too long")
    .regex(/^[A-Za-z0-9&._-]+$/, "A symbol code may use letters, digits, &, dot, dash and underscore"),
  description: z.string().trim().max(500, "Description is too long").default(""),
  segment: z.enum(SEGMENTS, { error: "Please select a segment" }).default("NSE"),
  lotSize: decimalNumber({ label: "Lot Size", scale: 0, min: 1, max: 10_000_000, messages: { notation: "Lot Size must be a number" } }).default(1),
  // The step is a price (numeric(14,2)): 0.004 rounds to 0.00 and is refused as not above 0.
  step: decimalNumber({ label: "Step", scale: PRICE_SCALE, above: 0, max: 1_000_000, messages: { notation: "Step must be a number" } }).default(1),
  dagluPer: optionalPercent("Daglu Percentage"),
  fromDagluPer: optionalPercent("From Daglu Percentage"),
  toDagluPer: optionalPercent("To Daglu Percentage"),
  audioScript: z.string().trim().max(500, "Audio script is too long").default(""),
  status: z.boolean().default(false),
});

export type SymbolInput = z.infer<typeof symbolSchema>;
