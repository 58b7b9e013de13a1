// Sign-in and code attempts are limited per account and per client address
// (rate-limiter-flexible; in memory on one process).
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

export interface AuthLimiters {
  /** Every auth form post, per client address. */
  authPostsByIp: RateLimiterMemory;
  /** Failed sign-ins per account. */
  loginFailuresByEmail: RateLimiterMemory;
  /** Code checks per account (OTP). */
  codeAttemptsByEmail: RateLimiterMemory;
}

export function createAuthLimiters(options: { postsPerMinute: number; loginFailuresPer15Min: number }): AuthLimiters {
  return {
    authPostsByIp: new RateLimiterMemory({ keyPrefix: "auth-ip", points: options.postsPerMinute, duration: 60 }),
    loginFailuresByEmail: new RateLimiterMemory({
      keyPrefix: "login-fail",
      points: options.loginFailuresPer15Min,
      duration: 15 * 60,
    }),
    codeAttemptsByEmail: new RateLimiterMemory({ keyPrefix: "otp", points: 10, duration: 15 * 60 }),
  };
}

/** Consumes one point; returns the seconds to wait when the limit is reached, else null. */
export async function consumeLimit(limiter: RateLimiterMemory, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw error;
  }
}

/** True when the key has no points left (without consuming one). */
export async function isLimited(limiter: RateLimiterMemory, key: string): Promise<number | null> {
  const res = await limiter.get(key);
  if (res && res.remainingPoints <= 0 && res.consumedPoints >= limiter.points) {
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  }
  return null;
}

export function waitMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60
    ? `Too many attempts. Please try again in ${seconds} seconds.`
    : `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
