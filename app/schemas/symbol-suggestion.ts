// The Symbol Suggestion Flow modal (docs/product-rules.md R-TD4, R-TD6) with the documents' messages.
import * as z from "zod";
import { strictRecordId } from "~/schemas/record-id";

export const TRENDS = ["Buy", "Sell", "Neutral"] as const;
export const SELECT_SCRIPT = "Please select a script.";
export const SELECT_VALID_TREND = "Please select a valid trend.";
export const NO_SUGGESTIONS = "No suggestions found.";
export const DELETE_SUGGESTION_QUESTION = "Are you sure you want to delete this suggestion?";
export const SUGGESTION_CREATED = "Suggestion added successfully";
export const SUGGESTION_UPDATED = "Suggestion updated successfully";
export const SUGGESTION_DELETED = "Suggestion deleted successfully";

export const symbolSuggestionSchema = z.object({
  symbolId: strictRecordId(SELECT_SCRIPT),
  trends: z.enum(TRENDS, { error: SELECT_VALID_TREND }),
});

export type SymbolSuggestionInput = z.infer<typeof symbolSuggestionSchema>;
