// Indian number formatting (lakh/crore digit grouping: 1,00,000.00) via Intl.NumberFormat('en-IN').
//
// A missing value (null, undefined, NaN, ±Infinity) is shown as an em dash. Negative values keep
// their minus sign ("-12,34,567.89"); a value that rounds to zero is shown without a sign
// ("0.00", never "-0.00").

export const MISSING_VALUE = "—";

const formatters = new Map<number, Intl.NumberFormat>();

function formatter(decimals: number): Intl.NumberFormat {
  let f = formatters.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat("en-IN", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(decimals, f);
  }
  return f;
}

function isPresent(n: number | null | undefined): n is number {
  return typeof n === "number" && Number.isFinite(n);
}

/** A number with Indian digit grouping and a fixed number of decimals (0–20, default 2). */
export function formatNumber(n: number | null | undefined, decimals = 2): string {
  if (!isPresent(n)) return MISSING_VALUE;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`decimals must be an integer from 0 to 20, got ${decimals}`);
  }
  const text = formatter(decimals).format(n);
  // Intl writes "-0.00" for -0 and for small negatives that round to zero; show them unsigned.
  // (signDisplay "negative" would do this but is missing from older browsers.)
  return /^-[0.,]*$/.test(text) ? text.slice(1) : text;
}

/** A rupee amount: Indian grouping, 2 decimals, no currency symbol (100000 → "1,00,000.00"). */
export function formatRupees(n: number | null | undefined): string {
  return formatNumber(n, 2);
}

/** A percentage already expressed in percent (1.234 → "1.23%"). */
export function formatPercent(n: number | null | undefined): string {
  if (!isPresent(n)) return MISSING_VALUE;
  return `${formatNumber(n, 2)}%`;
}
