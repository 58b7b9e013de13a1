// Every auth form post (sign-in, sign-up, codes, resets, re-authentication) counts against its
// client address's limit before anything is looked up, so nobody can try accounts in bulk.
import type { AppContext } from "~/config/context";
import { consumeLimit, waitMessage } from "./rate-limit.server";

/** Counts an auth post against its address's limit; when exceeded, the message and the seconds to wait. */
export async function authPostLimit(context: Pick<AppContext, "limiters" | "clientIp">): Promise<{ message: string; retryAfter: number } | null> {
  const wait = await consumeLimit(context.limiters.authPostsByIp, context.clientIp || "unknown");
  return wait ? { message: waitMessage(wait), retryAfter: wait } : null;
}

/** Checks the per-address limit on auth posts; returns the message to show when exceeded. */
export async function authPostLimitMessage(context: Pick<AppContext, "limiters" | "clientIp">): Promise<string | null> {
  return (await authPostLimit(context))?.message ?? null;
}
