// Cell conversions shared by the exports. An export formats every row's times, so the IST
// offset is looked up once per hour of time (not per cell: a TZDate lookup costs ~20 us) and
// the wall clock is written from the shifted instant. A unit test holds these to dates.ts.
import { TZDate } from "@date-fns/tz";
import { IST_TIME_ZONE } from "~/domain/dates";
import { isDecimalNotation } from "~/domain/decimal";

const HOUR_MS = 3_600_000;
const offsetByHour = new Map<number, number>();

/** Minutes IST is ahead of UTC at this instant (330; looked up, not assumed). */
export function istOffsetMinutes(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    offset = -new TZDate(ms, IST_TIME_ZONE).getTimezoneOffset();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/**
 * A spreadsheet has no time zones: it shows a date cell's UTC wall clock. So an instant is
 * written as its IST wall clock (docs/product-rules.md R-D12), i.e. shifted by IST's offset.
 */
export function istWallClockForSpreadsheet(instant: Date): Date {
  return new Date(instant.getTime() + istOffsetMinutes(instant.getTime()) * 60_000);
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** "DD-MM-YYYY hh:mm:ss AM|PM" in IST, as formatIstDateTime writes it. */
export function exportIstDateTime(instant: Date): string {
  const wall = istWallClockForSpreadsheet(instant);
  const h = wall.getUTCHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${two(wall.getUTCDate())}-${two(wall.getUTCMonth() + 1)}-${wall.getUTCFullYear()} ${two(h12)}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())} ${h < 12 ? "AM" : "PM"}`;
}

/** "DD-MM-YYYY" in IST, as formatIstDate writes it. */
export function exportIstDate(instant: Date): string {
  return exportIstDateTime(instant).slice(0, 10);
}

/** Significant digits a spreadsheet keeps in a number cell (Excel: 15). */
const SPREADSHEET_DIGITS = 15;

/**
 * Exact decimal text ("99999999999990000.00") as a spreadsheet cell: a number when the
 * spreadsheet can hold every digit of it, else the text itself, so that no export drops a paisa
 * (docs/decisions/118). Text that is not decimal notation is left as it is.
 */
export function spreadsheetNumber(text: string): number | string {
  if (!isDecimalNotation(text)) return text;
  const digits = text.replace(/^[+-]/, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "");
  return digits.length <= SPREADSHEET_DIGITS ? Number(text) : text;
}
