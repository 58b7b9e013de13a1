// Indian number formatting (lakh/crore digit grouping: 1,00,000.00), exact: figures are rounded
// and grouped as decimal digits (app/domain/decimal.ts), never through a float, so an amount
// beyond 2^53 paise keeps its last paisa.
//
// A missing value (null, undefined, NaN, ±Infinity) is shown as an em dash. Negative values keep
// their minus sign ("-12,34,567.89"); a value that rounds to zero is shown without a sign
// ("0.00", never "-0.00").
import { formatUnitsIndian, toUnits } from "./decimal";

export const MISSING_VALUE = "—";

function isPresent(n: number | string | null | undefined): n is number | string {
  return typeof n === "string" || (typeof n === "number" && Number.isFinite(n));
}

/**
 * A number with Indian digit grouping and a fixed number of decimals (0–20, default 2), rounded
 * half away from zero. Decimal text ("99999999999990000.00", how money travels) is formatted
 * exactly, digit for digit; a number from the decimal it stands for (its shortest digits).
 */
export function formatNumber(n: number | string | null | undefined, decimals = 2): string {
  if (!isPresent(n)) return MISSING_VALUE;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`decimals must be an integer from 0 to 20, got ${decimals}`);
  }
  const units = toUnits(n, decimals);
  return units === null ? MISSING_VALUE : formatUnitsIndian(units, decimals);
}

/** A rupee amount: Indian grouping, 2 decimals, no currency symbol (100000 → "1,00,000.00"). */
export function formatRupees(n: number | string | null | undefined): string {
  return formatNumber(n, 2);
}

/** A percentage already expressed in percent (1.234 → "1.23%"). */
export function formatPercent(n: number | string | null | undefined): string {
  const text = formatNumber(n, 2);
  return text === MISSING_VALUE ? text : `${text}%`;
}
