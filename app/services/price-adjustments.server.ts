// Bonus / split (docs/product-rules.md R-D20; docs/product-rules.md R-TD5 Bonus Splitting): one symbol's stored
// daily and intraday prices multiplied or divided by a number, in one transaction. The
// /BonusSplitting page and the JSON API (admin/dayohlc/list/{symbolId}/{number}/{operation})
// call applyBonusSplit, so its checks and its message are written once.
import type { AppContext } from "~/config/context";
import { formatNumber } from "~/domain/format";
import { refuse, succeed, type Outcome } from "~/domain/outcome";
import {
  adjustSymbolPrices,
  findSymbolChoice,
  listSymbolChoices,
  PriceOutOfRangeError,
  type PriceAdjustmentResult,
  type SymbolChoice,
} from "~/models/price-adjustment.server";
import { SELECT_SCRIPT, type BonusSplitInput } from "~/schemas/bonus-split";

export type { SymbolChoice };

type Db = Pick<AppContext, "db">;

/** Every symbol, active or not: a listed but inactive share still has history to adjust. */
export function listBonusSplitSymbols(context: Db): Promise<SymbolChoice[]> {
  return listSymbolChoices(context.db);
}

export async function applyBonusSplit(context: Db, input: BonusSplitInput): Promise<Outcome<PriceAdjustmentResult & { message: string }>> {
  const symbol = await findSymbolChoice(context.db, input.symbolId);
  if (!symbol) return refuse(SELECT_SCRIPT, "symbolId");
  try {
    const result = await adjustSymbolPrices(context.db, { symbolId: symbol.id, factor: input.number, operation: input.operation });
    const verb = input.operation === "Multiply" ? "multiplied" : "divided";
    const message =
      `Bonus split applied to ${symbol.symbolCode}: ${formatNumber(result.dailyRows, 0)} daily and ` +
      `${formatNumber(result.intradayRows, 0)} intraday rows ${verb} by ${input.number}.`;
    return succeed({ ...result, message });
  } catch (error) {
    if (error instanceof PriceOutOfRangeError) return refuse(`${error.message} Nothing was changed.`);
    throw error;
  }
}
