import { describe, expect, it } from "vitest";
import { swingAlertClearsLine } from "~/domain/swing";
import { isSwingAlertFor, swingAlertMessage, swingLineAfterAlert, swingLineAsChartLine, swingLineMarker, type SwingAlert } from "~/domain/swing-alerts";
import { CHART_DOWN_COLOUR, CHART_UP_COLOUR } from "~/domain/targets";

const at = (hhmm: string) => Date.parse(`2026-11-20T${hhmm}:00+05:30`);

describe("the before 9 / after 1 o'clock rule (docs/product-rules.md R-TD4, docs/decisions/125)", () => {
  it("an alert before 09:00 IST or from 13:00 IST clears the stored swing line", () => {
    expect(swingAlertClearsLine(at("00:00"))).toBe(true);
    expect(swingAlertClearsLine(at("08:59"))).toBe(true);
    expect(swingAlertClearsLine(at("09:00"))).toBe(false);
    expect(swingAlertClearsLine(at("09:15"))).toBe(false);
    expect(swingAlertClearsLine(at("12:59"))).toBe(false);
    expect(swingAlertClearsLine(at("13:00"))).toBe(true);
    expect(swingAlertClearsLine(at("15:30"))).toBe(true);
    expect(swingAlertClearsLine(at("23:59"))).toBe(true);
  });

  it("reads the IST clock, not the machine's: 08:59 IST is 03:29 UTC", () => {
    expect(swingAlertClearsLine(Date.parse("2026-11-20T03:29:00Z"))).toBe(true);
    expect(swingAlertClearsLine(Date.parse("2026-11-20T03:30:00Z"))).toBe(false);
    expect(swingAlertClearsLine(Date.parse("2026-11-20T07:29:59Z"))).toBe(false);
    expect(swingAlertClearsLine(Date.parse("2026-11-20T07:30:00Z"))).toBe(true);
  });
});

describe("swingLineAfterAlert", () => {
  const alert = (over: Partial<SwingAlert> = {}): SwingAlert => ({ symbolCode: "NIFTY-I", kind: "high", price: 23456.7, time: at("10:42"), clearLine: false, ...over });
  const current = { kind: "low" as const, price: 23000, time: at("09:30") };

  it("an alert of the chart's symbol moves the line to its swing point", () => {
    expect(swingLineAfterAlert(null, alert(), "NIFTY-I")).toEqual({ kind: "high", price: 23456.7, time: at("10:42") });
    expect(swingLineAfterAlert(current, alert({ symbolCode: "nifty-i" }), "NIFTY-I")).toEqual({ kind: "high", price: 23456.7, time: at("10:42") });
  });

  it("an alert marked clearLine (before 9 or after 1 o'clock) clears it", () => {
    expect(swingLineAfterAlert(current, alert({ clearLine: true }), "NIFTY-I")).toBeNull();
  });

  it("another symbol's alert or a malformed payload changes nothing", () => {
    expect(swingLineAfterAlert(current, alert({ symbolCode: "BANKNIFTY-I" }), "NIFTY-I")).toBe(current);
    for (const bad of [null, "x", 42, {}, { ...alert(), price: "1" }, { ...alert(), kind: "up" }, { ...alert(), time: Number.NaN }, { ...alert(), clearLine: "yes" }]) {
      expect(swingLineAfterAlert(current, bad, "NIFTY-I")).toBe(current);
    }
    expect(isSwingAlertFor(alert(), "NIFTY-I")).toBe(true);
    expect(isSwingAlertFor(alert(), "TCS")).toBe(false);
  });

  it("says what happened in the toast and draws the line in the marker's colour", () => {
    expect(swingAlertMessage(alert())).toBe("Swing high on NIFTY-I at 23,456.70 (10:42:00 AM)");
    expect(swingLineAsChartLine({ kind: "high", price: 1, time: 0 })).toEqual({ label: "Swing high", price: 1, colour: CHART_DOWN_COLOUR });
    expect(swingLineAsChartLine({ kind: "low", price: 2, time: 0 })).toEqual({ label: "Swing low", price: 2, colour: CHART_UP_COLOUR });
  });
});

describe("swingLineMarker", () => {
  const candle = (time: number) => ({ time, open: 1, high: 2, low: 0.5, close: 1.5, volume: 0 });
  const candles = [candle(at("10:00")), candle(at("10:05")), candle(at("10:10"))];

  it("sits on the candle holding the swing's time", () => {
    expect(swingLineMarker(candles, { kind: "high", price: 2, time: at("10:07") }, [])).toEqual({
      time: at("10:05"),
      price: 2,
      label: "SH",
      colour: CHART_DOWN_COLOUR,
      kind: "swing-high",
    });
    expect(swingLineMarker(candles, { kind: "low", price: 0.5, time: at("10:12") }, [])?.time).toBe(at("10:10"));
  });

  it("is left out before the first candle or where the chart already marks the same swing", () => {
    expect(swingLineMarker(candles, { kind: "high", price: 2, time: at("09:59") }, [])).toBeNull();
    const existing = [{ time: at("10:05"), price: 2, label: "SH", colour: CHART_DOWN_COLOUR, kind: "swing-high" as const }];
    expect(swingLineMarker(candles, { kind: "high", price: 2, time: at("10:06") }, existing)).toBeNull();
    expect(swingLineMarker(candles, { kind: "low", price: 0.5, time: at("10:06") }, existing)?.label).toBe("SL");
  });
});
