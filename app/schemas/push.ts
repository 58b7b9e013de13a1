// The /setting page's device opt-in for Web Push (docs/decisions/153): the fields of the
// browser's PushSubscription (endpoint and its two keys), posted by the page's script.
import * as z from "zod";
import { isKnownPushService } from "~/domain/push";

export const PUSH_ENDPOINT_REFUSED = "This browser's push service is not one this server sends to.";
export const PUSH_KEYS_REFUSED = "The browser sent push keys this server cannot use.";

// base64url as PushSubscription.toJSON() gives it; padding, if a browser adds it, is dropped.
const base64url = (length: number) =>
  z
    .string({ error: PUSH_KEYS_REFUSED })
    .transform((v) => v.replace(/=+$/, ""))
    .pipe(z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), PUSH_KEYS_REFUSED));

const endpoint = z
  .string({ error: PUSH_ENDPOINT_REFUSED })
  .max(1024, PUSH_ENDPOINT_REFUSED)
  .refine(isKnownPushService, PUSH_ENDPOINT_REFUSED);

export const pushSubscribeSchema = z.object({
  intent: z.literal("push-subscribe"),
  endpoint,
  // An uncompressed P-256 point (65 bytes) and a 16-byte auth secret.
  p256dh: base64url(87),
  auth: base64url(22),
});

export const pushUnsubscribeSchema = z.object({
  intent: z.literal("push-unsubscribe"),
  endpoint: z.string({ error: PUSH_ENDPOINT_REFUSED }).min(1, PUSH_ENDPOINT_REFUSED).max(1024, PUSH_ENDPOINT_REFUSED),
});
