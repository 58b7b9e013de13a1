// Failed sign-ins slow down the account and address they came from together, with a wait that
// doubles (1 s, 2 s, 4 s ... at most 15 minutes), so nobody can lock a victim out from
// somewhere else: the owner at their usual address signs in at once (docs/decisions/120).
// Above a much larger count per account from every address (a spread-out attack), each address
// waits from its first failure instead of after a few: slower for everyone, locked for no one.
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { AuthLimiters } from "./rate-limit.server";

export const LOGIN_MAX_WAIT_SECONDS = 15 * 60;

/** The wait after an account and address pair's `failures`-th failure in a row (0: none). */
export function loginWaitSeconds(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(2 ** (failures - freeFailures), LOGIN_MAX_WAIT_SECONDS);
}

function pairKey(email: string, address: string): string {
  return `${address || "unknown"} ${email}`;
}

/** Counts one more; a counter that refuses (it never should) still reports its count. */
async function count(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    return (await limiter.consume(key)).consumedPoints;
  } catch (error) {
    if (error instanceof RateLimiterRes) return error.consumedPoints;
    throw error;
  }
}

/** Seconds this account must still wait at this address before its password is checked, else null. */
export async function loginWait(limiters: AuthLimiters, email: string, address: string): Promise<number | null> {
  const res = await limiters.loginWaitByAccountAddress.get(pairKey(email, address));
  // An ended wait can linger a moment until its timer removes it: only a wait still running counts.
  if (!res || res.consumedPoints <= limiters.loginWaitByAccountAddress.points || res.msBeforeNext <= 0) return null;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Records a wrong password (or an unknown email) and starts the pair's wait; returns its seconds (0: none). */
export async function recordLoginFailure(limiters: AuthLimiters, email: string, address: string): Promise<number> {
  const key = pairKey(email, address);
  const [pairFailures, accountFailures] = await Promise.all([
    count(limiters.loginFailuresByAccountAddress, key),
    count(limiters.loginFailuresByAccount, email),
  ]);
  const policy = limiters.loginThrottle;
  const free = accountFailures > policy.accountFailuresPerHour ? 1 : policy.freeFailures;
  const wait = loginWaitSeconds(pairFailures, free);
  if (wait > 0) await limiters.loginWaitByAccountAddress.block(key, wait);
  return wait;
}

/** A successful sign-in forgets this pair's failures (not the account's: those were someone else's). */
export async function clearLoginFailures(limiters: AuthLimiters, email: string, address: string): Promise<void> {
  const key = pairKey(email, address);
  await Promise.all([limiters.loginFailuresByAccountAddress.delete(key), limiters.loginWaitByAccountAddress.delete(key)]);
}
