// The review figures of a set of closed trades (issue 22, docs/decisions/170): how many, the win
// rate, the average win and loss, the expectancy, the largest win and loss, the maximum drawdown
// of the cumulative PNL in exit order, and the average R.
//
// Two halves, so that 100,000 trades never pass through a page: `ReviewStats` are sums, counts,
// extremes and the drawdown, which SQL aggregates (app/models/trade-review.server.ts) or the tally
// below adds up one trade at a time; `reviewFigures` derives every shown figure from them. The
// tally is the rule's statement, unit-tested by hand; an integration test holds the SQL to it.
import { decimalUnits, divideRounded, unitsToText, type DecimalText } from "./decimal";
import { pnlRatio } from "./pnl";

/** Sufficient statistics of closed trades, money as exact 2-decimal text. */
export interface ReviewStats {
  trades: number;
  /** Trades with PNL > 0 and their sum; a trade at exactly 0 is neither a win nor a loss. */
  wins: number;
  winTotal: DecimalText;
  losses: number;
  lossTotal: DecimalText;
  /** The largest PNL above 0 and the smallest below 0; null when there is none. */
  largestWin: DecimalText | null;
  largestLoss: DecimalText | null;
  /** The deepest fall of the cumulative PNL (in exit order) below its running peak, which starts at 0. "0.00" or positive. */
  maxDrawdown: DecimalText;
  /** Sum of the per-trade R of the trades that have one, and how many have one. */
  rTotal: DecimalText;
  rTrades: number;
}

export interface ReviewFigures {
  trades: number;
  wins: number;
  losses: number;
  totalPnl: DecimalText;
  /** wins / trades x 100, 2 decimals (the reports' PNL ratio rule, docs/product-rules.md R-AC9). */
  winRate: number;
  averageWin: DecimalText | null;
  averageLoss: DecimalText | null;
  /** Average PNL per trade: winRate x averageWin + lossRate x averageLoss, which is total / trades. */
  expectancy: DecimalText | null;
  largestWin: DecimalText | null;
  largestLoss: DecimalText | null;
  maxDrawdown: DecimalText;
  averageR: DecimalText | null;
  rTrades: number;
}

const units = (text: DecimalText | null | undefined): bigint => (text ? (decimalUnits(text, 2) ?? 0n) : 0n);

/** An exact average (2 decimals, half away from zero), null over nothing. */
function average(total: bigint, count: number): DecimalText | null {
  return count > 0 ? unitsToText(divideRounded(total, BigInt(count)), 2) : null;
}

/** The average of a sum of 2-decimal figures over a count (the trade report's average R), null over nothing. */
export function averageFigure(total: DecimalText, count: number): DecimalText | null {
  return average(units(total), count);
}

export function reviewFigures(stats: ReviewStats): ReviewFigures {
  const winTotal = units(stats.winTotal);
  const lossTotal = units(stats.lossTotal);
  return {
    trades: stats.trades,
    wins: stats.wins,
    losses: stats.losses,
    totalPnl: unitsToText(winTotal + lossTotal, 2),
    winRate: pnlRatio(stats.wins, stats.trades),
    averageWin: average(winTotal, stats.wins),
    averageLoss: average(lossTotal, stats.losses),
    expectancy: average(winTotal + lossTotal, stats.trades),
    largestWin: stats.largestWin,
    largestLoss: stats.largestLoss,
    maxDrawdown: stats.maxDrawdown,
    averageR: average(units(stats.rTotal), stats.rTrades),
    rTrades: stats.rTrades,
  };
}

/**
 * The statistics of closed trades fed one at a time in exit order (oldest first), in constant
 * memory: each trade's rounded PNL and its R (null without an SL).
 */
export function createReviewTally() {
  let trades = 0;
  let wins = 0;
  let losses = 0;
  let winTotal = 0n;
  let lossTotal = 0n;
  let largestWin: bigint | null = null;
  let largestLoss: bigint | null = null;
  let cumulative = 0n;
  let peak = 0n;
  let maxDrawdown = 0n;
  let rTotal = 0n;
  let rTrades = 0;
  return {
    addTrade(pnl: DecimalText, r: DecimalText | null) {
      const p = units(pnl);
      trades += 1;
      if (p > 0n) {
        wins += 1;
        winTotal += p;
        if (largestWin === null || p > largestWin) largestWin = p;
      } else if (p < 0n) {
        losses += 1;
        lossTotal += p;
        if (largestLoss === null || p < largestLoss) largestLoss = p;
      }
      cumulative += p;
      if (cumulative > peak) peak = cumulative;
      if (peak - cumulative > maxDrawdown) maxDrawdown = peak - cumulative;
      if (r !== null) {
        rTotal += units(r);
        rTrades += 1;
      }
    },
    stats(): ReviewStats {
      return {
        trades,
        wins,
        winTotal: unitsToText(winTotal, 2),
        losses,
        lossTotal: unitsToText(lossTotal, 2),
        largestWin: largestWin === null ? null : unitsToText(largestWin, 2),
        largestLoss: largestLoss === null ? null : unitsToText(largestLoss, 2),
        maxDrawdown: unitsToText(maxDrawdown, 2),
        rTotal: unitsToText(rTotal, 2),
        rTrades,
      };
    },
  };
}
