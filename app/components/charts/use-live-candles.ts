// The chart's candles as they move with the feed (docs/decisions/127), one pipeline for both
// chart modes. Candles start from the page's loader (normal mode) or from the UDF datafeed
// (advanced mode); every live quote is folded into the candles accumulated so far by the
// server's bucket rule (foldTicks). When a quote opens a new bucket, the candles are read back
// from the same source a few seconds later (once the candle writer has stored them): the
// closed ones replace the browser's and the live one takes the server's open and extremes.
// The server sends the latest quote per frame and may skip frames, so this is what makes the
// chart equal what a reload would show.
import { startTransition, useEffect, useRef, useState } from "react";
import { foldTicks, periodBounds, spliceClosedCandles, tickFromQuote, timeframeById, type Candle, type QuoteSample, type Tick, type TimeframeId } from "~/domain/candles";
import type { Quote } from "~/domain/quotes";
import { resolutionForTimeframe, udfHistoryToCandles, type UdfHistory } from "~/domain/udf";
import { SERVER_EVENTS, type SymbolTickPayload } from "~/realtime/events";
import { useSocket } from "~/components/realtime/socket-context";

export type CandleSource = "chart-data" | "udf";

/** How many candles a source is asked for, as the loader does. */
const COUNTBACK = 300;
/**
 * Quotes are folded in at most this often: one chart render per quarter second (the feed's own
 * pace), so a burst of frames never keeps the page re-rendering, nor starves a navigation.
 */
const FOLD_EVERY_MS = 250;
/** After a boundary the candles are read back twice: soon, and once more in case the first read came before the write. */
const RECONCILE_AFTER_MS = [3_000, 15_000] as const;

async function fetchCandles(source: CandleSource, symbol: string, timeframe: TimeframeId, toMs: number): Promise<Candle[]> {
  const query = new URLSearchParams({ symbol });
  if (source === "chart-data") {
    query.set("timeframe", timeframe);
    query.set("countback", String(COUNTBACK));
    query.set("to", String(toMs));
    // no-store: /chart-data may be cached for a few seconds, and these reads must be fresh.
    const res = await fetch(`/chart-data?${query}`, { cache: "no-store", headers: { Accept: "application/json" } });
    if (!res.ok) throw new Error(`chart-data answered ${res.status}`);
    return ((await res.json()) as { candles: Candle[] }).candles;
  }
  query.set("resolution", resolutionForTimeframe(timeframe));
  query.set("from", "0");
  query.set("to", String(Math.floor(toMs / 1000)));
  query.set("countback", String(COUNTBACK));
  const res = await fetch(`/udf/history?${query}`, { cache: "no-store", headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`udf history answered ${res.status}`);
  return udfHistoryToCandles((await res.json()) as UdfHistory, timeframe);
}

export interface LiveCandles {
  candles: readonly Candle[];
  /** "loading" while the datafeed's first answer is awaited (advanced mode). */
  status: "loading" | "ready" | "empty";
}

export function useLiveCandles({
  symbol,
  timeframe,
  initial,
  source,
}: {
  symbol: string;
  timeframe: TimeframeId;
  /** The loader's candles: what the page shows first, and the start in normal mode. */
  initial: readonly Candle[];
  source: CandleSource;
}): LiveCandles {
  const key = `${symbol}|${timeframe}|${source}`;
  const [state, setState] = useState<LiveCandles & { key: string; initial: readonly Candle[] }>(() => ({
    key,
    initial,
    candles: initial,
    status: source === "udf" ? "loading" : initial.length > 0 ? "ready" : "empty",
  }));
  // New symbol, timeframe or loader data (a revalidation): start again from it.
  if (state.key !== key || state.initial !== initial) {
    setState({ key, initial, candles: initial, status: source === "udf" ? "loading" : initial.length > 0 ? "ready" : "empty" });
  }
  const keyRef = useRef(key);
  keyRef.current = key;

  // Advanced mode: the datafeed's history replaces the loader's candles once it answers.
  useEffect(() => {
    if (source !== "udf") return;
    let active = true;
    fetchCandles("udf", symbol, timeframe, Date.now() + 60_000)
      .then((candles) => {
        if (active) setState((s) => (s.key === key ? { ...s, candles, status: candles.length > 0 ? "ready" : "empty" } : s));
      })
      .catch((error) => {
        console.error("[chart] history failed", error);
        if (active) setState((s) => (s.key === key ? { ...s, status: s.candles.length > 0 ? "ready" : "empty" } : s));
      });
    return () => {
      active = false;
    };
  }, [key, source, symbol, timeframe, initial]);

  // Every quote of every frame (useLiveQuotes answers only the latest per animation frame). The
  // subscription itself is the caller's: a LiveSubscription for the symbol (live-candle-chart).
  const socket = useSocket();
  const previousQuote = useRef<QuoteSample | undefined>(undefined);
  const shown = useRef(state.candles);
  shown.current = state.candles;
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    previousQuote.current = undefined;
    if (!socket) return;
    const code = symbol.toUpperCase();
    const tf = timeframeById(timeframe);
    let pending: Quote[] = [];
    let scheduled: { cancel: () => void } | null = null;

    // A bucket closed: read the candles back once the server has stored them.
    const reconcileFrom = (liveStart: number) => {
      for (const delay of RECONCILE_AFTER_MS) {
        const timer = setTimeout(() => {
          timers.current = timers.current.filter((t) => t !== timer);
          // Up to the end of the bucket running now: the closed candles and the live one.
          fetchCandles(source, symbol, timeframe, periodBounds(Date.now(), tf).end)
            .then((server) => {
              if (keyRef.current !== key) return;
              setState((s) => (s.key === key ? { ...s, candles: spliceClosedCandles(s.candles, server, liveStart) } : s));
            })
            .catch((error) => console.error("[chart] closed candles could not be read", error));
        }, delay);
        timers.current.push(timer);
      }
    };

    const apply = () => {
      scheduled = null;
      const quotes = pending;
      pending = [];
      const ticks: Tick[] = [];
      for (const quote of quotes) {
        const previous = previousQuote.current;
        // A quote seen already (a resubscription's snapshot) or an older one adds nothing.
        if (previous && (quote.time < previous.time || (quote.time === previous.time && quote.volume === previous.volume))) continue;
        previousQuote.current = quote;
        ticks.push(tickFromQuote(quote, previous));
      }
      if (ticks.length === 0) return;
      const last = shown.current[shown.current.length - 1];
      const start = periodBounds(ticks[ticks.length - 1].time, tf).start;
      // A transition, like the router's navigations: a tick never interrupts a page change, which
      // would otherwise start over at every tick while the chart is busy and never show.
      startTransition(() => {
        setState((s) => (s.key === key ? { ...s, candles: foldTicks(s.candles, ticks, tf), status: s.status === "loading" ? "loading" : "ready" } : s));
      });
      if (last !== undefined && start > last.time) reconcileFrom(start);
    };

    const onBatch = (batch: SymbolTickPayload[]) => {
      for (const { tickData } of batch) if (tickData.symbolCode === code) pending.push(tickData);
      if (pending.length === 0 || scheduled) return;
      const id = window.setTimeout(apply, FOLD_EVERY_MS);
      scheduled = { cancel: () => clearTimeout(id) };
    };
    socket.on(SERVER_EVENTS.symbolTick, onBatch);
    return () => {
      socket.off(SERVER_EVENTS.symbolTick, onBatch);
      scheduled?.cancel();
      for (const t of timers.current) clearTimeout(t);
      timers.current = [];
    };
  }, [socket, key, source, symbol, timeframe]);

  return { candles: state.candles, status: state.status };
}
