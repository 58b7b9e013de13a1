// Exact decimals: the one reading of decimal notation (forms, URL parameters, JSON bodies, SQL
// numeric text) and the one rounding, in scaled integers (bigint), so that no figure passes
// through a float on its way to a column, a sum or the screen (docs/decisions/118).
//
// A value at scale s is held as `units` = value x 10^s: 12.50 at scale 2 is 1250n.

/**
 * Decimal notation: an optional sign, digits, and an optional fraction of digits. No hex, binary,
 * octal, exponent, Infinity, NaN, grouping commas or inner spaces (Number() accepts most of them).
 */
const DECIMAL_NOTATION = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** Integer digits past which a value is beyond every bound this product checks (10^30). */
const HUGE_DIGITS = 30;

/**
 * Decimal text that ends in 2 places, exactly ("-1234.50"): how money and percentages travel
 * between the models, the loaders, the browser and the exports (beyond 2^53 paise a number
 * would drop paise).
 */
export type DecimalText = string;

export function isDecimalNotation(text: string): boolean {
  return DECIMAL_NOTATION.test(text);
}

/**
 * Text in decimal notation (surrounding spaces trimmed) as a number: how file imports read a
 * figure. null for anything else (hex, exponent, Infinity, blanks) or a value beyond a double.
 */
export function readDecimalNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!DECIMAL_NOTATION.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

/**
 * Decimal notation rounded to `scale` places, half away from zero, as scaled units; null when
 * the text is not decimal notation. A value with more than 30 integer digits comes back as
 * ±10^(30 + scale), beyond every bound, without building a huge bigint from hostile input.
 */
export function decimalUnits(text: string, scale: number): bigint | null {
  const match = DECIMAL_NOTATION.exec(text);
  if (!match) return null;
  const negative = match[1] === "-";
  const whole = match[2].replace(/^0+(?=\d)/, "");
  const fraction = match[3] ?? "";
  let units: bigint;
  if (whole.length > HUGE_DIGITS) {
    units = 10n ** BigInt(HUGE_DIGITS + scale);
  } else {
    const kept = fraction.slice(0, scale).padEnd(scale, "0");
    units = BigInt(whole + kept);
    // Half away from zero: only the first dropped digit decides.
    if (fraction.length > scale && fraction.charCodeAt(scale) >= 53 /* "5" */) units += 1n;
  }
  return negative ? -units : units;
}

/**
 * The decimal a finite number stands for, in plain notation: its shortest round-trip digits
 * (what String() and JSON write, and what PostgreSQL reads from JSON), with any exponent
 * written out. null for NaN and ±Infinity.
 */
export function numberToDecimalText(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  const text = String(n);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = "", exponentText] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A finite number rounded to `scale` places as scaled units (null for NaN, ±Infinity). */
export function numberUnits(n: number, scale: number): bigint | null {
  const text = numberToDecimalText(n);
  return text === null ? null : decimalUnits(text, scale);
}

/** A number or decimal text rounded to `scale` places as scaled units; null when it is neither. */
export function toUnits(value: number | string, scale: number): bigint | null {
  return typeof value === "number" ? numberUnits(value, scale) : decimalUnits(value, scale);
}

/** n / d rounded half away from zero (d ≠ 0). */
export function divideRounded(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const q = (2n * a + b) / (2n * b);
  return negative ? -q : q;
}

/** Scaled units as plain decimal text with exactly `scale` places, never "-0.00". */
export function unitsToText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const text = scale > 0 ? `${whole}.${digits.slice(digits.length - scale)}` : whole;
  return negative ? `-${text}` : text;
}

/** Indian digit grouping of plain digits: the last three, then pairs (12345678 → 1,23,45,678). */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ",");
  return `${pairs},${digits.slice(-3)}`;
}

/** Scaled units with Indian grouping and exactly `scale` places, never "-0.00". */
export function formatUnitsIndian(units: bigint, scale: number): string {
  const text = unitsToText(units, scale);
  const negative = text.startsWith("-");
  const [whole, fraction] = (negative ? text.slice(1) : text).split(".");
  const grouped = groupIndian(whole) + (fraction === undefined ? "" : `.${fraction}`);
  return negative ? `-${grouped}` : grouped;
}

/** A number or decimal text as exact text with 2 places ("57.7" → "57.70"); null when neither. */
export function decimalText2(value: number | string): DecimalText | null {
  const units = toUnits(value, 2);
  return units === null ? null : unitsToText(units, 2);
}

/** -1, 0 or 1: the sign of decimal text (0 for text that is not decimal notation). */
export function decimalSign(text: DecimalText): -1 | 0 | 1 {
  const units = decimalUnits(text, 2);
  return units === null || units === 0n ? 0 : units < 0n ? -1 : 1;
}
