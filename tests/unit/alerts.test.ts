// docs/product-rules.md R-D16: the crossing rules, the sorted index that applies them, and the spoken alert's
// 60-second cooldown per symbol.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ALERT_CONDITIONS, alertMessage, crossesLevel, type AlertCondition } from "~/domain/alerts";
import { AlertIndex } from "~/market/engines/alert-index";
import { createSpeechCooldown, speakAlertScript, SPEECH_COOLDOWN_MS } from "~/domain/speech";

describe("crossesLevel", () => {
  it("Greater than: from at-or-below to above", () => {
    expect(crossesLevel("Greater than", 100, 99, 101)).toBe(true); // gap through
    expect(crossesLevel("Greater than", 100, 100, 100.05)).toBe(true); // from equal
    expect(crossesLevel("Greater than", 100, 99, 100)).toBe(false); // touch is not above
    expect(crossesLevel("Greater than", 100, 101, 102)).toBe(false); // already above
    expect(crossesLevel("Greater than", 100, 101, 99)).toBe(false); // downward
  });
  it("Less than: from at-or-above to below (mirrored)", () => {
    expect(crossesLevel("Less than", 100, 101, 99)).toBe(true);
    expect(crossesLevel("Less than", 100, 100, 99.95)).toBe(true);
    expect(crossesLevel("Less than", 100, 101, 100)).toBe(false);
    expect(crossesLevel("Less than", 100, 99, 98)).toBe(false);
    expect(crossesLevel("Less than", 100, 99, 101)).toBe(false);
  });
  it("Equal to: a touch or a gap through, in both directions, once", () => {
    expect(crossesLevel("Equal to", 100, 99, 100)).toBe(true); // touch from below
    expect(crossesLevel("Equal to", 100, 101, 100)).toBe(true); // touch from above
    expect(crossesLevel("Equal to", 100, 98, 102)).toBe(true); // gap up through
    expect(crossesLevel("Equal to", 100, 102, 98)).toBe(true); // gap down through
    expect(crossesLevel("Equal to", 100, 100, 101)).toBe(false); // leaving the level: fired on arrival
    expect(crossesLevel("Equal to", 100, 100, 99)).toBe(false);
    expect(crossesLevel("Equal to", 100, 100, 100)).toBe(false); // resting on it
    expect(crossesLevel("Equal to", 100, 101, 102)).toBe(false);
  });
});

describe("AlertIndex", () => {
  it("takes exactly the alerts whose level the move crosses, and only once", () => {
    const index = new AlertIndex();
    index.add({ id: 1, symbolId: 7, price: 100, condition: "Greater than" });
    index.add({ id: 2, symbolId: 7, price: 105, condition: "Greater than" });
    index.add({ id: 3, symbolId: 7, price: 100, condition: "Equal to" });
    index.add({ id: 4, symbolId: 7, price: 95, condition: "Less than" });
    index.add({ id: 5, symbolId: 8, price: 100, condition: "Greater than" });
    expect(index.take(7, 99, 101).map((a) => a.id).sort()).toEqual([1, 3]);
    expect(index.take(7, 99, 101)).toEqual([]); // fired once
    expect(index.take(7, 101, 94).map((a) => a.id)).toEqual([4]);
    expect(index.size).toBe(2);
    index.replaceSymbols([7], [{ id: 6, symbolId: 7, price: 90, condition: "Less than" }]);
    expect(index.has(2)).toBe(false);
    expect(index.take(7, 94, 89).map((a) => a.id)).toEqual([6]);
    expect(index.remove(5)).toBe(true);
    expect(index.take(8, 99, 101)).toEqual([]);
  });

  it("agrees with crossesLevel on every alert for random moves", () => {
    const condition = fc.constantFrom<AlertCondition>(...ALERT_CONDITIONS);
    // Whole paise so equal prices really happen.
    const price = fc.integer({ min: 9000, max: 11000 }).map((p) => p / 100);
    fc.assert(
      fc.property(fc.array(fc.record({ price, condition }), { maxLength: 40 }), price, price, (alerts, previous, current) => {
        const index = new AlertIndex();
        alerts.forEach((a, id) => index.add({ id, symbolId: 1, ...a }));
        const taken = index.take(1, previous, current).map((a) => a.id).sort((x, y) => x - y);
        const expected = alerts.flatMap((a, id) => (crossesLevel(a.condition, a.price, previous, current) ? [id] : []));
        expect(taken).toEqual(expected);
      }),
    );
  });
});

