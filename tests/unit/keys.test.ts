import { describe, expect, it } from "vitest";
import {
  admitKeyCrossings,
  type KeyDefinition,
  type KeyEventLedger,
  keyCrossings,
  keyEventIdentity,
  keyLabel,
  keyLadder,
  keyTypeOfLabel,
  previousKeyLabels,
} from "~/domain/keys";

const keys: KeyDefinition[] = [
  { id: 1, displayName: "Chavi 1", type: "plus", srNo: 1, isactive: true },
  { id: 2, displayName: "Chavi 2", type: "plus", srNo: 2, isactive: 1 },
  { id: 3, displayName: "Chavi 1", type: "minus", srNo: 1, isactive: true },
  { id: 4, displayName: "Chavi 2", type: "minus", srNo: 2, isactive: true },
  { id: 5, displayName: "Old", type: "plus", srNo: 3, isactive: false },
  { id: 6, displayName: "Older", type: "minus", srNo: 3, isactive: 0 },
];
// NIFTY near-month future settlement on 01-JAN-2020 and a 50-point step.
const ladder = keyLadder(12_243.8, 50, keys);

describe("keyLadder (docs/product-rules.md R-D17)", () => {
  it("puts active keys at base ± srNo × step, sorted by price", () => {
    expect(ladder.map((r) => [r.keyId, r.type, r.price])).toEqual([
      [4, "minus", 12_143.8],
      [3, "minus", 12_193.8],
      [1, "plus", 12_293.8],
      [2, "plus", 12_343.8],
    ]);
  });
  it("rounds rung prices to 2 decimals", () => {
    const [rung] = keyLadder(100.1, 0.1, [{ id: 1, displayName: "K", type: "plus", srNo: 3, isactive: true }]);
    expect(rung.price).toBe(100.4);
  });
  it("gives no rungs without a usable base or step", () => {
    expect(keyLadder(Number.NaN, 50, keys)).toEqual([]);
    expect(keyLadder(12_000, 0, keys)).toEqual([]);
    expect(keyLadder(12_000, -5, keys)).toEqual([]);
    expect(keyLadder(12_000, 50, [])).toEqual([]);
  });
});

describe("keyCrossings", () => {
  it("fires BUY for plus rungs crossed upward, in the order passed", () => {
    expect(keyCrossings(12_290, 12_350, ladder)).toEqual([
      { keyId: 1, type: "plus", label: "Chavi 1 BUY", price: 12_293.8 },
      { keyId: 2, type: "plus", label: "Chavi 2 BUY", price: 12_343.8 },
    ]);
  });
  it("fires SELL for minus rungs crossed downward, in the order passed", () => {
    expect(keyCrossings(12_200, 12_100, ladder)).toEqual([
      { keyId: 3, type: "minus", label: "Chavi 1 SELL", price: 12_193.8 },
      { keyId: 4, type: "minus", label: "Chavi 2 SELL", price: 12_143.8 },
    ]);
  });
  it("counts a touch as a cross but not starting on the rung", () => {
    expect(keyCrossings(12_280, 12_293.8, ladder).map((e) => e.label)).toEqual(["Chavi 1 BUY"]);
    expect(keyCrossings(12_293.8, 12_300, ladder)).toEqual([]);
    expect(keyCrossings(12_200, 12_193.8, ladder).map((e) => e.label)).toEqual(["Chavi 1 SELL"]);
    expect(keyCrossings(12_193.8, 12_190, ladder)).toEqual([]);
  });
  it("fires nothing for a plus rung crossed downward or a minus rung crossed upward", () => {
    expect(keyCrossings(12_350, 12_250, ladder)).toEqual([]);
    expect(keyCrossings(12_100, 12_240, ladder)).toEqual([]);
  });
  it("fires nothing without movement, without a rung in between, or without a previous price", () => {
    expect(keyCrossings(12_250, 12_250, ladder)).toEqual([]);
    expect(keyCrossings(12_244, 12_290, ladder)).toEqual([]);
    expect(keyCrossings(null, 12_400, ladder)).toEqual([]);
    expect(keyCrossings(undefined, 12_000, ladder)).toEqual([]);
    expect(keyCrossings(12_000, Number.NaN, ladder)).toEqual([]);
  });
  it("a gap through the whole ladder fires only the rungs of its direction", () => {
    expect(keyCrossings(12_000, 12_500, ladder).map((e) => e.label)).toEqual(["Chavi 1 BUY", "Chavi 2 BUY"]);
    expect(keyCrossings(12_500, 12_000, ladder).map((e) => e.label)).toEqual(["Chavi 1 SELL", "Chavi 2 SELL"]);
  });
});

