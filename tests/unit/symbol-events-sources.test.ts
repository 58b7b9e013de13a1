// Decision 115: every socket event that names a symbol goes through hub.emitToEntitled (or
// LivePrices for ticks), so no call site can send one past the entitlement check. The engines'
// types already allow nothing else; this reads the sources for the ways around the types.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../app");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const files = sources(appDir).map((file) => ({ file: path.relative(appDir, file), text: readFileSync(file, "utf8") }));

/** The symbol events' names as the sources write them. */
const SYMBOL_EVENTS = /SERVER_EVENTS\.(chavi|swingAlert|targetRemoved|alertNotification|symbolTick|allSymbol)\b|ALERT_NOTIFICATION_EVENT|"(chavi_algorithm|swing_alert|target-point-removed|alert-notification|getServerSymbol|all-symbol)"/;
const OTHER_SENDS = /\b(emitToUser|emitToRoles|emitToAudience)\s*\(|\.to\s*\(|\.in\s*\(/;

describe("symbol events have one way out (decision 115)", () => {
  it("only the hub's symbol delivery and LivePrices address a symbol's room", () => {
    const users = files.filter((f) => /roomForSymbol\s*\(/.test(f.text)).map((f) => f.file).sort();
    expect(users).toEqual(["realtime/live-prices.server.ts", "realtime/symbol-events.server.ts"]);
  });

  it("no statement sends a symbol event by user, role, audience or room", () => {
    const offending: string[] = [];
    for (const { file, text } of files) {
      // A statement, roughly: the text between semicolons, so a call spread over lines is one piece.
      for (const statement of text.split(";")) {
        if (SYMBOL_EVENTS.test(statement) && OTHER_SENDS.test(statement)) offending.push(`${file}: ${statement.trim().slice(0, 120)}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it("the checks see the sources (the scan is not empty)", () => {
    expect(files.some((f) => f.file === "market/engines/key-engine.server.ts" && f.text.includes("emitToEntitled"))).toBe(true);
  });
});
