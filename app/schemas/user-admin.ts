// The user modal of docs/product-rules.md R-AC4, R-AC5, with the documents' exact messages. One schema per
// form (create has a password, edit has the Active switch), used by the action and the browser.
import * as z from "zod";
import { isValidYmd } from "~/domain/dates";
import { PASSWORD_MIN } from "./auth";
import { recordId, strictRecordId } from "~/schemas/record-id";
import { BULK_USER_ACTIONS, MAX_SUBSCRIPTION_DAYS, parseSubscriptionFilter, USER_LIST_DEFAULTS, USER_SORTS } from "~/domain/user-admin";
import { parseListQuery } from "~/domain/list-query";
import { parseIdParam } from "~/domain/paging";

export const SELECT_ROLE = "Please select a role";
export const ENTER_NAME = "Please enter a name";
export const ENTER_USERNAME = "Please enter a username";
export const ENTER_PASSWORD = "Please enter a password";
export const ENTER_EMAIL = "Please enter a email";
export const SELECT_SYMBOL = "Please select a symbol";
export const USER_SAVED = "User saved successfully";
export const USER_SAVE_ERROR = "Error saving user";
export const EMAIL_TAKEN = "This email is already in use";
export const USERNAME_TAKEN = "This username is already in use";

/** A chosen symbol or sector that does not exist: nothing is saved, and the ids are named (docs/decisions/144). */
export function unknownIdsMessage(kind: "symbol" | "sector", ids: readonly number[]): string {
  return `Unknown ${kind} id${ids.length === 1 ? "" : "s"}: ${ids.join(", ")}`;
}

const ids = z.array(strictRecordId()).default([]);
const ymd = z.string().refine(isValidYmd, "Please enter a date as YYYY-MM-DD").optional();

const userFields = {
  roleId: z
    .number({ error: SELECT_ROLE })
    .int(SELECT_ROLE)
    .refine((r) => r >= 1 && r <= 4, SELECT_ROLE),
  name: z.string({ error: ENTER_NAME }).trim().min(1, ENTER_NAME).max(100, "Name is too long"),
  username: z
    .string({ error: ENTER_USERNAME })
    .trim()
    .min(1, ENTER_USERNAME)
    .max(50, "Username is too long")
    .regex(/^[A-Za-z0-9._-]+$/, "Username may use letters, digits, dot, dash and underscore"),
  email: z
    .string({ error: ENTER_EMAIL })
    .trim()
    .min(1, ENTER_EMAIL)
    .max(254, "Email is too long")
    .pipe(z.email("Please enter a valid email address")),
  sectorIds: ids,
  symbolIds: z.array(strictRecordId(), { error: SELECT_SYMBOL }).min(1, SELECT_SYMBOL),
  dateSubscribed: ymd,
  dateExpired: ymd,
};

function datesInOrder(value: { dateSubscribed?: string; dateExpired?: string }, ctx: z.RefinementCtx) {
  if (value.dateSubscribed && value.dateExpired && value.dateExpired < value.dateSubscribed) {
    ctx.addIssue({ code: "custom", path: ["dateExpired"], message: "The expiry date cannot precede the subscribed date" });
  }
}

const passwordField = z
  .string({ error: ENTER_PASSWORD })
  .min(1, ENTER_PASSWORD)
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, "Password must be at most 200 characters");
// The Active/Inactive switch (edit only): an unchecked box sends nothing.
const statusField = z.boolean().default(false);

export const createUserSchema = z.object({ ...userFields, password: passwordField }).superRefine(datesInOrder);
export const updateUserSchema = z.object({ ...userFields, status: statusField }).superRefine(datesInOrder);

