// Price alerts (docs/product-rules.md R-TD7, docs/product-rules.md R-AC7 "Alerts and auto alerts"): the one
// place the /alert pages and the JSON API (admin/alert/*) list, create, edit and delete alerts
// and set auto alerts. A user only ever reaches its own alerts (another's id is not found), the
// symbol must be one the user may see (role 4: its subscription), only role 1 keeps the master
// and key switches, and every write tells the alert engine which symbols to re-index.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { istDateString } from "~/domain/dates";
import { notFoundOutcome, refuse, succeed, type Outcome } from "~/domain/outcome";
import {
  autoAlertSymbolIds,
  createAlert,
  createAutoAlerts,
  deleteOwnAlert,
  findOwnAlert,
  listAlertsPage,
  updateOwnAlert,
  type AlertRow,
} from "~/models/alert.server";
import { findSymbolByCode, findSymbolById, isSymbolChoiceFor, listVisibleSymbols } from "~/models/symbol.server";
import { announceAlertChanges } from "~/market/engines/alert-changes.server";
import { ALERT_CREATED, ALERT_DELETED, ALERT_UPDATED, AUTO_ALERT_FAILED, AUTO_ALERT_SET, SELECT_ALERT_SYMBOL, type AlertInput } from "~/schemas/alert";

export type { AlertRow };

type Db = Pick<AppContext, "db">;
type Writer = Pick<AppContext, "db" | "hub">;
type AlertUser = Pick<SessionUser, "id" | "roleId">;

/** The alert form's fields with the symbol named by its code (the form) or its id (the API). */
export type AlertFields = Omit<AlertInput, "symbol"> & ({ symbol: string } | { symbolId: number });

/** Role 1 sets auto alerts, keeps the master and key switches, and is listed as 'Admin'. */
export function isAlertAdmin(user: Pick<SessionUser, "roleId">): boolean {
  return user.roleId === 1;
}

export function listUserAlerts(context: Db, user: AlertUser, page: number, pageSize: number): Promise<{ rows: AlertRow[]; total: number }> {
  return listAlertsPage(context.db, user.id, page, pageSize);
}

/** One of the user's own alerts; null for another user's (shown as not found). */
export function findUserAlert(context: Db, user: AlertUser, id: number): Promise<AlertRow | null> {
  return findOwnAlert(context.db, user.id, id);
}

/** What the alert form offers: the symbols the user may pick, the form's symbol's live price, the admin switches. */
export async function loadAlertForm(context: Pick<AppContext, "db" | "liveBook">, user: AlertUser, askedSymbol: string | null) {
  const symbols = (await listVisibleSymbols(context.db, user)).map((s) => s.symbolCode);
  const asked = askedSymbol?.trim().toUpperCase() ?? "";
  const symbol = symbols.find((s) => s.toUpperCase() === asked) ?? "";
  return { symbols, symbol, lastPrice: symbol ? context.liveBook.get(symbol)?.last ?? null : null, isAdmin: isAlertAdmin(user) };
}

/**
 * The checks after the schema, for the form and the API alike: the symbol must be an active one
 * the user may see (role 4: its subscription), and only role 1 keeps the master and key
 * switches. The refusal names the field the symbol came in.
 */
async function alertValuesFor(context: Db, user: AlertUser, fields: AlertFields) {
  const byId = "symbolId" in fields;
  const symbol = byId ? await findSymbolById(context.db, fields.symbolId) : await findSymbolByCode(context.db, fields.symbol);
  if (!symbol || !(await isSymbolChoiceFor(context.db, user, symbol))) return refuse(SELECT_ALERT_SYMBOL, byId ? "symbolId" : "symbol");
  const { name, price, condition, viewType, description, note } = fields;
  const admin = isAlertAdmin(user);
  return succeed({
    name,
    price,
    condition,
    viewType,
    description,
    note,
    symbolId: symbol.id,
    isMasterAlert: admin && fields.isMasterAlert,
    isChaviAlert: admin && fields.isChaviAlert,
  });
}

/** Tells the alert engine (on whichever process leads) to re-index these symbols. */
function alertsChanged(context: Pick<AppContext, "hub">, symbolIds: readonly number[]) {
  announceAlertChanges(context.hub, symbolIds);
}

export async function createUserAlert(context: Writer, user: AlertUser, fields: AlertFields): Promise<Outcome<{ id: number; message: string }>> {
  const values = await alertValuesFor(context, user, fields);
  if (!values.ok) return values;
  const id = await createAlert(context.db, user.id, values.value, isAlertAdmin(user) ? "Admin" : "User");
  alertsChanged(context, [values.value.symbolId]);
  return succeed({ id, message: ALERT_CREATED });
}

/** Edits one of the user's alerts and re-arms it (an edited alert may fire again). */
export async function updateUserAlert(context: Writer, user: AlertUser, id: number, fields: AlertFields): Promise<Outcome<{ message: string }>> {
  if (!(await findOwnAlert(context.db, user.id, id))) return notFoundOutcome();
  const values = await alertValuesFor(context, user, fields);
  if (!values.ok) return values;
  const touched = await updateOwnAlert(context.db, user.id, id, values.value);
  if (!touched) return notFoundOutcome();
  alertsChanged(context, touched);
  return succeed({ message: ALERT_UPDATED });
}

export async function deleteUserAlert(context: Writer, user: AlertUser, id: number): Promise<Outcome<{ message: string }>> {
  const symbolId = await deleteOwnAlert(context.db, user.id, id);
  if (symbolId === null) return notFoundOutcome();
  alertsChanged(context, [symbolId]);
  return succeed({ message: ALERT_DELETED });
}

/**
 * '+ Set alerts' (role 1, docs/product-rules.md R-D6): a master 'Equal to' alert at each of today's active
 * reference points not yet covered. Refused when there is no reference point today.
 */
export async function setAutoAlerts(context: Writer, user: AlertUser): Promise<Outcome<{ created: number; points: number; message: typeof AUTO_ALERT_SET }>> {
  const { created, points } = await createAutoAlerts(context.db, user.id, istDateString(new Date()));
  if (points === 0) return refuse(AUTO_ALERT_FAILED, undefined, 422);
  if (created > 0) alertsChanged(context, await autoAlertSymbolIds(context.db));
  return succeed({ created, points, message: AUTO_ALERT_SET });
}