describe("key labels", () => {
  it("builds and reads labels", () => {
    expect(keyLabel(" Chavi 3 ", "plus")).toBe("Chavi 3 BUY");
    expect(keyLabel("Chavi 3", "minus")).toBe("Chavi 3 SELL");
    expect(keyTypeOfLabel("Chavi 3 BUY")).toBe("plus");
    expect(keyTypeOfLabel("Chavi 3 sell")).toBe("minus");
    expect(keyTypeOfLabel("BUY Chavi")).toBeNull();
  });
  it("previousKeyLabels gives the last label of each type", () => {
    expect(
      previousKeyLabels([
        { label: "Chavi 1 BUY", type: "plus" },
        { label: "Chavi 1 SELL", type: "minus" },
        { label: "Chavi 2 BUY", type: "plus" },
        { label: "Chavi 2 SELL" },
        { label: "Not a key event" },
      ]),
    ).toEqual({ plus: "Chavi 2 BUY", minus: "Chavi 2 SELL" });
    expect(previousKeyLabels([{ label: "Chavi 1 BUY" }])).toEqual({ plus: "Chavi 1 BUY", minus: null });
    expect(previousKeyLabels([])).toEqual({ plus: null, minus: null });
  });
  it("works on the events keyCrossings produces", () => {
    const events = [...keyCrossings(12_290, 12_350, ladder), ...keyCrossings(12_350, 12_150, ladder)];
    expect(previousKeyLabels(events)).toEqual({ plus: "Chavi 2 BUY", minus: "Chavi 1 SELL" });
  });
  it("gives the same labels from the last event of each distinct label as from all the stored events (decision 159)", () => {
    // Stored rows keep only the label: lower case, odd spacing, a display name holding BUY or
    // SELL, labels of neither type, oldest first, in a seeded random order.
    const labels = ["Chavi 1 BUY", "Chavi 1 SELL", "chavi 2 buy", "BUYBACK SELL", "SELL ZONE BUY", "  K3\tsell  ", "Not a key event", "K4 BUYS", "BUY", ""];
    let seed = 159;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 200; run++) {
      const events = Array.from({ length: 1 + Math.floor(random() * 30) }, () => ({ label: labels[Math.floor(random() * labels.length)] }));
      // What the model reads: each label's last event, in the order those last events came.
      const lastOfEachLabel = events.filter((e, i) => !events.slice(i + 1).some((later) => later.label === e.label));
      expect(previousKeyLabels(lastOfEachLabel)).toEqual(previousKeyLabels(events));
    }
    expect(previousKeyLabels([{ label: "  K3\tsell  " }, { label: "BUYBACK SELL" }, { label: "SELL ZONE BUY" }, { label: "K4 BUYS" }])).toEqual({
      plus: "SELL ZONE BUY",
      minus: "BUYBACK SELL",
    });
  });
});

describe("admitKeyCrossings: one event per key, rung and direction per IST day (decision 126)", () => {
  /** Feeds a price path through the ladder and the ledger, as the key engine does, and lists the labels admitted. */
  function run(path: readonly [day: string, price: number][], start?: KeyEventLedger) {
    let ledger = start;
    const labels: string[] = [];
    for (let i = 1; i < path.length; i++) {
      const [day, price] = path[i];
      const result = admitKeyCrossings(ledger, day, keyCrossings(path[i - 1][1], price, ladder));
      ledger = result.ledger;
      labels.push(...result.admitted.map((c) => `${day} ${c.label}`));
    }
    return { labels, ledger };
  }

  it("a re-cross of the same rung in the same direction on the same day makes no new event", () => {
    // The price hovers round Chavi 1's minus rung (12,193.8): down, up, down, up, down.
    const d = "2024-05-02";
    const { labels } = run([[d, 12_200], [d, 12_190], [d, 12_196], [d, 12_191], [d, 12_199], [d, 12_180]]);
    expect(labels).toEqual([`${d} Chavi 1 SELL`]);
  });

  it("the opposite crossing is a new event: SELL on the minus rung, then BUY on the plus rung of the same name", () => {
    const d = "2024-05-02";
    const { labels } = run([[d, 12_200], [d, 12_190], [d, 12_300], [d, 12_190], [d, 12_300]]);
    expect(labels).toEqual([`${d} Chavi 1 SELL`, `${d} Chavi 1 BUY`]);
  });

  it("the same key and rung crossed the other way is a different event (direction is part of the identity)", () => {
    const down = { keyId: 7, type: "minus" as const, price: 100 };
    const up = { keyId: 7, type: "plus" as const, price: 100 };
    expect(keyEventIdentity(down)).not.toBe(keyEventIdentity(up));
    const first = admitKeyCrossings(undefined, "2024-05-02", [down]);
    const second = admitKeyCrossings(first.ledger, "2024-05-02", [up, down]);
    expect(second.admitted).toEqual([up]);
  });

  it("the same key on another rung (the ladder moved during the day) is a new event", () => {
    const first = admitKeyCrossings(undefined, "2024-05-02", [{ keyId: 3, type: "minus" as const, price: 12_193.8 }]);
    const moved = admitKeyCrossings(first.ledger, "2024-05-02", [{ keyId: 3, type: "minus" as const, price: 12_150 }]);
    expect(moved.admitted).toHaveLength(1);
  });

  it("the next IST day fires again", () => {
    const { labels, ledger } = run([["2024-05-02", 12_200], ["2024-05-02", 12_190], ["2024-05-02", 12_199]]);
    expect(labels).toEqual(["2024-05-02 Chavi 1 SELL"]);
    const next = run([["2024-05-03", 12_199], ["2024-05-03", 12_190], ["2024-05-03", 12_199], ["2024-05-03", 12_190]], ledger);
    expect(next.labels).toEqual(["2024-05-03 Chavi 1 SELL"]);
    expect(next.ledger?.day).toBe("2024-05-03");
  });

  it("drops repeats inside one batch and leaves the given ledger unchanged", () => {
    const crossing = { keyId: 1, type: "plus" as const, price: 12_293.8 };
    const start = admitKeyCrossings(undefined, "2024-05-02", []);
    const result = admitKeyCrossings(start.ledger, "2024-05-02", [crossing, crossing]);
    expect(result.admitted).toEqual([crossing]);
    expect(start.ledger.fired.size).toBe(0);
    expect(admitKeyCrossings(result.ledger, "2024-05-02", [crossing]).admitted).toEqual([]);
  });

  it("keeps the order of the crossings it admits", () => {
    const { labels } = run([["2024-05-02", 12_000], ["2024-05-02", 12_500], ["2024-05-02", 12_000], ["2024-05-02", 12_500]]);
    expect(labels).toEqual(["2024-05-02 Chavi 1 BUY", "2024-05-02 Chavi 2 BUY", "2024-05-02 Chavi 1 SELL", "2024-05-02 Chavi 2 SELL"]);
  });
});
