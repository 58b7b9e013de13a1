import { Link } from "@remix-run/react";
import { linkClass } from "./admin-ui";

/** The id of a symbol's row in /Token's instrument table, so the symbol list can link to its form. */
export function kiteInstrumentAnchor(symbolCode: string): string {
  return `kite-${symbolCode.toUpperCase().replace(/[^A-Z0-9_-]/g, "_")}`;
}

/** What the loaders send of a symbol's instrument (the market layer's FeedInstrument). */
interface KiteInstrumentView {
  symbolCode: string;
  status: "mapped" | "ambiguous" | "unknown";
  text: string;
  chosenToken: number | null;
}

/**
 * A symbol's Kite instrument on the symbol list (docs/decisions/175): what streams, or why
 * nothing does in red; an active symbol the rules cannot settle links to its choice on /Token.
 */
export function KiteInstrumentCell({ instrument, active }: { instrument: KiteInstrumentView | undefined; active: boolean }) {
  if (!instrument) return <span className="text-muted">—</span>;
  const unsettled = instrument.status !== "mapped";
  return (
    <span className={`flex flex-col gap-0.5 ${unsettled ? "text-down" : ""}`} data-kite-status={instrument.status}>
      <span>{instrument.text}</span>
      {active && (unsettled || instrument.chosenToken !== null) ? (
        <Link to={`/Token#${kiteInstrumentAnchor(instrument.symbolCode)}`} className={linkClass} aria-label={`Choose the Kite instrument of ${instrument.symbolCode}`}>
          {unsettled ? "Choose the instrument" : "Change the choice"}
        </Link>
      ) : null}
    </span>
  );
}
