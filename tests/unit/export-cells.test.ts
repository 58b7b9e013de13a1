import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatIstDate, formatIstDateTime } from "~/domain/dates";
import { exportIstDate, exportIstDateTime, istWallClockForSpreadsheet } from "~/services/reports/cells";
import { pdfCellText } from "~/services/reports/pdf.server";

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
    expect(pdfCellText("money", null)).toBe("");
    expect(pdfCellText("text", "=1+1")).toBe("=1+1");
  });
});
