// Keys (chavi; docs/product-rules.md R-AC7 Keys): the Key List, Create/Edit Chavi with the name check and
// "Select All", the On/Off switch, delete, assigning keys to a user, the key order (Chavi
// Setting) and a symbol's key labels today. The /chavi pages, /key-setting and the JSON API
// (admin/chavi/*) call these, so each rule and message lives here once.
import { recordAudit, type AuditActor } from "~/models/audit-log.server";
import type { AppContext } from "~/config/context";
import { isCompleteOrder, moveInOrder } from "~/domain/key-order";
import { notFoundOutcome, refuse, succeed, type Outcome } from "~/domain/outcome";
import { turnedMessage } from "~/domain/status-messages";
import {
  createChavi,
  deleteChavi,
  findChavi,
  findChaviOnRung,
  isChaviNameTaken,
  listChavisInOrder,
  listChaviUserIds,
  listChavisPage,
  listKeyUserChoices,
  listUserKeyIds,
  lockChavisInOrder,
  lockKeyWrites,
  saveChaviOrder,
  setChaviStatus,
  setUserKeys,
  streamChaviList,
  updateChavi,
  type ChaviRow,
  type KeyUserChoice,
} from "~/models/chavi-admin.server";
import { KEY_NAME_TAKEN, registrationFailed, type ChaviInput } from "~/schemas/chavi";
import type { KeySort } from "~/domain/admin-lists";
import type { ListOrder } from "~/domain/list-query";
import type { ListExportFormat } from "~/schemas/user-admin";
import { KEY_LIST_EXPORT_COLUMNS } from "~/services/reports/columns";
import { todaysListDownload } from "~/services/reports/download.server";

export type { ChaviRow, KeyUserChoice };

type Db = Pick<AppContext, "db">;

export const KEY_CREATED = "Key created successfully";
export const KEY_UPDATED = "Key updated successfully";
export const KEY_ALREADY_DELETED = "Key not found: it may have been deleted already";
export const KEY_ORDER_SAVED = "Key order saved successfully";
export const KEY_LIST_CHANGED = "The key list changed meanwhile: reload and order again";
export const KEY_USER_REFUSED = registrationFailed("this user cannot receive keys");

/** The pages' form error when a save fails unexpectedly ('Registration failed' plus the reason). */
export function keySaveFailure(error: unknown): string {
  return registrationFailed(error instanceof Error ? error.message : String(error));
}

// ---------------------------------------------------------------- reading

/** The Key List: its names searched, in the chosen order (newest first unless asked), one page. */
export function listKeysPage(context: Db, query: ListOrder<KeySort> & { page: number; pageSize: number }): Promise<{ rows: ChaviRow[]; total: number }> {
  return listChavisPage(context.db, query);
}

/** The Key List as a CSV or Excel download: every row of its search, in its order. */
export function keyListDownload(context: Db, filter: ListOrder<KeySort>, format: ListExportFormat): Response {
  return todaysListDownload("keys", { sheetName: "Keys", columns: KEY_LIST_EXPORT_COLUMNS, rows: streamChaviList(context.db, filter) }, format);
}

/** Every key in the Chavi Setting order (how key chips are ordered); `activeOnly` drops the keys switched off. */
export async function listKeysInOrder(context: Db, options: { activeOnly?: boolean } = {}): Promise<ChaviRow[]> {
  const keys = await listChavisInOrder(context.db);
  return options.activeOnly ? keys.filter((k) => k.isactive) : keys;
}

/** Every key in the Chavi Setting order with the users it is assigned to (the documents' Chavi.userId). */
export async function listKeysWithUsers(context: Db, options: { activeOnly?: boolean } = {}): Promise<(ChaviRow & { userIds: number[] })[]> {
  const keys = await listKeysInOrder(context, options);
  const users = await listChaviUserIds(context.db, keys.map((k) => k.id));
  return keys.map((k) => ({ ...k, userIds: users.get(k.id) ?? [] }));
}

/** A key with the users it is assigned to, or null. */
export function findKey(context: Db, id: number): Promise<(ChaviRow & { userIds: number[] }) | null> {
  return findChavi(context.db, id);
}