// The JSON API's bodies (docs/product-rules.md R-AC7 Users): the documents send symbol_id as a list of
// {symbol_id, sector_id} pairs and sector_id as a list or null. A plain id is accepted too. The
// pair's sector_id is not trusted: each symbol is stored with its own sector (docs/decisions/144).
const documentedSymbolChoice = z.union([
  strictRecordId(SELECT_SYMBOL),
  z
    .object({ symbol_id: strictRecordId(SELECT_SYMBOL), sector_id: strictRecordId().nullable().optional() })
    .transform((pair) => pair.symbol_id),
]);
const documentedUserFields = {
  ...userFields,
  symbolIds: z.array(documentedSymbolChoice, { error: SELECT_SYMBOL }).min(1, SELECT_SYMBOL),
  sectorIds: z
    .array(strictRecordId())
    .nullable()
    .default([])
    .transform((ids) => ids ?? []),
};
export const createUserApiSchema = z.object({ ...documentedUserFields, password: passwordField }).superRefine(datesInOrder);
// Unlike the page's switch (an unchecked box sends nothing), a body without status keeps the stored one (docs/decisions/100).
export const updateUserApiSchema = z.object({ ...documentedUserFields, status: z.boolean().optional() }).superRefine(datesInOrder);

export type CreateUserInput = z.infer<typeof createUserSchema>;
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** What the user form starts with: an account's values, or what was typed when it is re-rendered (never the password). */
export interface UserFormDefaults {
  roleId?: string;
  name?: string;
  username?: string;
  email?: string;
  status?: boolean;
  sectorIds: number[];
  symbolIds: number[];
  dateSubscribed?: string;
  dateExpired?: string;
}

/** The status switch of a list row: 1 turns on, 0 off (the documents' flag). */
export const statusSwitchSchema = z.object({
  intent: z.literal("status"),
  id: recordId(),
  status: z.enum(["0", "1"]).transform((s) => s === "1"),
});

// ---------------------------------------------------------------- the list's bulk actions

export const CHOOSE_USERS = "Choose at least one user";
export const CHOOSE_BULK_ACTION = "Choose what to do with the chosen users";
export const CHOOSE_KEYS = "Choose the keys to assign or remove";
export const ENTER_EXTENSION_DAYS = `Enter the number of days to extend by (1 to ${MAX_SUBSCRIPTION_DAYS})`;
/** The most rows one bulk action takes: a page of the longest page size, several times over. */
export const MAX_BULK_USERS = 500;

/** A bulk action on the list's chosen rows (the confirmation's GET and its POST read the same fields). */
export const bulkUserSchema = z
  .object({
    bulk: z.enum(BULK_USER_ACTIONS, { error: CHOOSE_BULK_ACTION }),
    ids: z.array(strictRecordId(), { error: CHOOSE_USERS }).min(1, CHOOSE_USERS).max(MAX_BULK_USERS, `At most ${MAX_BULK_USERS} users at a time`),
    days: z.number({ error: ENTER_EXTENSION_DAYS }).int(ENTER_EXTENSION_DAYS).min(1, ENTER_EXTENSION_DAYS).max(MAX_SUBSCRIPTION_DAYS, ENTER_EXTENSION_DAYS).optional(),
    keys: z.array(strictRecordId(CHOOSE_KEYS), { error: CHOOSE_KEYS }).max(200, CHOOSE_KEYS).default([]),
  })
  .superRefine((value, ctx) => {
    if (value.bulk === "extend" && value.days === undefined) ctx.addIssue({ code: "custom", path: ["days"], message: ENTER_EXTENSION_DAYS });
    if ((value.bulk === "assign-keys" || value.bulk === "remove-keys") && value.keys.length === 0) ctx.addIssue({ code: "custom", path: ["keys"], message: CHOOSE_KEYS });
  })
  .transform((value) => ({ ...value, ids: [...new Set(value.ids)], keys: [...new Set(value.keys)] }));
export type BulkUserInput = z.infer<typeof bulkUserSchema>;

export const LIST_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];
export const listExportFormatSchema = z.enum(LIST_EXPORT_FORMATS, { error: "Choose csv or xlsx" });

/** The user list's URL (role_id, q, sort, dir, sub, within, size, page) → its query; anything malformed reads as the default. */
export function parseAccountListQuery(params: URLSearchParams) {
  const list = parseListQuery(params, USER_SORTS, USER_LIST_DEFAULTS);
  return {
    ...list,
    roleId: parseIdParam(params.get("role_id")),
    subscription: parseSubscriptionFilter(params.get("sub"), params.get("within")),
  };
}

/** The account-support dialog's two buttons. */
export const accountSupportSchema = z.object({ intent: z.enum(["reset-link", "sign-out-all"]) });
