// Key (chavi) forms: Create/Edit Chavi, assigning keys to a user, and the key order.
import * as z from "zod";
import { decimalNumber } from "~/schemas/decimal";
import { recordId, strictRecordId } from "~/schemas/record-id";

export const CHAVI_TYPES = ["plus", "minus"] as const;
export const REGISTRATION_FAILED = "Registration failed";
export const KEY_NAME_TAKEN = "a key with this name already exists";

const ids = z.array(strictRecordId()).default([]);

export const chaviSchema = z.object({
  name: z.string({ error: "Please enter a name" }).trim().min(1, "Please enter a name").max(50, "Name is too long"),
  displayName: z.string({ error: "Please enter a display name" }).trim().min(1, "Please enter a display name").max(50, "Display Name is too long"),
  description: z.string().trim().max(500, "Description is too long").default(""),
  type: z.enum(CHAVI_TYPES, { error: "Please select a type" }),
  srNo: decimalNumber({ label: "Sr No", scale: 0, min: 1, max: 1000, messages: { required: "Sr No must be a number", notation: "Sr No must be a number" } }),
  userIds: ids,
  // "Select All" of the user multi-select: every listed user.
  allUsers: z.boolean().default(false),
  isactive: z.boolean().default(false),
});

export type ChaviInput = z.infer<typeof chaviSchema>;

export const assignKeysSchema = z.object({
  userId: strictRecordId("Please select a user"),
  chaviIds: ids,
});

export const keyOrderSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save-order"), order: z.array(recordId()).min(1) }),
  z.object({ intent: z.literal("move"), id: recordId(), direction: z.enum(["up", "down"]) }),
]);

/** "Registration failed" plus the reason (docs/product-rules.md R-AC8). */
export function registrationFailed(reason: string): string {
  return `${REGISTRATION_FAILED}: ${reason}`;
}
