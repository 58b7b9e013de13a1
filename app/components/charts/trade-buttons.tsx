// Buy and Sell at the live ask and bid: links to the trade form with the price filled
// (/trades/new?symbol=CODE&side=BUY|SELL&price=N). Disabled for role 4 and while no price is known.
import { Link } from "@remix-run/react";
import { formatNumber } from "~/domain/format";

export function TradeButtons({ code, ask, bid, enabled }: { code: string; ask: number | null; bid: number | null; enabled: boolean }) {
  return (
    <div className="flex gap-2">
      <TradeButton side="SELL" price={bid} code={code} enabled={enabled} />
      <TradeButton side="BUY" price={ask} code={code} enabled={enabled} />
    </div>
  );
}

function TradeButton({ side, price, code, enabled }: { side: "BUY" | "SELL"; price: number | null; code: string; enabled: boolean }) {
  const colour = side === "BUY" ? "bg-up" : "bg-down";
  const label = `${side === "BUY" ? "Buy" : "Sell"} ${price === null ? "" : formatNumber(price)}`;
  if (!enabled || price === null) {
    return (
      <button type="button" disabled className={`${colour} cursor-not-allowed rounded-md px-3 py-1.5 text-sm font-semibold text-white opacity-50`}>
        {label}
      </button>
    );
  }
  return (
    <Link to={`/trades/new?symbol=${encodeURIComponent(code)}&side=${side}&price=${price}`} className={`${colour} rounded-md px-3 py-1.5 text-sm font-semibold text-white`}>
      {label}
    </Link>
  );
}
