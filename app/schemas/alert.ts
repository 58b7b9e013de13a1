// The alert form (docs/product-rules.md R-TD3, R-TD5: Alert entity and its messages). The symbol is sent as
// its code; whether the user may see it is checked by the action (role 4: its subscription).
import * as z from "zod";
import { ALERT_CONDITIONS, ALERT_VIEW_TYPES } from "~/domain/alerts";
import { priceNumber } from "~/schemas/decimal";

export const ENTER_ALERT_DESCRIPTION = "Please enter a description";
export const ENTER_ALERT_NAME = "Please enter a name";
export const SELECT_ALERT_SYMBOL = "Please select a symbol";
export const ENTER_ALERT_PRICE = "Please enter a price";
export const ENTER_ALERT_VIEW_TYPE = "Please enter a viewType";
export const ENTER_ALERT_CONDITION = "Please enter a condition";
export const ALERT_CREATED = "Alert created successfully";
export const ALERT_UPDATED = "Alert updated successfully";
export const ALERT_DELETED = "Alert deleted successfully";
export const AUTO_ALERT_SET = "Auto Alert Set successfully.";
export const AUTO_ALERT_FAILED = "Error In Auto Alert Set........!";

export const alertSchema = z.object({
  name: z.string({ error: ENTER_ALERT_NAME }).trim().min(1, ENTER_ALERT_NAME).max(100, "Name is too long"),
  symbol: z.string({ error: SELECT_ALERT_SYMBOL }).trim().min(1, SELECT_ALERT_SYMBOL).max(40, SELECT_ALERT_SYMBOL),
  // Rounded to paise first: 1e-9 or 0.004 is 0.00, refused here rather than stored as 0.
  price: priceNumber({ label: "Price", above: 0, messages: { required: ENTER_ALERT_PRICE, notation: ENTER_ALERT_PRICE } }),
  condition: z.enum(ALERT_CONDITIONS, { error: ENTER_ALERT_CONDITION }),
  viewType: z.array(z.enum(ALERT_VIEW_TYPES, { error: ENTER_ALERT_VIEW_TYPE }), { error: ENTER_ALERT_VIEW_TYPE }).min(1, ENTER_ALERT_VIEW_TYPE),
  description: z.string({ error: ENTER_ALERT_DESCRIPTION }).trim().min(1, ENTER_ALERT_DESCRIPTION).max(500, "Description is too long"),
  note: z.string().trim().max(500, "Note is too long").default(""),
  // Role 1 only; the action ignores them for other roles.
  isMasterAlert: z.boolean().default(false),
  isChaviAlert: z.boolean().default(false),
});

export type AlertInput = z.infer<typeof alertSchema>;
