// A symbol named in an API path or query, as the caller may see it: a customer only its
// subscription (the same rule as the chart pages); anything else answers 404.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { findVisibleSymbol, type SymbolRef } from "~/services/charts.server";
import { apiNotFound } from "./types.server";

export async function requireVisibleSymbol(context: AppContext, user: SessionUser, code: string): Promise<SymbolRef> {
  const symbol = await findVisibleSymbol(context, user, code);
  if (!symbol) apiNotFound("Symbol not found");
  return symbol;
}
