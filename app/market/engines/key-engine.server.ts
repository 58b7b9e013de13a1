// docs/product-rules.md R-D17: keys are rungs of a ladder around the previous session's settlement price.
// A crossing is stored as a key event and pushed (chavi_algorithm) to role 1 and to the users
// of roles 3 and 4 the key is assigned to, if entitled to the symbol (docs/decisions/115); today's
// newest labels ride along with each symbol's ticks (docs/decisions/159). A key fires once per
// rung and direction per IST day (docs/decisions/126): the day's stored events are read back at
// start, so a restart or a new leader does not fire them again.
import type { AppDatabase } from "~/db/client.server";
import { admitKeyCrossings, KEY_EVENTS_SHOWN, keyCrossings, keyEventAudience, keyLadder, keyTypeOfLabel, type KeyEventLedger, type KeyRung } from "~/domain/keys";
import { istDateString, formatIstDateTime } from "~/domain/dates";
import { insertKeyEvents, listActiveKeysWithUsers, listKeyEventsOfDay, type ActiveKey, type NewKeyEvent } from "~/models/market-events.server";
import { SERVER_EVENTS, type KeyEventPayload } from "~/realtime/events";
import type { RealtimeHub } from "~/realtime/hub.server";
import type { MarketEngine } from "../engine.server";

export interface KeyLabelBook {
  labels(code: string): { label: string; date: string }[];
}

interface SymbolDay {
  ledger: KeyEventLedger;
  labels: { label: string; date: string }[];
}

/**
 * Adds a label to the day's labels riding along with the symbol's ticks, keeping the newest
 * KEY_EVENTS_SHOWN: every tick carries them, so they must not grow with the day's events
 * (docs/decisions/159). The ledger still holds every crossing of the day.
 */
function addLabel(day: SymbolDay, label: { label: string; date: string }) {
  day.labels.push(label);
  if (day.labels.length > KEY_EVENTS_SHOWN) day.labels.splice(0, day.labels.length - KEY_EVENTS_SHOWN);
}

export async function attachKeyEngine(
  engine: MarketEngine,
  deps: {
    db: AppDatabase;
    hub: Pick<RealtimeHub, "emitToEntitled">;
    refreshMs?: number;
    flushMs?: number;
    log?: (line: string) => void;
    /** The clock that names "today" for the events read back at start (tests move it). */
    now?: () => number;
  },
): Promise<KeyLabelBook & { flush(): Promise<void>; stop(): void }> {
  const log = deps.log ?? ((line: string) => console.log(line));
  let keys: ActiveKey[] = await listActiveKeysWithUsers(deps.db);
  let audienceByKey = new Map(keys.map((k) => [k.id, keyEventAudience(k.users)]));
  const ladders = new Map<string, { base: number; rungs: KeyRung[] }>();
  const days = new Map<string, SymbolDay>();
  let queue: NewKeyEvent[] = [];

  // Today's stored events: the crossings that already fired, and the labels the ticks carry.
  const today = istDateString((deps.now ?? Date.now)());
  for (const row of await listKeyEventsOfDay(deps.db, today)) {
    const code = row.symbolCode.toUpperCase();
    const type = keyTypeOfLabel(row.label);
    const day = days.get(code) ?? { ledger: { day: today, fired: new Set<string>() }, labels: [] };
    if (type) {
      const { ledger, admitted } = admitKeyCrossings(day.ledger, today, [{ keyId: row.chaviId, type, price: row.price }]);
      day.ledger = ledger;
      if (admitted.length === 0) continue; // a repeat stored before this rule
    }
    addLabel(day, { label: row.label, date: formatIstDateTime(row.eventTime) });
    days.set(code, day);
  }

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
      audienceByKey = new Map(keys.map((k) => [k.id, keyEventAudience(k.users)]));
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
    let state = days.get(symbol.symbolCode);
    if (!state || state.ledger.day !== day) days.set(symbol.symbolCode, (state = { ledger: { day, fired: new Set() }, labels: [] }));
    const { ledger, admitted } = admitKeyCrossings(state.ledger, day, crossings);
    state.ledger = ledger;
    for (const crossing of admitted) {
      queue.push({
        chaviId: crossing.keyId,
        symbolId: symbol.id,
        label: crossing.label,
        price: crossing.price,
        tradingDate: day,
        eventTime: new Date(quote.time),
      });
      addLabel(state, { label: crossing.label, date: formatIstDateTime(quote.time) });
      const payload: KeyEventPayload = { symbolCode: symbol.symbolCode, label: crossing.label, price: crossing.price, time: quote.time };
      const audience = audienceByKey.get(crossing.keyId) ?? keyEventAudience([]);
      deps.hub.emitToEntitled(symbol.symbolCode, SERVER_EVENTS.chavi, payload, audience);
    }
  });

  return {
    labels: (code) => days.get(code.toUpperCase())?.labels ?? [],
    flush,
    stop: () => {
      clearInterval(flushTimer);
      clearInterval(refreshTimer);
    },
  };
}
