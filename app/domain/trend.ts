// The Nifty trend badge: Buy green, Sell red, otherwise blue (docs/product-rules.md R-TD4).
export type TrendBadgeTone = "buy" | "sell" | "neutral";

export function trendBadgeTone(trend: string | null | undefined): TrendBadgeTone {
  if (trend === "Buy") return "buy";
  if (trend === "Sell") return "sell";
  return "neutral";
}
