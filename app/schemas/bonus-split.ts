// Bonus Splitting form (docs/product-rules.md R-TD5): the documents' exact messages.
import * as z from "zod";
import { decimalNumber } from "~/schemas/decimal";
import { strictRecordId } from "~/schemas/record-id";

export const BONUS_OPERATIONS = ["Multiply", "Division"] as const;
export type BonusOperation = (typeof BONUS_OPERATIONS)[number];

export const SELECT_SCRIPT = "Please select script";
export const ENTER_NUMBER = "Please enter number.";
export const SELECT_OPERATION = "Please select a valid .";
export const POSITIVE_NUMBER = "Please enter a number greater than 0.";

export const bonusSplitSchema = z.object({
  symbolId: strictRecordId(SELECT_SCRIPT),
  // The factor is read to 6 places (a 1:3 split is 0.333333), then checked: 1e-9 is 0, "0x10"
  // is not a number; prices it multiplies stay numeric(14,2) (the model refuses an overflow).
  number: decimalNumber({ label: "Number", scale: 6, max: 999_999_999_999, messages: { required: ENTER_NUMBER, notation: ENTER_NUMBER } })
    .refine((n) => n !== 0, ENTER_NUMBER)
    .refine((n) => n === 0 || n > 0, POSITIVE_NUMBER),
  operation: z.enum(BONUS_OPERATIONS, { error: SELECT_OPERATION }),
});

export type BonusSplitInput = z.infer<typeof bonusSplitSchema>;
