import { describe, expect, it } from "vitest";
import { computeOverview } from "~/market/engines/overview-publisher.server";
import { LiveBook } from "~/realtime/live-book.server";
import type { EngineSymbol } from "~/market/engine.server";

function symbol(code: string, sectorId: number | null): EngineSymbol {
  return { id: code.length, symbolCode: code, sectorId, step: 1, prevClose: 100, base: 100 };
}

function quote(code: string, last: number) {
  const change = last - 100;
  return { symbolCode: code, last, open: 100, high: last, low: last, prevClose: 100, change, changePercent: change, ask: last, bid: last, ltq: 1, volume: 1, time: 0 };
}

describe("computeOverview", () => {
  it("weights the overview by change % and counts sector movers", () => {
    const book = new LiveBook();
    book.set(quote("AAA", 103)); // +3 %
    book.set(quote("BBB", 99)); // -1 %
    book.set(quote("CCC", 100)); // unchanged
    const engine = { symbols: () => [symbol("AAA", 1), symbol("BBB", 1), symbol("CCC", 2), symbol("DDD", 2)] };
    const data = computeOverview(engine, book, 42);
    expect(data.gauge).toBe(75); // 3 / (3 + 1)
    expect(data).toMatchObject({ advances: 1, declines: 1, time: 42 });
    expect(data.sectors).toEqual([
      { sectorId: 1, gauge: 50, advances: 1, declines: 1 },
      { sectorId: 2, gauge: 50, advances: 0, declines: 0 }, // no mover: 50
    ]);
  });
});
