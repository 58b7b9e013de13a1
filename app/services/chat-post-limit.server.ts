// The one posting limit of support chat (docs/decisions/040): messages and broadcasts together
// count against CHAT_POSTS_PER_MINUTE per user. Its own module because the chat and the
// broadcast services both spend it.
import { RateLimiterRes } from "rate-limiter-flexible";
import { createLimiter, type Limiter } from "~/auth/rate-limit.server";
import type { AppContext } from "~/config/context";
import type { AppDatabase } from "~/db/client.server";
import { CHAT_POSTS_PER_MINUTE, rateLimitMessage } from "~/domain/chat";
import { succeed, type Outcome } from "~/domain/outcome";

// One limiter per database, so each test context (and each server) counts on its own; in
// memory, per server (docs/decisions/040; across its workers when it runs several).
const postLimiters = new WeakMap<AppDatabase, Limiter>();

/** Counts one chat post (message or broadcast) for the user; refused with 429 and the seconds to wait. */
export async function consumeChatPost(context: Pick<AppContext, "db">, userId: number): Promise<Outcome<null>> {
  let limiter = postLimiters.get(context.db);
  if (!limiter) {
    limiter = createLimiter({ keyPrefix: "chat-post", points: CHAT_POSTS_PER_MINUTE, duration: 60 });
    postLimiters.set(context.db, limiter);
  }
  try {
    await limiter.consume(String(userId));
    return succeed(null);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const wait = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    return { ok: false, problem: { status: 429, message: rateLimitMessage(wait), retryAfter: wait } };
  }
}
