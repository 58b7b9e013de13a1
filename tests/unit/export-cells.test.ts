import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatIstDate, formatIstDateTime } from "~/domain/dates";
import { exportIstDate, exportIstDateTime, istWallClockForSpreadsheet } from "~/services/reports/cells";
import { pdfCellText } from "~/services/reports/pdf.server";
import { TRADE_EXPORT_COLUMNS } from "~/services/reports/columns";
import { TRADE_TABLE_HEADERS } from "~/components/reports/trade-rows";

describe("export cells", () => {
  it("write the same IST date and time as dates.ts, for any instant", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const when = new Date(ms);
        expect(exportIstDateTime(when)).toBe(formatIstDateTime(when));
        expect(exportIstDate(when)).toBe(formatIstDate(when));
      }),
      { numRuns: 2000 },
    );
    expect(exportIstDateTime(new Date("2026-03-15T06:00:00Z"))).toBe("15-03-2026 11:30:00 AM");
    expect(exportIstDateTime(new Date("2026-03-14T18:30:00Z"))).toBe("15-03-2026 12:00:00 AM");
  });

  it("shift a spreadsheet date to the IST wall clock", () => {
    expect(istWallClockForSpreadsheet(new Date("2026-03-15T06:00:00Z"))).toEqual(new Date("2026-03-15T11:30:00Z"));
  });

  it("print PDF cells in the Indian formats", () => {
    expect(pdfCellText("money", 1234567.5)).toBe("12,34,567.50");
    expect(pdfCellText("percent", -1.5)).toBe("-1.50%");
    expect(pdfCellText("integer", 25)).toBe("25");
    expect(pdfCellText("text", "=1+1")).toBe("=1+1");
  });

  it("print an absent value as an em dash in the PDF (decision 143), never as 0.00 or blank", () => {
    for (const kind of ["money", "percent", "integer", "datetime", "date", "text"] as const) expect(pdfCellText(kind, null)).toBe("—");
    expect(pdfCellText("money", 0)).toBe("0.00");
  });
});

describe("the trade export's columns (decision 143)", () => {
  const base = {
    id: 7, symbolCode: "ABC", sectorName: null, userName: "Asha", username: "asha", quantity: 3,
    tradeDateTime: new Date("2026-03-15T06:00:00Z"), exitDateTime: null, currentPrice: 101.5, pnl: "4.50", pnlPercent: "1.50", isVerified: false, charges: "1.20", netPnl: "3.30",
    slHitAt: null, slHitPrice: null, targetHitAt: null, targetHitPrice: null,
  };
  const cells = (row: Parameters<(typeof TRADE_EXPORT_COLUMNS)[number]["value"]>[0]) => Object.fromEntries(TRADE_EXPORT_COLUMNS.map((c) => [c.header, c.value(row)]));

  it("carry every column the screen shows, in its order, after the trade id", () => {
    expect(TRADE_EXPORT_COLUMNS.map((c) => c.header)).toEqual(["Trade Id", ...TRADE_TABLE_HEADERS]);
  });

  it("leave out the open trade's untraded leg and a missing target or SL (null), keep real prices", () => {
    const openBuy = cells({ ...base, tradeType: "BUY", open: true, buyPrice: 100, sellPrice: 0, targetPrice: 0, slPrice: 0 });
    expect(openBuy).toMatchObject({ "Buy Price": 100, "Sell Price": null, "Target Price": null, "SL Price": null, "Exit Date Time": null });
    const openSell = cells({ ...base, tradeType: "SELL", open: true, buyPrice: 0, sellPrice: 120, targetPrice: 110, slPrice: 125.5 });
    expect(openSell).toMatchObject({ "Buy Price": null, "Sell Price": 120, "Target Price": 110, "SL Price": 125.5 });
    // Closed, both legs traded: a price of 0 is a price.
    const closed = cells({ ...base, tradeType: "BUY", open: false, buyPrice: 0, sellPrice: 0, targetPrice: 0, slPrice: 0 });
    expect(closed).toMatchObject({ "Buy Price": 0, "Sell Price": 0, "Target Price": null, "SL Price": null });
  });
});