/** The users keys can be assigned to (roles 1, 3, 4). */
export function listKeyUsers(context: Db): Promise<KeyUserChoice[]> {
  return listKeyUserChoices(context.db);
}

/** The ids of the keys assigned to one user. */
export function listUserKeys(context: Db, userId: number): Promise<number[]> {
  return listUserKeyIds(context.db, userId);
}

// ---------------------------------------------------------------- Create/Edit Chavi, switch, delete

/** 'Registration failed: the key X already stands on plus rung 2' (docs/decisions/145). */
export function rungTakenMessage(otherName: string, type: "plus" | "minus", srNo: number): string {
  return registrationFailed(`the key ${otherName} already stands on ${type} rung ${srNo}`);
}

/**
 * The checks a key's save must pass: a name no other key has, and a rung (type and Sr No, which
 * put a key at base ± Sr No × step on every symbol's ladder, docs/product-rules.md R-D17) no
 * other key stands on, switched on or off: switching a key on must not put two on one rung.
 */
async function saveRefusal(db: Db["db"], input: ChaviInput, current?: Pick<ChaviRow, "id" | "type" | "srNo">): Promise<Outcome<never> | null> {
  if (await isChaviNameTaken(db, input.name, current?.id)) return refuse(registrationFailed(KEY_NAME_TAKEN), "name");
  // A key kept on its own rung is never refused: two keys written before the rule stay editable.
  if (current && current.type === input.type && current.srNo === input.srNo) return null;
  const onRung = await findChaviOnRung(db, input.type, input.srNo, current?.id);
  return onRung ? refuse(rungTakenMessage(onRung.name, input.type, input.srNo), "srNo", 409) : null;
}

/** The key's users: every key user for "Select All", else the ones chosen. */
async function withKeyUsers(db: Db["db"], input: ChaviInput): Promise<ChaviInput> {
  const userIds = input.allUsers ? (await listKeyUserChoices(db)).map((u) => u.id) : input.userIds;
  return { ...input, userIds };
}

/** A new key, last in the key order. The checks and the write hold the key-write lock in one transaction. */
export async function createKey(context: Db, actor: AuditActor, input: ChaviInput): Promise<Outcome<{ id: number; message: string }>> {
  return context.db.transaction(async (tx) => {
    await lockKeyWrites(tx);
    const refused = await saveRefusal(tx, input);
    if (refused) return refused;
    const written = await withKeyUsers(tx, input);
    const id = await createChavi(tx, written);
    await recordAudit(tx, [{ actor, action: "create", entity: "key", entityId: id, after: auditedKey(written) }]);
    return succeed({ id, message: KEY_CREATED });
  });
}

/** Edits a key and sets exactly its users (the form's status switch included), checked as a create is. */
export async function updateKey(context: Db, actor: AuditActor, id: number, input: ChaviInput): Promise<Outcome<{ message: string }>> {
  return context.db.transaction(async (tx) => {
    await lockKeyWrites(tx);
    const current = await findChavi(tx, id);
    if (!current) return notFoundOutcome();
    const refused = await saveRefusal(tx, input, current);
    if (refused) return refused;
    const written = await withKeyUsers(tx, input);
    if (!(await updateChavi(tx, id, written))) return notFoundOutcome();
    await recordAudit(tx, [{ actor, action: "update", entity: "key", entityId: id, before: auditedKey(current), after: auditedKey(written) }]);
    return succeed({ message: KEY_UPDATED });
  });
}

/** The list's On/Off switch; the answer is the toast / API message. */
export async function switchKey(context: Db, actor: AuditActor, id: number, on: boolean): Promise<Outcome<{ message: string }>> {
  const switched = await context.db.transaction(async (tx) => {
    const current = await findChavi(tx, id);
    if (!current || !(await setChaviStatus(tx, id, on))) return false;
    await recordAudit(tx, [{ actor, action: "switch", entity: "key", entityId: id, before: { name: current.name, isactive: current.isactive }, after: { isactive: on } }]);
    return true;
  });
  if (!switched) return notFoundOutcome();
  return succeed({ message: turnedMessage("Key", on) });
}

