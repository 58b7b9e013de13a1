// A reference (target) point: a named price on a symbol, which the symbol's chart marks. The
// upload, the stored rows and the admin table carry the same fields, and one rule says when two
// of them are the same point.

/** A point's own fields, as uploaded, stored and listed. */
export interface ReferencePointFields {
  pointName: string;
  displayName: string;
  price: number;
  slPrice: number | null;
  /** YYYY-MM-DD, or null for a point without a date. */
  date: string | null;
}

/**
 * Two points are the same point when their symbol, point name (any case) and date match: an
 * upload repeating a stored point replaces it rather than adding a second chip, and a file
 * naming one point twice is refused on the second line.
 */
export function referencePointKey(symbolId: number, pointName: string, date: string | null): string {
  return `${symbolId}|${pointName.trim().toUpperCase()}|${date ?? ""}`;
}
