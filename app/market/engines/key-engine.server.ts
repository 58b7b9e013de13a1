// DECISIONS 17: keys are rungs of a ladder around the previous session's settlement price.
// A crossing is stored as a key event and pushed (chavi_algorithm) to the users the key is
// assigned to; today's labels ride along with each symbol's ticks.
import type { AppDatabase } from "~/db/client.server";
import { keyCrossings, keyLadder, type KeyRung } from "~/domain/keys";
import { istDateString, formatIstDateTime } from "~/domain/dates";
import { insertKeyEvents, listActiveKeysWithUsers, type ActiveKey, type NewKeyEvent } from "~/models/market-events.server";
import { SERVER_EVENTS, type KeyEventPayload } from "~/realtime/events";
import type { RealtimeHub } from "~/realtime/hub.server";
import type { MarketEngine } from "../engine.server";

export interface KeyLabelBook {
  labels(code: string): { label: string; date: string }[];
}

export async function attachKeyEngine(
  engine: MarketEngine,
  deps: { db: AppDatabase; hub: Pick<RealtimeHub, "emitToUser">; refreshMs?: number; flushMs?: number; log?: (line: string) => void },
): Promise<KeyLabelBook & { flush(): Promise<void>; stop(): void }> {
  const log = deps.log ?? ((line: string) => console.log(line));
  let keys: ActiveKey[] = await listActiveKeysWithUsers(deps.db);
  let usersByKey = new Map(keys.map((k) => [k.id, k.userIds]));
  const ladders = new Map<string, { base: number; rungs: KeyRung[] }>();
  const todays = new Map<string, { day: string; labels: { label: string; date: string }[] }>();
  let queue: NewKeyEvent[] = [];

  const ladderFor = (code: string, base: number, step: number) => {
    const cached = ladders.get(code);
    if (cached && cached.base === base) return cached.rungs;
    const rungs = keyLadder(base, step, keys);
    ladders.set(code, { base, rungs });
    return rungs;
  };

  const flush = async () => {
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    try {
      await insertKeyEvents(deps.db, batch);
    } catch (error) {
      log(`[keys] storing ${batch.length} key events failed: ${(error as Error).message}`);
    }
  };
  const flushTimer = setInterval(() => void flush(), deps.flushMs ?? 1000);
  flushTimer.unref();
  const refreshTimer = setInterval(async () => {
    try {
      keys = await listActiveKeysWithUsers(deps.db);
      usersByKey = new Map(keys.map((k) => [k.id, k.userIds]));
      ladders.clear();
    } catch (error) {
      log(`[keys] reload failed: ${(error as Error).message}`);
    }
  }, deps.refreshMs ?? 60_000);
  refreshTimer.unref();

  engine.onTick((symbol, quote, previousPrice) => {
    if (previousPrice === null || keys.length === 0) return;
    const crossings = keyCrossings(previousPrice, quote.last, ladderFor(symbol.symbolCode, symbol.base, symbol.step));
    if (crossings.length === 0) return;
    const day = istDateString(quote.time);
    let today = todays.get(symbol.symbolCode);
    if (!today || today.day !== day) todays.set(symbol.symbolCode, (today = { day, labels: [] }));
    for (const crossing of crossings) {
      queue.push({
        chaviId: crossing.keyId,
        symbolId: symbol.id,
        label: crossing.label,
        price: crossing.price,
        tradingDate: day,
        eventTime: new Date(quote.time),
      });
      today.labels.push({ label: crossing.label, date: formatIstDateTime(quote.time) });
      const payload: KeyEventPayload = { symbolCode: symbol.symbolCode, label: crossing.label, price: crossing.price, time: quote.time };
      for (const userId of usersByKey.get(crossing.keyId) ?? []) deps.hub.emitToUser(userId, SERVER_EVENTS.chavi, payload);
    }
  });

  return {
    labels: (code) => todays.get(code.toUpperCase())?.labels ?? [],
    flush,
    stop: () => {
      clearInterval(flushTimer);
      clearInterval(refreshTimer);
    },
  };
}
