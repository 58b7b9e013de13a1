// Issue 23 item 3: the engine and its feed follow the active symbols without a restart
// (MarketEngine.syncSymbols, called by startMarket every SYMBOL_REFRESH_MS).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { symbols } from "~/db/schema";
import { MarketEngine } from "~/market/engine.server";
import type { FeedSymbol, PriceFeed } from "~/market/feed";
import { LiveBook } from "~/realtime/live-book.server";
import { createTestContext, type TestContext } from "../support/context";
import { uniqueCode } from "../support/market";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

function recordingFeed() {
  const followed: (readonly FeedSymbol[])[] = [];
  const feed: PriceFeed = { name: "recording", start: () => {}, follow: (list) => followed.push(list), stop: async () => {} };
  return { feed, followed };
}

describe("MarketEngine.syncSymbols", () => {
  it("prices and streams a symbol switched on, drops one switched off, and leaves a symbol with no price waiting", async () => {
    const db = t.context.db;
    const liveBook = new LiveBook();
    const { feed, followed } = recordingFeed();
    const engine = new MarketEngine({ db, liveBook, feed, frameMs: 1, log: () => {} });
    await engine.load();
    await engine.start();
    try {
      expect(await engine.syncSymbols()).toBe(false);
      expect(followed).toHaveLength(0);

      const code = uniqueCode("SYNC");
      const [added] = await db.insert(symbols).values({ symbolCode: code, segment: "NSE", status: true, referencePrice: 500, step: 1 }).returning({ id: symbols.id });
      expect(await engine.syncSymbols()).toBe(true);
      expect(engine.symbol(code)).toMatchObject({ id: added.id, prevClose: 500 });
      expect(followed.at(-1)!.find((s) => s.symbolCode === code)).toEqual({ symbolCode: code, startPrice: 500, step: 1 });
      // Its ticks are priced from now on.
      engine.ingest([{ symbolCode: code, price: 505, volume: 10, time: Date.now() }]);
      expect(liveBook.get(code)).toMatchObject({ last: 505, change: 5 });

      // Data-less: nothing to start a price from, so not streamed, and not looked up on every sync.
      await db.insert(symbols).values({ symbolCode: uniqueCode("NOPRICE"), segment: "NSE", status: true });
      expect(await engine.syncSymbols()).toBe(false);

      await db.update(symbols).set({ status: false }).where(eq(symbols.id, added.id));
      expect(await engine.syncSymbols()).toBe(true);
      expect(engine.symbol(code)).toBeUndefined();
      expect(followed.at(-1)!.some((s) => s.symbolCode === code)).toBe(false);
      const before = liveBook.get(code)!.last;
      engine.ingest([{ symbolCode: code, price: 600, volume: 1, time: Date.now() }]);
      expect(liveBook.get(code)!.last).toBe(before);
    } finally {
      await engine.stop();
    }
  });
});
