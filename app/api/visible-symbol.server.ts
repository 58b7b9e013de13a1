// A symbol named in an API path or query, as the caller may see it: a customer only its
// subscription (the same rule as the chart pages); anything else answers 404.
import type { AppContext } from "~/server/context";
import type { SessionUser } from "~/auth/session.server";
import { findSymbolByCode, visibleSymbolCodes, type SymbolRef } from "~/models/symbol.server";
import { apiNotFound } from "./types.server";

export async function requireVisibleSymbol(context: AppContext, user: SessionUser, code: string): Promise<SymbolRef> {
  const symbol = await findSymbolByCode(context.db, code);
  if (!symbol) apiNotFound("Symbol not found");
  const visible = await visibleSymbolCodes(context.db, user);
  if (visible !== "all" && !visible.has(symbol.symbolCode.toUpperCase())) apiNotFound("Symbol not found");
  return symbol;
}
