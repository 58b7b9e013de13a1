// The issue "/dashboard's HTML grows from 86 to 105 KB in 40 minutes because the day's key labels
// accumulate in it": with thousands of key events today, every page and API call that lists a
// symbol's key events still sends a bounded number of them, the newest, and the footer's previous
// plus and minus labels are still the day's last of each type (docs/decisions/159).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chaviEvents, symbols } from "~/db/schema";
import { istDateString, istMidnight } from "~/domain/dates";
import { createChavi } from "~/models/chavi-admin.server";
import { listLatestSymbolKeyEventOfEachLabel, listSymbolKeyEventsPage, type SymbolKeyEventScope } from "~/models/market-events.server";
import { previousKeyLabels } from "~/domain/keys";
import { MarketEngine } from "~/market/engine.server";
import { attachKeyEngine } from "~/market/engines/key-engine.server";
import { LiveBook } from "~/realtime/live-book.server";
import { dispatchApi } from "~/api/dispatch.server";
import { loader as dashboardLoader } from "~/routes/_market+/dashboard";
import { loader as allRealTimeLoader } from "~/routes/_market+/allRealTime";
import { loader as chartLoader } from "~/routes/_market+/chart";
import { loader as udfMarksLoader } from "~/routes/_api+/udf.marks";
import { createTestContext, type TestContext } from "../support/context";
import { signedInUser } from "../support/factories";
import { createSymbol, uniqueCode } from "../support/market";
import { call, getRequest, ORIGIN } from "../support/requests";

/** What a trader is shown at once (docs/decisions/159). */
const SHOWN = 50;
const MANY = 5_000;
const FEW = 60;
const KEYS = 20;

let t: TestContext;
let admin: { id: number; cookie: string };
let employee: { id: number; cookie: string };
const keyIds: number[] = [];
/** The key events stored per symbol code, oldest first, as inserted. */
const stored = new Map<string, { id: number; chaviId: number; label: string; price: number; eventTime: Date }[]>();
let busy: string;
let quiet: string;

/** Key i's label of a type; every label has the same length, so payload sizes compare fairly. */
const labelOf = (key: number, type: "BUY" | "SELL") => `Key ${String(key).padStart(2, "0")} ${type}`;

/**
 * `count` key events of today for a symbol, oldest first, a few ms apart and ending now. The SELLs
 * all come in the first tenth (a market that then climbs all day), so the last minus label lies
 * far behind the newest 50 events.
 */
async function storeEvents(symbolId: number, code: string, count: number) {
  const now = Date.now();
  const sinceMidnight = now - istMidnight(istDateString(new Date(now))).getTime();
  const step = Math.max(1, Math.min(10, Math.floor(sinceMidnight / (count + 1))));
  const tradingDate = istDateString(new Date(now));
  const values = Array.from({ length: count }, (_, i) => {
    const key = i % KEYS;
    const type = i < count / 10 && i % 2 === 1 ? "SELL" : "BUY";
    return { chaviId: keyIds[key], symbolId, label: labelOf(key, type), price: 1000 + (i % 500), tradingDate, eventTime: new Date(now - (count - i) * step) };
  });
  const rows = await t.context.db.insert(chaviEvents).values(values).returning({ id: chaviEvents.id });
  stored.set(
    code,
    values.map((v, i) => ({ ...v, id: rows[i].id })),
  );
}

/** The stored events of a symbol, newest first, that a user assigned `only` keys would see. */
function newestFirst(code: string, only?: readonly number[]) {
  return [...stored.get(code)!].reverse().filter((e) => !only || only.includes(e.chaviId));
}

