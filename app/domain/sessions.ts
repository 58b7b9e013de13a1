// Sign-in session rules with no I/O (docs/decisions/119): the idle timeout beside the absolute
// lifetime, how often activity is written, the message that says why a user was signed out,
// and a device name read from a user agent for the list of one's sessions.
import type { RoleId } from "./access";

/** Minutes without a request after which a session ends, for staff (roles 1-3) and customers (4). */
export interface SessionIdleSettings {
  staffMinutes: number;
  customerMinutes: number;
}

export const DEFAULT_SESSION_IDLE: SessionIdleSettings = { staffMinutes: 30, customerMinutes: 24 * 60 };

export function idleMinutesFor(roleId: RoleId, settings: SessionIdleSettings): number {
  return roleId === 4 ? settings.customerMinutes : settings.staffMinutes;
}

/**
 * How stale last_seen_at may be before a request writes it again: a minute (a tenth of the idle
 * time when that is shorter), so a page view does not cost a write each time.
 */
export function activityResolutionMs(idleMinutes: number): number {
  return Math.min(60_000, Math.max(1_000, Math.floor((idleMinutes * 60_000) / 10)));
}

/** True when a request now should write last_seen_at again. */
export function shouldRecordActivity(lastSeenAt: Date, now: Date, idleMinutes: number): boolean {
  return now.getTime() - lastSeenAt.getTime() >= activityResolutionMs(idleMinutes);
}

/**
 * True when the session has been idle for the whole idle time. last_seen_at may lag the last
 * request by up to one resolution step, so that step is added: a session ends between the idle
 * time and the idle time plus a minute after its last request, never before.
 */
export function isSessionIdle(lastSeenAt: Date, now: Date, idleMinutes: number): boolean {
  return now.getTime() - lastSeenAt.getTime() >= idleMinutes * 60_000 + activityResolutionMs(idleMinutes);
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** "30 minutes", "24 hours", "90 minutes", "30 seconds". */
export function formatIdleDuration(idleMinutes: number): string {
  if (idleMinutes < 1) return plural(Math.max(1, Math.round(idleMinutes * 60)), "second");
  if (idleMinutes >= 60 && idleMinutes % 60 === 0) return plural(idleMinutes / 60, "hour");
  return plural(Math.round(idleMinutes), "minute");
}

/** /login after the live connection found the session gone (signed out elsewhere, ended, expired). */
export const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";

export function idleSignOutMessage(idleMinutes: number): string {
  return `You were signed out after ${formatIdleDuration(idleMinutes)} without activity`;
}

// Checked in order: Edge and Opera announce Chrome too, Chrome announces Safari.
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|HeadlessChrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPad\b/, "iPad"],
  [/\b(iPhone|iPod)\b/, "iPhone"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/**
 * A short name for the device of a session, from its user agent: "Chrome on Windows",
 * "Safari on iPhone", or the program's name for other clients ("curl", "node").
 */
export function describeDevice(userAgent: string | null | undefined): string {
  const agent = (userAgent ?? "").trim();
  if (!agent) return "Unknown device";
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Browser on ${system}`;
  // An API client: its product name ("curl/8.5.0" → "curl"), kept short.
  const product = /^[A-Za-z][A-Za-z0-9._-]{0,39}/.exec(agent)?.[0];
  return product ?? "Unknown device";
}
