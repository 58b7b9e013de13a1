// Shared steps of the UDF datafeed routes: the guard (the access table's /udf rule) and the
// symbol lookup that respects role 4's subscription.
import type { AppContext } from "~/context";
import { requireRouteAccess } from "~/auth/guards.server";
import { findSymbolDetails, visibleSymbolCodes, type SymbolDetails } from "~/models/symbol.server";
import type { SessionUser } from "~/models/auth-session.server";

export interface UdfCaller {
  user: SessionUser;
  maySee: (code: string) => boolean;
}

export async function requireUdfCaller(request: Request, context: AppContext): Promise<UdfCaller> {
  const user = await requireRouteAccess(request, context);
  const visible = await visibleSymbolCodes(context.db, user);
  return { user, maySee: (code) => visible === "all" || visible.has(code.toUpperCase()) };
}

/** The symbol named by a UDF request ("NSE:NIFTY-I" or "NIFTY-I"), when the caller may see it. */
export async function udfSymbol(context: AppContext, caller: UdfCaller, raw: string | null): Promise<SymbolDetails | null> {
  if (!raw) return null;
  const code = raw.includes(":") ? raw.slice(raw.indexOf(":") + 1) : raw;
  const symbol = await findSymbolDetails(context.db, code);
  return symbol && caller.maySee(symbol.symbolCode) ? symbol : null;
}

export function searchParams(request: Request): URLSearchParams {
  return new URL(request.url).searchParams;
}
