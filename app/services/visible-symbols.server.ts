// The symbols a user may see, read once per page request (docs/decisions/164): the dashboard reads
// the list with its figures, and its chart's and watchlist's checks take it from the request's
// scope instead of asking the database again.
import type { AppContext } from "~/config/context";
import { visibleCodesOf, visibleSymbolCodes, type VisibleSymbol } from "~/models/symbol.server";

type Viewer = { id: number; roleId: number };

const scopeKey = (user: Viewer) => `visible-symbol-codes:${user.id}`;

/** The codes the user may see (upper case), or "all": shared within the request when it has a scope. */
export function visibleSymbolCodesOnce(context: Pick<AppContext, "db" | "requestScope">, user: Viewer): Promise<Set<string> | "all"> {
  const shared = context.requestScope?.get(scopeKey(user)) as Promise<Set<string> | "all"> | undefined;
  if (shared) return shared;
  const read = visibleSymbolCodes(context.db, user);
  context.requestScope?.set(scopeKey(user), read);
  return read;
}

/** Tells the request's later checks the symbols the user may see, read with something else (listVisibleSymbols' rows). */
export function shareVisibleSymbols(context: Pick<AppContext, "requestScope">, user: Viewer, list: readonly VisibleSymbol[]): void {
  context.requestScope?.set(scopeKey(user), Promise.resolve(visibleCodesOf(user, list)));
}