describe("AlertIndex over a day of ticks", () => {
  it("fires exactly what a walk over every alert would, tick after tick, with alerts added and removed between ticks", () => {
    const condition = fc.constantFrom<AlertCondition>(...ALERT_CONDITIONS);
    const price = fc.integer({ min: 9900, max: 10100 }).map((p) => p / 100);
    const step = fc.oneof(
      fc.record({ kind: fc.constant("tick" as const), price }),
      fc.record({ kind: fc.constant("add" as const), price, condition }),
      fc.record({ kind: fc.constant("remove" as const), nth: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(fc.record({ price, condition }), { maxLength: 30 }), price, fc.array(step, { maxLength: 120 }), (initial, start, steps) => {
        const index = new AlertIndex();
        // The reference: every active alert, checked one by one on each move.
        const active = new Map<number, { price: number; condition: AlertCondition }>();
        let nextId = 0;
        const add = (a: { price: number; condition: AlertCondition }) => {
          const id = nextId++;
          active.set(id, a);
          index.add({ id, symbolId: 3, ...a });
        };
        initial.forEach(add);
        let last = start;
        for (const s of steps) {
          if (s.kind === "add") add(s);
          else if (s.kind === "remove") {
            const ids = [...active.keys()];
            if (ids.length === 0) continue;
            const id = ids[s.nth % ids.length];
            active.delete(id);
            expect(index.remove(id)).toBe(true);
          } else {
            const expected = [...active].filter(([, a]) => crossesLevel(a.condition, a.price, last, s.price)).map(([id]) => id);
            const taken = index.take(3, last, s.price).map((a) => a.id);
            expect(taken.sort((x, y) => x - y)).toEqual(expected.sort((x, y) => x - y));
            for (const id of expected) active.delete(id);
            last = s.price;
          }
        }
        expect(index.size).toBe(active.size);
      }),
      { numRuns: 300 },
    );
  });
});

describe("alertMessage", () => {
  it("names the alert, symbol, condition, level and last price", () => {
    expect(alertMessage({ name: "Breakout", condition: "Greater than", price: 100 }, "NIFTY-I", 100.5, (n) => n.toFixed(2))).toBe(
      "Breakout: NIFTY-I greater than 100.00 (last 100.50)",
    );
  });
});

describe("speech cooldown", () => {
  it("speaks a symbol at most once per 60 s; symbols are independent", () => {
    const cooldown = createSpeechCooldown();
    const t0 = 1_700_000_000_000;
    expect(cooldown.tryClaim("NIFTY-I", t0)).toBe(true);
    expect(cooldown.tryClaim("nifty-i", t0 + 1_000)).toBe(false);
    expect(cooldown.tryClaim("BANKNIFTY-I", t0 + 1_000)).toBe(true);
    expect(cooldown.tryClaim("NIFTY-I", t0 + SPEECH_COOLDOWN_MS - 1)).toBe(false);
    expect(cooldown.tryClaim("NIFTY-I", t0 + SPEECH_COOLDOWN_MS)).toBe(true);
    expect(SPEECH_COOLDOWN_MS).toBe(60_000);
  });
});

describe("speakAlertScript", () => {
  const fake = (voices: { lang: string; name: string }[]) => {
    const spoken: { lang: string; voice: unknown; text: string }[] = [];
    return {
      spoken,
      speech: { getVoices: () => voices, speak: (u: unknown) => spoken.push(u as never), cancel: () => {} },
      makeUtterance: (text: string) => ({ text, lang: "", voice: null as unknown }),
    };
  };
  it("uses the hi-IN voice when installed", () => {
    const f = fake([{ lang: "hi-IN", name: "Lekha" }]);
    expect(speakAlertScript("निफ्टी", { ...f, log: () => {} })).toBe("hindi");
    expect(f.spoken[0]).toMatchObject({ voice: { name: "Lekha" } });
  });
  it("falls back to the default voice and logs it", () => {
    const logs: string[] = [];
    const f = fake([{ lang: "en-US", name: "A" }]);
    expect(speakAlertScript("निफ्टी", { ...f, log: (m) => logs.push(m) })).toBe("default");
    expect(f.spoken).toHaveLength(1);
    expect(f.spoken[0].voice).toBeNull();
    expect(logs).toEqual(["[speech] no hi-IN voice installed: spoken with the default voice"]);
  });
  it("speaks nothing without speech synthesis", () => {
    expect(speakAlertScript("x", { log: () => {} })).toBe("none");
  });
});

describe("alert change announcements", () => {
  it("reach the engine across two copies of the module (server.ts and the Remix build are separate bundles)", async () => {
    const { vi } = await import("vitest");
    const { EventEmitter } = await import("node:events");
    const engineSide = await import("~/market/engines/alert-changes.server");
    vi.resetModules();
    const actionSide = await import("~/market/engines/alert-changes.server");
    expect(actionSide).not.toBe(engineSide);
    const hub = { io: new EventEmitter() as never, clustered: false };
    const heard: number[][] = [];
    const stop = engineSide.onAlertChanges(hub, (ids) => heard.push(ids));
    actionSide.announceAlertChanges(hub, [3, 3, 5]);
    stop();
    actionSide.announceAlertChanges(hub, [7]);
    expect(heard).toEqual([[3, 5]]);
  });
});
