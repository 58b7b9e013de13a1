// The shell's Intl-based screen formats (app/domain/ist-format.ts) must read exactly as date-fns
// with @date-fns/tz reads the same instant in Asia/Kolkata: midnight and noon, the ends of a
// year, and a spread of instants across years.
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { formatIstCompactDateTime, formatIstDate, formatIstDateTime, formatIstTime } from "~/domain/ist-format";

const inIst = (ms: number, pattern: string) => format(new TZDate(ms, "Asia/Kolkata"), pattern);

describe("IST screen formats", () => {
  it("reads midnight, noon and a year's last second the way a trader reads them", () => {
    expect(formatIstTime(Date.UTC(2026, 10, 26, 18, 30, 0))).toBe("12:00:00 AM");
    expect(formatIstTime(Date.UTC(2026, 10, 26, 6, 30, 0))).toBe("12:00:00 PM");
    expect(formatIstTime(Date.UTC(2026, 10, 26, 3, 45, 7))).toBe("09:15:07 AM");
    expect(formatIstDate(Date.UTC(2026, 11, 31, 18, 29, 59))).toBe("31-12-2026");
    expect(formatIstDateTime(Date.UTC(2026, 11, 31, 18, 30, 0))).toBe("01-01-2027 12:00:00 AM");
    expect(formatIstDateTime(new Date(Date.UTC(2026, 10, 26, 10, 0, 0)))).toBe("26-11-2026 03:30:00 PM");
  });

  it("agrees with date-fns in Asia/Kolkata over 5,000 instants from 2000 to 2040", () => {
    const start = Date.UTC(2000, 0, 1);
    const span = Date.UTC(2040, 0, 1) - start;
    for (let i = 0; i < 5000; i += 1) {
      // A fixed spread (no randomness): i × a prime number of seconds, folded into the span.
      const ms = start + ((i * 7_919_993_000) % span);
      expect(formatIstDateTime(ms)).toBe(inIst(ms, "dd-MM-yyyy hh:mm:ss a"));
    }
  });

  it("writes the compact table form: day, month and 24-hour IST time this year, the date with its year before", () => {
    const now = Date.UTC(2026, 10, 26, 10, 0, 0);
    expect(formatIstCompactDateTime(Date.UTC(2026, 10, 26, 18, 30, 0), now)).toBe("27 Nov 00:00");
    expect(formatIstCompactDateTime(Date.UTC(2026, 10, 26, 8, 35, 59), now)).toBe("26 Nov 14:05");
    // The IST new year, not the UTC one, decides the year.
    expect(formatIstCompactDateTime(Date.UTC(2025, 11, 31, 18, 29, 0), now)).toBe("31 Dec 2025");
    expect(formatIstCompactDateTime(Date.UTC(2025, 11, 31, 18, 30, 0), now)).toBe("01 Jan 00:00");
    for (let i = 0; i < 2000; i += 1) {
      const ms = Date.UTC(2000, 0, 1) + ((i * 7_919_993_000) % (Date.UTC(2040, 0, 1) - Date.UTC(2000, 0, 1)));
      expect(formatIstCompactDateTime(ms, ms)).toBe(inIst(ms, "dd MMM HH:mm"));
      expect(formatIstCompactDateTime(ms, ms + 366 * 86_400_000)).toBe(inIst(ms, "dd MMM yyyy"));
    }
  });
});
