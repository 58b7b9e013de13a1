import { Form, Link } from "@remix-run/react";
import { controlClass } from "~/components/ui/field";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { linkClass, secondaryButtonClass } from "./admin-ui";

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

/** A refused choice, as the action answered it (Conform's reply: what was typed and why not). */
export interface RefusedChoice {
  symbolCode: string;
  typed: string;
  messages: string[];
}

/** The refused choice in an action's Conform reply to an instrument form, or null. */
export function refusedChoiceOf(reply: unknown): RefusedChoice | null {
  if (typeof reply !== "object" || reply === null) return null;
  const { initialValue, error } = reply as { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
  if (initialValue?.intent !== "instrument" || typeof initialValue.symbolCode !== "string") return null;
  const messages = Object.values(error ?? {}).flatMap((list) => list ?? []);
  return { symbolCode: initialValue.symbolCode.trim().toUpperCase(), typed: typeof initialValue.instrumentToken === "string" ? initialValue.instrumentToken : "", messages };
}

/**
 * /Token's instruments of the active symbols: those the rules cannot settle first (they need
 * role 1), each with the form that chooses its instrument by token. Two columns, the form under
 * the text, so a phone shows the whole row. A refused choice is answered in its own row.
 */
export function KiteInstrumentTable({ listedOn, instruments, refused }: { listedOn: string; instruments: readonly KiteInstrumentView[]; refused: RefusedChoice | null }) {
  const ordered = [...instruments].sort((a, b) => Number(a.status === "mapped") - Number(b.status === "mapped"));
  return (
    <ScrollRegion label="Kite instruments" className="mt-6">
      <table className="w-full text-left text-sm" data-testid="kite-instruments">
        <caption className="mb-1 text-left font-medium">Kite instruments of the active symbols (the dump of {listedOn}); unsettled first</caption>
        <thead>
          <tr>
            <th scope="col" className="pr-3 align-bottom">
              Symbol
            </th>
            <th scope="col">Instrument, and the token to stream instead</th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((i) => {
            const anchor = kiteInstrumentAnchor(i.symbolCode);
            const problem = refused?.symbolCode === i.symbolCode.toUpperCase() ? refused : null;
            const errorId = `${anchor}-error`;
            return (
              <tr key={i.symbolCode} id={anchor} data-status={i.status} className="border-t border-slate-200 align-top dark:border-slate-700">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {i.symbolCode}
                </th>
                <td className="py-2">
                  <p className={i.status === "mapped" ? "" : "text-down"}>{i.text}</p>
                  {/* Role 1 picks the instrument where the rules find none or several; empty restores the rules. */}
                  <Form method="post" action={`/Token#${anchor}`} className="mt-1 flex items-center gap-1" aria-label={`Kite instrument of ${i.symbolCode}`}>
                    <input type="hidden" name="intent" value="instrument" />
                    <input type="hidden" name="symbolCode" value={i.symbolCode} />
                    <input
                      // A refused value stays for correction; a new answer starts from the saved one.
                      key={problem ? `refused-${problem.typed}` : `saved-${i.chosenToken ?? ""}`}
                      name="instrumentToken"
                      inputMode="numeric"
                      aria-label={`Instrument token for ${i.symbolCode}`}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={problem ? errorId : undefined}
                      placeholder="Token"
                      defaultValue={problem ? problem.typed : (i.chosenToken ?? "")}
                      className={`${controlClass} w-32 py-1`}
                    />
                    <button type="submit" className={secondaryButtonClass}>
                      Use
                    </button>
                  </Form>
                  {problem ? (
                    <p id={errorId} role="alert" className="mt-1 font-semibold text-down">
                      {problem.messages.join(" ")}
                    </p>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
