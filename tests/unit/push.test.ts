// Web Push's pure parts (docs/decisions/153): the VAPID keys (from the environment, else made
// once and kept in the data folder), the endpoints the server will POST to, and the messages.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createECDH } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { generateVapidKeyPair, parseEnv, resolveVapidKeys } from "~/config/env.server";
import { alertPushMessage, isKnownPushService, tradePushMessage } from "~/domain/push";

const dirs: string[] = [];
const scratch = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vapid-"));
  dirs.push(dir);
  return path.join(dir, "data");
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe("VAPID keys", () => {
  it("a generated pair is a P-256 key pair in base64url whose private key gives its public key", () => {
    for (let i = 0; i < 20; i++) {
      const pair = generateVapidKeyPair();
      expect(pair.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(pair.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const ecdh = createECDH("prime256v1");
      ecdh.setPrivateKey(Buffer.from(pair.privateKey, "base64url"));
      expect(ecdh.getPublicKey().toString("base64url")).toBe(pair.publicKey);
    }
  });

  it("are generated once into the data folder and read back on the next start", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const dataDir = scratch();
    const env = parseEnv({ NODE_ENV: "production" });
    const first = resolveVapidKeys(env, dataDir);
    expect(fs.statSync(path.join(dataDir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
    const again = resolveVapidKeys(env, dataDir);
    expect(again).toEqual(first);
    expect(first.subject).toBe("mailto:no-reply@localhost");
  });

  it("come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY/VAPID_SUBJECT when set, and nothing is written", () => {
    const dataDir = scratch();
    const pair = generateVapidKeyPair();
    const env = parseEnv({ NODE_ENV: "production", VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: "mailto:ops@example.in" });
    expect(resolveVapidKeys(env, dataDir)).toEqual({ ...pair, subject: "mailto:ops@example.in" });
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("take an https PUBLIC_URL as the subject", () => {
    const pair = generateVapidKeyPair();
    const env = parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, PUBLIC_URL: "https://signals.example.in" });
    expect(resolveVapidKeys(env).subject).toBe("https://signals.example.in");
  });

  it("are refused half set or malformed, saying what to fix", () => {
    const pair = generateVapidKeyPair();
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/set together/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: "abc", VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/87 characters/);
    expect(() => parseEnv({ VAPID_SUBJECT: "ops@example.in" })).toThrow(/mailto: address or an https:\/\/ URL/);
  });
});

describe("isKnownPushService", () => {
  it.each([
    "https://fcm.googleapis.com/fcm/send/abc:def",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
    "https://web.push.apple.com/QGuQyavXutnMH",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
  ])("accepts %s", (endpoint) => expect(isKnownPushService(endpoint)).toBe(true));

  it.each([
    "http://fcm.googleapis.com/fcm/send/abc",
    "https://127.0.0.1/push",
    "https://localhost/push",
    "https://10.0.0.5/push",
    "https://fcm.googleapis.com.attacker.example/x",
    "https://notify.windows.com.attacker.example/x",
    "https://user:pass@fcm.googleapis.com/x",
    "https://fcm.googleapis.com:8443/x",
    "javascript:alert(1)",
    "",
  ])("refuses %s", (endpoint) => expect(isKnownPushService(endpoint)).toBe(false));
});

describe("push messages", () => {
  it("an alert is titled by its symbol and opens the notifications list", () => {
    expect(alertPushMessage({ id: 7, symbolCode: "TCS", message: "TCS crossed 4,100.00" })).toEqual({
      title: "Price alert: TCS",
      body: "TCS crossed 4,100.00",
      url: "/notifications",
      tag: "alert-7",
    });
    expect(alertPushMessage({ id: 8, symbolCode: "", message: "m" }).title).toBe("Price alert");
  });
  it("a trade opens the journal; one tag per trade, so its later changes replace the earlier", () => {
    expect(tradePushMessage({ tradeId: 3, symbolCode: "INFY", message: "Trade created" })).toEqual({ title: "Trade: INFY", body: "Trade created", url: "/trades", tag: "trade-3" });
    expect(tradePushMessage({ tradeId: 3, symbolCode: "", message: "x" }).title).toBe("Trade");
  });
});
