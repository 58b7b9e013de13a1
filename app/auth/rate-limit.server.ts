// Sign-in and code attempts are limited per account and per client address
// (rate-limiter-flexible): in memory on one process; across the workers of one server when it
// runs several (WEB_CONCURRENCY), counted in the primary process, so N workers never mean N
// times the attempts.
import cluster from "node:cluster";
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export type Limiter = RateLimiterAbstract;

/** A limiter counted in this process, or in the cluster's primary when this is a worker. */
export function createLimiter(options: { keyPrefix: string; points: number; duration: number }): Limiter {
  return cluster.isWorker ? new RateLimiterCluster({ ...options, timeoutMs: 3_000 }) : new RateLimiterMemory(options);
}

export interface AuthLimiters {
  /** Every auth form post, per client address. */
  authPostsByIp: Limiter;
  /** Failed sign-ins per account and address together (a counter; app/auth/login-throttle.server.ts). */
  loginFailuresByAccountAddress: Limiter;
  /** The wait an account and address pair sits out before its next try (blocked keys only). */
  loginWaitByAccountAddress: Limiter;
  /** Failed sign-ins per account from every address, within the hour (a counter). */
  loginFailuresByAccount: Limiter;
  /** How the sign-in throttle reads those counters. */
  loginThrottle: LoginThrottlePolicy;
  /** Code checks per account (OTP). */
  codeAttemptsByEmail: Limiter;
}

export interface LoginThrottlePolicy {
  /** Failures of one account from one address before each further one makes the pair wait (LOGIN_FREE_FAILURES). */
  freeFailures: number;
  /** Failures of one account from all addresses in an hour above which every address waits from its first failure. */
  accountFailuresPerHour: number;
}

/** A counter that never refuses: the throttle reads how many, and decides the wait itself. */
const COUNT_ONLY = 1_000_000_000;

export function createAuthLimiters(options: { postsPerMinute: number; loginFreeFailures: number; loginFailuresPerAccountPerHour: number }): AuthLimiters {
  return {
    authPostsByIp: createLimiter({ keyPrefix: "auth-ip", points: options.postsPerMinute, duration: 60 }),
    loginFailuresByAccountAddress: createLimiter({ keyPrefix: "login-fail-pair", points: COUNT_ONLY, duration: 24 * 60 * 60 }),
    loginWaitByAccountAddress: createLimiter({ keyPrefix: "login-wait-pair", points: 1, duration: 1 }),
    loginFailuresByAccount: createLimiter({ keyPrefix: "login-fail-account", points: COUNT_ONLY, duration: 60 * 60 }),
    loginThrottle: { freeFailures: options.loginFreeFailures, accountFailuresPerHour: options.loginFailuresPerAccountPerHour },
    codeAttemptsByEmail: createLimiter({ keyPrefix: "otp", points: 10, duration: 15 * 60 }),
  };
}

/** Consumes one point; returns the seconds to wait when the limit is reached, else null. */
export async function consumeLimit(limiter: Limiter, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw error;
  }
}

/** True when the key has no points left (without consuming one). */
export async function isLimited(limiter: Limiter, key: string): Promise<number | null> {
  const res = await limiter.get(key);
  if (res && res.remainingPoints <= 0 && res.consumedPoints >= limiter.points) {
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  }
  return null;
}

export function waitMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60
    ? `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`
    : `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The Retry-After header of a 429 that asks the client to wait this many seconds. */
export function retryAfterHeaders(seconds: number | undefined): Record<string, string> | undefined {
  return seconds ? { "Retry-After": String(seconds) } : undefined;
}
