// The product's continuous futures series: NIFTY-I is the underlying's near-month contract, -II
// the next, -III the third (the naming of the 1-minute futures files the product loads). One
// reading of the code for every rule that needs it: charges (index or stock future), the Kite
// instrument mapping (which contract) and the tradebook import (a contract's series).

const CONTINUOUS_FUTURE = /^(.+)-(I{1,3})$/;

export interface ContinuousFuture {
  /** "NIFTY" for NIFTY-I. */
  underlying: string;
  /** 1 near month, 2 next, 3 third. */
  position: 1 | 2 | 3;
}

/** The series a code names, or null for anything else (an equity, an index). Expects a trimmed, upper-cased code. */
export function readContinuousFuture(code: string): ContinuousFuture | null {
  const match = CONTINUOUS_FUTURE.exec(code);
  return match ? { underlying: match[1], position: match[2].length as 1 | 2 | 3 } : null;
}

/** The code of an underlying's series at a position: ("NIFTY", 2) → "NIFTY-II". */
export function continuousFutureSymbol(underlying: string, position: 1 | 2 | 3): string {
  return `${underlying}-${"I".repeat(position)}`;
}