function lastOfType(code: string, suffix: "BUY" | "SELL", only?: readonly number[]) {
  return newestFirst(code, only).find((e) => e.label.endsWith(` ${suffix}`))?.label ?? null;
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await signedInUser(t.context, 1);
  employee = await signedInUser(t.context, 3);
  for (let k = 0; k < KEYS; k++) {
    // The employee follows the even keys only.
    const userIds = k % 2 === 0 ? [employee.id] : [];
    keyIds.push(await createChavi(t.context.db, { name: uniqueCode("KEY"), displayName: `Key ${k}`, description: "", type: "plus", srNo: k + 1, isactive: true, userIds }));
  }
  // Two symbols with codes of the same length: one with a quiet day, one with a busy one.
  busy = uniqueCode("BUSY");
  quiet = uniqueCode("QUIE");
  const busySymbol = await createSymbol(t.context.db, busy);
  const quietSymbol = await createSymbol(t.context.db, quiet);
  await storeEvents(busySymbol.id, busy, MANY);
  await storeEvents(quietSymbol.id, quiet, FEW);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function page(loader: Parameters<typeof call>[0], path: string, cookie = admin.cookie) {
  const res = await call(loader, getRequest(path, { cookie }), t.context);
  const text = await res.text();
  return { status: res.status, bytes: Buffer.byteLength(text), body: res.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : text };
}

async function api(path: string, cookieOrToken = admin.cookie) {
  const res = await dispatchApi(new Request(ORIGIN + path, { headers: { Cookie: cookieOrToken } }), t.context);
  return { status: res.status, body: await res.json() };
}

type KeyChip = { label: string; at: number };

describe("/dashboard after thousands of key events", () => {
  it("sends the newest 50 key labels and stays within 2 KB of a 60-event day's payload", async () => {
    const many = await page(dashboardLoader, `/dashboard?symbol=${busy}`);
    const few = await page(dashboardLoader, `/dashboard?symbol=${quiet}`);
    expect(many.status).toBe(200);
    expect(few.status).toBe(200);
    const manyKeys: KeyChip[] = many.body.chart.view.keys;
    const fewKeys: KeyChip[] = few.body.chart.view.keys;
    expect(manyKeys).toHaveLength(SHOWN);
    expect(fewKeys).toHaveLength(SHOWN);
    expect(many.bytes - few.bytes).toBeLessThan(2 * 1024);
    // The newest, newest first.
    expect(manyKeys.map((k) => [k.label, k.at])).toEqual(newestFirst(busy).slice(0, SHOWN).map((e) => [e.label, e.eventTime.getTime()]));
    // How many there are today is a count, not a list.
    expect(many.body.chart.view.keyCount).toBe(MANY);
    expect(few.body.chart.view.keyCount).toBe(FEW);
  });

  it("still shows the day's last plus and minus labels in the footer, though the last SELL is thousands of events back", async () => {
    const { body } = await page(dashboardLoader, `/dashboard?symbol=${busy}`);
    expect(lastOfType(busy, "SELL")).not.toBeNull();
    expect(body.chart.footer.previousPlusKey).toBe(lastOfType(busy, "BUY"));
    expect(body.chart.footer.previousMinusKey).toBe(lastOfType(busy, "SELL"));
  });

  it("gives an employee the newest 50 of its own keys' events, and its own last labels", async () => {
    const own = keyIds.filter((_, k) => k % 2 === 0);
    const { body } = await page(dashboardLoader, `/dashboard?symbol=${busy}`, employee.cookie);
    const keys: KeyChip[] = body.chart.view.keys;
    expect(keys.map((k) => [k.label, k.at])).toEqual(newestFirst(busy, own).slice(0, SHOWN).map((e) => [e.label, e.eventTime.getTime()]));
    expect(body.chart.view.keyCount).toBe(newestFirst(busy, own).length);
    expect(body.chart.footer.previousPlusKey).toBe(lastOfType(busy, "BUY", own));
    expect(body.chart.footer.previousMinusKey).toBe(lastOfType(busy, "SELL", own));
  });
});

describe("/chart after thousands of key events", () => {
  it("badges the newest 50", async () => {
    const { status, body } = await page(chartLoader, `/chart?symbol=${busy}`);
    expect(status).toBe(200);
    expect((body.view.keys as KeyChip[]).map((k) => k.label)).toEqual(newestFirst(busy).slice(0, SHOWN).map((e) => e.label));
  });
});

describe("/allRealTime's Keys dialog after thousands of key events", () => {
  it("lists the newest 50 with the day's count, and pages to older ones by a cursor", async () => {
    const first = await page(allRealTimeLoader, `/allRealTime?keys=${busy}`);
    expect(first.status).toBe(200);
    expect(first.body.keys).toHaveLength(SHOWN);
    const all = newestFirst(busy);
    expect(first.body.keys.map((k: { label: string; price: number }) => [k.label, k.price])).toEqual(all.slice(0, SHOWN).map((e) => [e.label, e.price]));
    expect(first.body.keyCount).toBe(MANY);
    expect(first.body.olderHref).toBe(`?keys=${busy}&before=${all[SHOWN - 1].id}`);

    const second = await page(allRealTimeLoader, `/allRealTime${first.body.olderHref}`);
    expect(second.body.keys.map((k: { label: string; price: number }) => [k.label, k.price])).toEqual(all.slice(SHOWN, 2 * SHOWN).map((e) => [e.label, e.price]));
    expect(second.body.olderHref).toBe(`?keys=${busy}&before=${all[2 * SHOWN - 1].id}`);
    expect(second.body.latestHref).toBe(`?keys=${busy}`);
  });

  it("ends the paging at the day's first event, and refuses a cursor that is not one", async () => {
    const all = newestFirst(quiet);
    const last = await page(allRealTimeLoader, `/allRealTime?keys=${quiet}&before=${all[SHOWN - 1].id}`);
    expect(last.body.keys).toHaveLength(FEW - SHOWN);
    expect(last.body.olderHref).toBeNull();
    expect((await page(allRealTimeLoader, `/allRealTime?keys=${quiet}&before=abc`)).status).toBe(400);
  });
});

describe("the JSON API after thousands of key events", () => {
  it("admin/chavi/getChaviBySymbol answers the newest 50 and a cursor to the next ones", async () => {
    const all = newestFirst(busy);
    const first = await api(`/api/admin/chavi/getChaviBySymbol?symbol=${busy}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(SHOWN);
    expect(first.body.data.map((e: { label: string; date: string }) => [e.label, e.date])).toEqual(all.slice(0, SHOWN).map((e) => [e.label, e.eventTime.toISOString()]));
    expect(first.body.nextBefore).toBe(all[SHOWN - 1].id);
    const second = await api(`/api/admin/chavi/getChaviBySymbol?symbol=${busy}&before=${first.body.nextBefore}`);
    expect(second.body.data.map((e: { label: string }) => e.label)).toEqual(all.slice(SHOWN, 2 * SHOWN).map((e) => e.label));
  });

  it("getPreviousChavi/{symbol} answers the day's last plus and minus labels", async () => {
    const { status, body } = await api(`/api/getPreviousChavi/${busy}`);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 200, plusChavi: { chavi: lastOfType(busy, "BUY") }, minusChavi: { chavi: lastOfType(busy, "SELL") } });
  });
});

describe("the advanced chart's marks after thousands of key events", () => {
  it("marks the newest 50 key events of the range asked", async () => {
    const to = Math.floor(Date.now() / 1000) + 60;
    const from = to - 2 * 86_400;
    const { status, body } = await page(udfMarksLoader, `/udf/marks?symbol=${busy}&from=${from}&to=${to}&resolution=1`);
    expect(status).toBe(200);
    expect(body.id).toHaveLength(SHOWN);
    expect([...body.id].sort((a: number, b: number) => a - b)).toEqual(
      newestFirst(busy)
        .slice(0, SHOWN)
        .map((e) => e.id)
        .sort((a, b) => a - b),
    );
  });
});

describe("the key event queries behind them", () => {
  /** Events of a fresh symbol: [label, ms after the start] (equal offsets share an instant), oldest first by offset then insertion. */
  async function symbolWith(events: readonly [label: string, offsetMs: number][]) {
    const code = uniqueCode("Q");
    const symbol = await createSymbol(t.context.db, code);
    const start = Math.max(istMidnight(istDateString(new Date())).getTime() + 1, Date.now() - 60_000);
    const tradingDate = istDateString(new Date());
    const rows = await t.context.db
      .insert(chaviEvents)
      .values(events.map(([label, offset], i) => ({ chaviId: keyIds[i % KEYS], symbolId: symbol.id, label, price: 100 + i, tradingDate, eventTime: new Date(start + offset) })))
      .returning({ id: chaviEvents.id });
    const scope: SymbolKeyEventScope = { symbolCode: code.toLowerCase(), since: istMidnight(tradingDate), assignedToUserId: null };
    return { scope, ids: rows.map((r) => r.id), symbolId: symbol.id };
  }

  it("reads the same previous labels from each label's last event as the domain rule does from every event", async () => {
    // Labels as stored rows may hold them: lower case, odd spacing, a display name holding BUY or
    // SELL, labels of neither type, and events sharing an instant (the later insert is the later event).
    const events: [string, number][] = [
      ["K1 BUY", 0],
      ["k2 sell", 10],
      ["BUYBACK SELL", 20],
      ["SELL ZONE BUY", 30],
      ["  K3\tsell  ", 40],
      ["K4 BUYS", 50],
      ["K1 BUY", 60],
      ["Not a key event", 70],
      ["K5 SELL", 80],
      ["K6 BUY", 80],
      ["K2 SELL", 90],
      ["K7 SELL", 90],
    ];
    const { scope } = await symbolWith(events);
    const latest = await listLatestSymbolKeyEventOfEachLabel(t.context.db, scope);
    expect(latest.map((e) => e.label)).toEqual(["k2 sell", "BUYBACK SELL", "SELL ZONE BUY", "  K3\tsell  ", "K4 BUYS", "K1 BUY", "Not a key event", "K5 SELL", "K6 BUY", "K2 SELL", "K7 SELL"]);
    expect(previousKeyLabels(latest)).toEqual(previousKeyLabels(events.map(([label]) => ({ label }))));
    expect(previousKeyLabels(latest)).toEqual({ plus: "K6 BUY", minus: "K7 SELL" });
  });

  it("pages through events that share an instant without losing or repeating one, and leaves out yesterday's", async () => {
    const events: [string, number][] = Array.from({ length: 2 * SHOWN + 7 }, (_, i) => [`K${i} BUY`, Math.floor(i / 4) * 10]);
    const { scope, ids, symbolId } = await symbolWith(events);
    await t.context.db.insert(chaviEvents).values({ chaviId: keyIds[0], symbolId, label: "Yesterday BUY", price: 1, tradingDate: "2000-01-01", eventTime: new Date(scope.since.getTime() - 1) });
    const seen: number[] = [];
    let beforeId: number | null = null;
    for (let pages = 0; pages < 5; pages++) {
      const page: Awaited<ReturnType<typeof listSymbolKeyEventsPage>> = await listSymbolKeyEventsPage(t.context.db, scope, { limit: SHOWN, beforeId });
      expect(page.rows.length).toBeLessThanOrEqual(SHOWN);
      seen.push(...page.rows.map((r) => r.id));
      beforeId = page.nextBeforeId;
      if (beforeId === null) break;
    }
    expect(seen).toEqual([...ids].reverse());
  });
});

describe("the key labels riding along with each tick", () => {
  it("are the day's newest 50, read back at start and kept so as keys fire", async () => {
    // A symbol the engine ticks (a reference price and a step: the keys' rungs at 1010, 1020, ...),
    // with 300 stored events of distinct key, rung and direction, so none is a repeat.
    const code = uniqueCode("TICK");
    const [symbol] = await t.context.db.insert(symbols).values({ symbolCode: code, segment: "NSE", status: true, referencePrice: 1000, step: 10 }).returning({ id: symbols.id });
    await storeEvents(symbol.id, code, 300);
    const engine = new MarketEngine({ db: t.context.db, liveBook: new LiveBook(), feed: null, log: () => {} });
    await engine.load();
    const keys = await attachKeyEngine(engine, { db: t.context.db, hub: { emitToEntitled: () => {} }, log: () => {} });
    try {
      const labels = () => keys.labels(code).map((l) => l.label);
      expect(labels()).toEqual(
        newestFirst(code)
          .slice(0, SHOWN)
          .reverse()
          .map((e) => e.label),
      );
      // Up through the first rung (1010, key 0's): a new event, and still 50 labels.
      engine.ingest([{ symbolCode: code, price: 1005, volume: 1, time: Date.now() }]);
      engine.ingest([{ symbolCode: code, price: 1015, volume: 1, time: Date.now() }]);
      expect(labels()).toHaveLength(SHOWN);
      expect(labels().at(-1)).toBe("Key 0 BUY");
      expect(labels().slice(0, -1)).toEqual(
        newestFirst(code)
          .slice(0, SHOWN - 1)
          .reverse()
          .map((e) => e.label),
      );
      await keys.flush();
    } finally {
      keys.stop();
    }
  });
});
