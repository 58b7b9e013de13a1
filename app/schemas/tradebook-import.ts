// The tradebook import's forms (docs/decisions/169): the upload's file field, and Confirm or
// Discard on a preview.
import * as z from "zod";

/** The upload form's file input. */
export const TRADEBOOK_FIELD = "tradebook";

export const TRADEBOOK_INTENTS = ["confirm", "discard"] as const;

/** Confirm or Discard; anything else is refused. */
export const tradebookImportActionSchema = z.object({
  intent: z.enum(TRADEBOOK_INTENTS, { error: "Please choose Confirm or Discard." }),
});