/** Deletes a key with its assignments and stored events. */
export async function deleteKey(context: Db, actor: AuditActor, id: number): Promise<Outcome<{ message: string }>> {
  const key = await context.db.transaction(async (tx) => {
    const found = await findChavi(tx, id);
    if (!found || !(await deleteChavi(tx, found.id))) return null;
    await recordAudit(tx, [{ actor, action: "delete", entity: "key", entityId: id, before: auditedKey(found), after: null }]);
    return found;
  });
  if (!key) return refuse(KEY_ALREADY_DELETED, undefined, 404);
  return succeed({ message: `Key ${key.name} deleted successfully` });
}

/** A key as the audit log keeps it: its fields and its users, in id order. */
function auditedKey(key: Pick<ChaviInput, "name" | "displayName" | "description" | "type" | "srNo" | "isactive" | "userIds">) {
  return { name: key.name, displayName: key.displayName, description: key.description, type: key.type, srNo: key.srNo, isactive: key.isactive, userIds: [...key.userIds].sort((a, b) => a - b) };
}

// ---------------------------------------------------------------- assigning keys to a user

/** Exactly these keys (the page's checklist), or the documents' keys to add and to take away (the API). */
export type KeyAssignment = { keyIds: readonly number[] } | { add: readonly number[]; remove: readonly number[] };

/** Sets a user's keys in one transaction; only users of roles 1, 3 and 4 receive keys. */
export async function assignKeys(context: Db, userId: number, assignment: KeyAssignment): Promise<Outcome<{ message: string }>> {
  const user = (await listKeyUserChoices(context.db)).find((u) => u.id === userId);
  if (!user) return refuse(KEY_USER_REFUSED, "userId");
  const count = await context.db.transaction(async (tx) => {
    if ("keyIds" in assignment) return setUserKeys(tx, user.id, assignment.keyIds);
    const removed = new Set(assignment.remove);
    const next = [...new Set([...(await listUserKeyIds(tx, user.id)), ...assignment.add])].filter((id) => !removed.has(id));
    return setUserKeys(tx, user.id, next);
  });
  return succeed({ message: `Keys assigned to ${user.username}: ${count}` });
}

// ---------------------------------------------------------------- the key order (Chavi Setting)

/**
 * A new key order: every key's id in order (the page's drag list), every key's name in order
 * (the API), or one key moved up or down (the page without JavaScript).
 */
export type KeyOrderChange =
  | { intent: "save-order"; order: readonly number[] }
  | { intent: "names"; names: readonly string[] }
  | { intent: "move"; id: number; direction: "up" | "down" };

function nextOrder(keys: readonly ChaviRow[], change: KeyOrderChange): number[] {
  const current = keys.map((k) => k.id);
  if (change.intent === "move") return moveInOrder(current, change.id, change.direction);
  if (change.intent === "save-order") return [...change.order];
  const idByName = new Map(keys.map((k) => [k.name.toUpperCase(), k.id]));
  return change.names.map((name) => idByName.get(name.toUpperCase()) ?? -1);
}

/**
 * Saves the key order. The current keys are read, locked and rewritten in one transaction, so a
 * concurrent reorder cannot interleave; a stale order (a key added or deleted meanwhile) is
 * refused rather than allowed to drop keys.
 */
export async function saveKeyOrder(context: Db, change: KeyOrderChange): Promise<Outcome<{ message: string }>> {
  const saved = await context.db.transaction(async (tx) => {
    const keys = await lockChavisInOrder(tx);
    const next = nextOrder(keys, change);
    if (!isCompleteOrder(next, keys.map((k) => k.id))) return false;
    await saveChaviOrder(tx, next);
    return true;
  });
  return saved ? succeed({ message: KEY_ORDER_SAVED }) : refuse(KEY_LIST_CHANGED);
}

// ---------------------------------------------------------------- a symbol's keys today

// Today's key events of a symbol (newest first, a page at a time) and its previous plus and minus
// labels: the chart service holds them, as its views list them too (docs/decisions/159).
export { listTodaysKeyEvents as listKeyEventsToday, previousKeyLabelsToday } from "~/services/charts.server";
