// Session rules (docs/decisions/119): idle time per role, the write resolution of last_seen_at,
// the idle edge, the sign-out message and device names from user agents.
import { describe, expect, it } from "vitest";
import {
  activityResolutionMs,
  DEFAULT_SESSION_IDLE,
  describeDevice,
  formatIdleDuration,
  idleMinutesFor,
  idleSignOutMessage,
  isSessionIdle,
  shouldRecordActivity,
} from "~/domain/sessions";

const MIN = 60_000;
const at = (ms: number) => new Date(Date.UTC(2024, 0, 1) + ms);

describe("idle time per role", () => {
  it("is 30 minutes for staff (roles 1, 2, 3) and 24 hours for customers by default", () => {
    for (const role of [1, 2, 3] as const) expect(idleMinutesFor(role, DEFAULT_SESSION_IDLE)).toBe(30);
    expect(idleMinutesFor(4, DEFAULT_SESSION_IDLE)).toBe(1440);
  });
  it("follows the configured settings", () => {
    const settings = { staffMinutes: 10, customerMinutes: 60 };
    expect(idleMinutesFor(2, settings)).toBe(10);
    expect(idleMinutesFor(4, settings)).toBe(60);
  });
});

describe("activity writes and the idle edge", () => {
  it("writes last_seen_at at most once a minute, or a tenth of a short idle time", () => {
    expect(activityResolutionMs(30)).toBe(MIN);
    expect(activityResolutionMs(1440)).toBe(MIN);
    expect(activityResolutionMs(5)).toBe(30_000);
    expect(activityResolutionMs(0.05)).toBe(1_000);
    expect(shouldRecordActivity(at(0), at(MIN - 1), 30)).toBe(false);
    expect(shouldRecordActivity(at(0), at(MIN), 30)).toBe(true);
  });
  it("never ends a session before the idle time, and at the latest a minute after it", () => {
    // last_seen_at can lag the real last request by up to the resolution (one minute).
    expect(isSessionIdle(at(0), at(30 * MIN), 30)).toBe(false);
    expect(isSessionIdle(at(0), at(31 * MIN - 1), 30)).toBe(false);
    expect(isSessionIdle(at(0), at(31 * MIN), 30)).toBe(true);
    expect(isSessionIdle(at(0), at(24 * 60 * MIN), 1440)).toBe(false);
    expect(isSessionIdle(at(0), at(24 * 60 * MIN + MIN), 1440)).toBe(true);
  });
  it("a customer idle for an hour is still signed in; a staff member is not", () => {
    expect(isSessionIdle(at(0), at(60 * MIN), idleMinutesFor(4, DEFAULT_SESSION_IDLE))).toBe(false);
    expect(isSessionIdle(at(0), at(60 * MIN), idleMinutesFor(3, DEFAULT_SESSION_IDLE))).toBe(true);
  });
});

describe("the sign-out message", () => {
  it("names the idle time in words", () => {
    expect(idleSignOutMessage(30)).toBe("You were signed out after 30 minutes without activity");
    expect(idleSignOutMessage(1440)).toBe("You were signed out after 24 hours without activity");
    expect(formatIdleDuration(60)).toBe("1 hour");
    expect(formatIdleDuration(1)).toBe("1 minute");
    expect(formatIdleDuration(90)).toBe("90 minutes");
    expect(formatIdleDuration(0.05)).toBe("3 seconds");
  });
});

describe("device names from user agents", () => {
  const cases: [string | null, string][] = [
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36", "Chrome on Windows"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0", "Edge on Windows"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", "Safari on iPhone"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0", "Firefox on macOS"],
    ["Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36", "Samsung Internet on Android"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36", "Chrome on Linux"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/109.0.0.0", "Opera on Windows"],
    ["curl/8.5.0", "curl"],
    ["node", "node"],
    ["", "Unknown device"],
    [null, "Unknown device"],
    ["<script>alert(1)</script>", "Unknown device"],
  ];
  for (const [agent, expected] of cases) {
    it(`${JSON.stringify(agent)?.slice(0, 60)} → ${expected}`, () => expect(describeDevice(agent)).toBe(expected));
  }
});
