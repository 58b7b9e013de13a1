// Bonus Splitting form (trading-dashboard.md §5): the documents' exact messages.
import * as z from "zod";
import { strictRecordId } from "~/schemas/record-id";

export const BONUS_OPERATIONS = ["Multiply", "Division"] as const;
export type BonusOperation = (typeof BONUS_OPERATIONS)[number];

export const SELECT_SCRIPT = "Please select script";
export const ENTER_NUMBER = "Please enter number.";
export const SELECT_OPERATION = "Please select a valid .";
export const POSITIVE_NUMBER = "Please enter a number greater than 0.";

export const bonusSplitSchema = z.object({
  symbolId: strictRecordId(SELECT_SCRIPT),
  number: z
    .number({ error: ENTER_NUMBER })
    .refine((n) => n !== 0, ENTER_NUMBER)
    .refine((n) => n === 0 || n > 0, POSITIVE_NUMBER),
  operation: z.enum(BONUS_OPERATIONS, { error: SELECT_OPERATION }),
});

export type BonusSplitInput = z.infer<typeof bonusSplitSchema>;
