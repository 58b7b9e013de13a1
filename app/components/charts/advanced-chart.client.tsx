// Advanced mode (the user's viewChart setting = advance): TradingView's open-source
// lightweight-charts widget fed by our UDF datafeed (/udf/history), polling new bars every
// 10 s as the documents' datafeed does. A licensed TradingView library can use the same feed.
import { useEffect, useRef, useState } from "react";
import { CandlestickSeries, createChart, HistogramSeries, type UTCTimestamp } from "lightweight-charts";
import { CHART_UTC_OFFSET_SECONDS, type TimeframeId } from "~/domain/candles";
import { isDailyOrLonger, resolutionForTimeframe, type UdfHistory } from "~/domain/udf";
import { CHART_DOWN_COLOUR, CHART_UP_COLOUR } from "~/domain/targets";
import type { PriceLine } from "./candle-svg";

const POLL_MS = 10_000;

export default function AdvancedChart({
  symbol,
  timeframe,
  lines,
  height,
  dark,
}: {
  symbol: string;
  timeframe: TimeframeId;
  lines: readonly PriceLine[];
  height: number;
  dark: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "empty">("loading");
  useEffect(() => {
    if (!box.current) return;
    const resolution = resolutionForTimeframe(timeframe);
    // Intraday bars are shifted so the axis reads IST (the library draws in UTC).
    const shift = isDailyOrLonger(resolution) ? 0 : CHART_UTC_OFFSET_SECONDS;
    const chart = createChart(box.current, {
      height,
      layout: { background: { color: "transparent" }, textColor: dark ? "#cbd5e1" : "#334155" },
      grid: { vertLines: { color: dark ? "#1e293b" : "#eef2f7" }, horzLines: { color: dark ? "#1e293b" : "#eef2f7" } },
      timeScale: { timeVisible: !isDailyOrLonger(resolution) },
    });
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: CHART_UP_COLOUR,
      downColor: CHART_DOWN_COLOUR,
      borderVisible: false,
      wickUpColor: CHART_UP_COLOUR,
      wickDownColor: CHART_DOWN_COLOUR,
    });
    const volume = chart.addSeries(HistogramSeries, { priceScaleId: "", priceFormat: { type: "volume" } });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    for (const l of lines) candles.createPriceLine({ price: l.price, color: l.colour, lineStyle: 2, title: l.label });

    let stopped = false;
    async function load() {
      const to = Math.floor(Date.now() / 1000) + 60;
      const res = await fetch(`/udf/history?symbol=${encodeURIComponent(symbol)}&resolution=${resolution}&from=0&to=${to}&countback=300`);
      const body = (await res.json()) as UdfHistory;
      if (stopped) return;
      if (body.s !== "ok") return setStatus("empty");
      candles.setData(body.t.map((t, i) => ({ time: (t + shift) as UTCTimestamp, open: body.o[i], high: body.h[i], low: body.l[i], close: body.c[i] })));
      volume.setData(
        body.t.map((t, i) => ({ time: (t + shift) as UTCTimestamp, value: body.v[i], color: body.c[i] >= body.o[i] ? `${CHART_UP_COLOUR}66` : `${CHART_DOWN_COLOUR}66` })),
      );
      setStatus("ready");
    }
    load().catch((error) => console.error("[chart] history failed", error));
    const timer = setInterval(() => load().catch((error) => console.error("[chart] history failed", error)), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      chart.remove();
    };
  }, [symbol, timeframe, lines, height, dark]);
  return (
    <div data-chart="advanced" data-status={status}>
      {status === "loading" ? <p className="text-sm text-slate-500">Chart loading....</p> : null}
      {status === "empty" ? <p className="text-sm text-slate-500">No Data Found</p> : null}
      <div ref={box} />
    </div>
  );
}
