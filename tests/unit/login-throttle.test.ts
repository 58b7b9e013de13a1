// The sign-in throttle's rules: the doubling wait after the free failures, capped at 15 minutes,
// and the message and header that say how long.
import { describe, expect, it } from "vitest";
import { LOGIN_MAX_WAIT_SECONDS, loginWaitSeconds } from "~/auth/login-throttle.server";
import { retryAfterHeaders, waitMessage } from "~/auth/rate-limit.server";

describe("loginWaitSeconds", () => {
  it("waits nothing for the first four failures, then 1 s, 2 s, 4 s ... from the fifth", () => {
    expect([1, 2, 3, 4].map((n) => loginWaitSeconds(n, 5))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9].map((n) => loginWaitSeconds(n, 5))).toEqual([1, 2, 4, 8, 16]);
  });

  it("never waits more than 15 minutes, however many failures", () => {
    expect(LOGIN_MAX_WAIT_SECONDS).toBe(900);
    expect(loginWaitSeconds(14, 5)).toBe(512);
    expect(loginWaitSeconds(15, 5)).toBe(900);
    expect(loginWaitSeconds(1_000, 5)).toBe(900);
  });

  it("waits from the first failure when no failure is free (an account under a spread-out attack)", () => {
    expect([1, 2, 3].map((n) => loginWaitSeconds(n, 1))).toEqual([1, 2, 4]);
  });
});

describe("the wait's message and header", () => {
  it("says seconds (one second in the singular) or whole minutes, rounded up", () => {
    expect(waitMessage(1)).toBe("Too many attempts. Please try again in 1 second.");
    expect(waitMessage(4)).toBe("Too many attempts. Please try again in 4 seconds.");
    expect(waitMessage(60)).toBe("Too many attempts. Please try again in 1 minute.");
    expect(waitMessage(61)).toBe("Too many attempts. Please try again in 2 minutes.");
    expect(waitMessage(900)).toBe("Too many attempts. Please try again in 15 minutes.");
  });

  it("sets Retry-After only when there is a wait", () => {
    expect(retryAfterHeaders(4)).toEqual({ "Retry-After": "4" });
    expect(retryAfterHeaders(undefined)).toBeUndefined();
  });
});
