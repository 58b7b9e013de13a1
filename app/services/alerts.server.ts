// The alert forms' server side, shared by /alert/new and /alert/:id/edit: validate with the
// schema, then check that the symbol is one the user may see (role 4: its subscription) and
// drop the admin-only switches for other roles. Also announces index changes to the engine.
import { parseWithZod } from "~/schemas/parse";
import type { AppContext } from "~/server/context";
import type { SessionUser } from "~/models/auth-session.server";
import { findSymbolByCode, isSymbolChoiceFor } from "~/models/symbol.server";
import { announceAlertChanges } from "~/market/engines/alert-changes.server";
import { alertSchema, SELECT_ALERT_SYMBOL, type AlertInput } from "~/schemas/alert";

export async function parseAlertForm(context: Pick<AppContext, "db">, user: Pick<SessionUser, "id" | "roleId">, formData: FormData) {
  const submission = parseWithZod(formData, { schema: alertSchema });
  if (submission.status !== "success") return { submission, values: null };
  const values = await alertValuesFor(context, user, submission.value);
  if (!values) return { submission, values: null, symbolError: SELECT_ALERT_SYMBOL };
  return { submission, values };
}

/**
 * The checks after the schema, for the form and the API alike: the symbol must be an active one
 * the user may see (role 4: its subscription), and only role 1 keeps the master and key
 * switches. Null when the symbol is not a choice.
 */
export async function alertValuesFor(context: Pick<AppContext, "db">, user: Pick<SessionUser, "id" | "roleId">, value: AlertInput) {
  const symbol = await findSymbolByCode(context.db, value.symbol);
  if (!symbol || !(await isSymbolChoiceFor(context.db, user, symbol))) return null;
  const { symbol: _code, ...rest } = value;
  const admin = user.roleId === 1;
  return { ...rest, symbolId: symbol.id, isMasterAlert: admin && rest.isMasterAlert, isChaviAlert: admin && rest.isChaviAlert };
}

/** Who the alert list says created an alert: the documents' 'Admin' for role 1. */
export function alertCreatedBy(user: Pick<SessionUser, "roleId">): string {
  return user.roleId === 1 ? "Admin" : "User";
}

/** Tells the alert engine (on whichever process leads) to re-index these symbols. */
export function alertsChanged(context: Pick<AppContext, "hub">, symbolIds: readonly number[]) {
  announceAlertChanges(context.hub, symbolIds);
}
