// Zod schemas of the chat composer, the chat intents and the broadcast form. The same schema
// checks on the server (always) and in the browser (when JavaScript runs).
import * as z from "zod";
import { MAX_MESSAGE_LENGTH, MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from "~/domain/chat";

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

/** Posts on /support/{id}: send a message, or (Go to Chat) open it with the greeting. */
export const conversationActionSchema = z.discriminatedUnion("intent", [
  chatMessageSchema,
  z.object({ intent: z.literal("start") }),
]);

/** Posts on /support: Contact Us starts the client's conversation with support. */
export const supportIndexActionSchema = z.object({ intent: z.literal("contact") });

/** Where a broadcast form returns to: the broadcast list or the chat it was opened from. */
export const broadcastReturnPath = z
  .string()
  .regex(/^\/(support(\/\d{1,12})?|broadcast\/message)$/)
  .catch("/broadcast/message");

export const broadcastSchema = z.object({
  message: messageText,
  redirectTo: broadcastReturnPath.default("/broadcast/message"),
});
