// Zod schemas of the chat composer, the chat intents and the broadcast form. The same schema
// checks on the server (always) and in the browser (when JavaScript runs).
import * as z from "zod";
import { isRoleId } from "~/domain/access";
import {
  BROADCAST_AUDIENCE_INVALID,
  BROADCAST_AUDIENCES,
  BROADCAST_ROLE_UNKNOWN,
  BROADCAST_ROLES_REQUIRED,
  BROADCAST_TOO_MANY_USERS,
  BROADCAST_USER_INVALID,
  BROADCAST_USERS_REQUIRED,
  MAX_BROADCAST_RECIPIENTS,
  MAX_MESSAGE_LENGTH,
  MESSAGE_REQUIRED,
  MESSAGE_TOO_LONG,
} from "~/domain/chat";

/**
 * Message text: browsers post a textarea's line breaks as CRLF but count them as one character,
 * so they are normalised before the length check (and stored normalised).
 */
export const messageText = z
  .string({ error: MESSAGE_REQUIRED })
  .overwrite((value) => value.replace(/\r\n?/g, "\n"))
  .trim()
  .min(1, MESSAGE_REQUIRED)
  .max(MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG);

/** The composer of an open conversation. */
export const chatMessageSchema = z.object({
  intent: z.literal("send"),
  message: messageText,
});

/**
 * Posts on /support/{id}: send a message, (Go to Chat) open it with the greeting, or (support)
 * mark it resolved or reopen it.
 */
export const conversationActionSchema = z.discriminatedUnion("intent", [
  chatMessageSchema,
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.literal("resolve") }),
  z.object({ intent: z.literal("reopen") }),
]);

/** Posts on /support: Contact Us starts the client's conversation with support. */
export const supportIndexActionSchema = z.object({ intent: z.literal("contact") });

/** Where a broadcast form returns to: the broadcast list or the chat it was opened from. */
export const broadcastReturnPath = z
  .string()
  .regex(/^\/(support(\/\d{1,12})?|broadcast\/message)$/)
  .catch("/broadcast/message");

/** A form posts ids as text, the API as numbers; both read the same. */
const asWholeNumber = (value: unknown) => (typeof value === "string" && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value);

const targetRole = z.preprocess(
  asWholeNumber,
  z.number({ error: BROADCAST_ROLE_UNKNOWN }).refine(isRoleId, BROADCAST_ROLE_UNKNOWN),
);
const targetUserId = z.preprocess(
  asWholeNumber,
  z.number({ error: BROADCAST_USER_INVALID }).int(BROADCAST_USER_INVALID).min(1, BROADCAST_USER_INVALID).max(2_147_483_647, BROADCAST_USER_INVALID),
);

/**
 * Who a broadcast is for (docs/decisions/146): everyone (also when absent), one or more roles,
 * or chosen users. Roles and users are checked here; whether the users exist is the service's.
 */
const broadcastTargetFields = {
  audience: z.enum(BROADCAST_AUDIENCES, { error: BROADCAST_AUDIENCE_INVALID }).default("everyone"),
  roles: z.array(targetRole, { error: BROADCAST_ROLE_UNKNOWN }).default([]),
  userIds: z.array(targetUserId, { error: BROADCAST_USER_INVALID }).max(MAX_BROADCAST_RECIPIENTS, BROADCAST_TOO_MANY_USERS).default([]),
};

function requireTargetChoice(value: { audience: string; roles: unknown[]; userIds: unknown[] }, ctx: z.RefinementCtx) {
  if (value.audience === "roles" && value.roles.length === 0) ctx.addIssue({ code: "custom", path: ["roles"], message: BROADCAST_ROLES_REQUIRED });
  if (value.audience === "users" && value.userIds.length === 0) ctx.addIssue({ code: "custom", path: ["userIds"], message: BROADCAST_USERS_REQUIRED });
}

/** The JSON API's optional `target` of messages/send/all: absent is everyone, as before. */
export const broadcastTargetSchema = z.object(broadcastTargetFields).superRefine(requireTargetChoice);

export const broadcastSchema = z
  .object({
    message: messageText,
    ...broadcastTargetFields,
    redirectTo: broadcastReturnPath.default("/broadcast/message"),
  })
  .superRefine(requireTargetChoice);
