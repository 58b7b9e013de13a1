// Price alerts (docs/product-rules.md R-TD7, docs/product-rules.md R-AC7 "Alerts and auto alerts"): the
// /alert pages' own service (app/services/alerts.server.ts), so the owner's rows only (another's
// id answers 404), the symbol one the caller may pick, master/key switches for role 1 only, and
// every write re-indexes the alert engine, exactly as on the pages.
import * as z from "zod";
import { createUserAlert, deleteUserAlert, listUserAlerts, setAutoAlerts, updateUserAlert, type AlertRow } from "~/services/alerts.server";
import { ALERT_CONDITIONS } from "~/domain/alerts";
import { PAGE_SIZE } from "~/domain/paging";
import { alertSchema, AUTO_ALERT_SET, ENTER_ALERT_NAME, SELECT_ALERT_SYMBOL } from "~/schemas/alert";
import { createdShape, dataShape, idParam, isoDateTime, listShape, messageShape, pageQuery } from "../shapes";
import { defineCall, valueOrApiError } from "../types.server";
import { strictRecordId } from "~/schemas/record-id";

/** The documents send the symbol by id (symbolId); the form by code. Everything else is the form's. */
const alertBody = alertSchema.omit({ symbol: true }).extend({
  symbolId: strictRecordId(SELECT_ALERT_SYMBOL),
});
const alertUpdateBody = alertBody.extend({ id: strictRecordId("Please send an id") });
const alertAliases = { symbol_id: "symbolId" } as const;

const flag01 = z.union([z.literal(0), z.literal(1)]);
const alertRowShape = z.object({
  id: z.number().int(),
  name: z.string(),
  symbolId: z.number().int(),
  symbol_code: z.string(),
  price: z.number(),
  condition: z.enum(ALERT_CONDITIONS),
  viewType: z.array(z.string()),
  description: z.string(),
  note: z.string(),
  alertType: z.string(),
  isMasterAlert: flag01,
  isChaviAlert: flag01,
  // trading-dashboard.md's Alert (docs/product-rules.md R-TD3) ends with createdBy.
  createdBy: z.string(),
  active: z.boolean(),
  firedAt: isoDateTime.nullable(),
});

function alertOut(r: AlertRow) {
  return {
    id: r.id,
    name: r.name,
    symbolId: r.symbolId,
    symbol_code: r.symbolCode,
    price: r.price,
    condition: r.condition,
    viewType: r.viewType,
    description: r.description,
    note: r.note,
    alertType: r.alertType,
    isMasterAlert: r.isMasterAlert ? 1 : 0,
    isChaviAlert: r.isChaviAlert ? 1 : 0,
    createdBy: r.createdBy,
    active: r.active,
    firedAt: r.firedAt ? r.firedAt.toISOString() : null,
  };
}

const sampleAlert = (symbolId: number, name: string) => ({
  name,
  symbolId,
  price: 123.45,
  condition: "Greater than",
  viewType: ["Play sound", "Notify in App"],
  description: "API alert",
  note: "",
  isMasterAlert: 0,
  isChaviAlert: 0,
  createdBy: "Admin",
});

export const alertCalls = [
  defineCall({
    id: "admin/alert/list",
    method: "GET",
    path: "/api/admin/alert/list",
    tag: "Alerts",
    summary: "The caller's own alerts, newest first, paged (currentPage, pageSize ≤ 100, default 10), with totalCount. isMasterAlert and isChaviAlert as 1/0.",
    page: "/alert",
    query: z.object(pageQuery),
    status: 200,
    response: listShape(alertRowShape),
    handle: async ({ context, user, query }) => {
      const { rows, total } = await listUserAlerts(context, user, query.currentPage ?? 1, query.pageSize ?? PAGE_SIZE);
      return { status: 200, data: rows.map(alertOut), totalCount: total };
    },
    sample: () => ({ query: { currentPage: "1" } }),
  }),
  defineCall({
    id: "admin/alert/create",
    method: "POST",
    path: "/api/admin/alert/create",
    tag: "Alerts",
    summary:
      "Adds an alert: the alert form with the symbol as symbolId (a customer: a subscribed symbol), viewType a list of 'Play sound' / 'Notify in App', " +
      "isMasterAlert and isChaviAlert as 1/0 (kept for role 1 only). createdBy is set by the server ('Admin' for role 1).",
    page: "/alert",
    body: alertBody,
    aliases: alertAliases,
    status: 201,
    response: createdShape(),
    handle: async ({ context, user, body }) => {
      const { id, message } = valueOrApiError(await createUserAlert(context, user, body));
      return { status: 201, message, data: { id } };
    },
    sample: (f) => ({ body: sampleAlert(f.symbolId, "API alert") }),
    invalid: { body: { symbolId: 1, price: 10, condition: "Equal to", viewType: ["Play sound"], description: "d" }, message: ENTER_ALERT_NAME },
  }),
  defineCall({
    id: "admin/alert/update",
    method: "POST",
    path: "/api/admin/alert/update",
    tag: "Alerts",
    summary: "Updates one of the caller's alerts (the create body plus id) and re-arms it; another user's alert answers 404.",
    page: "/alert",
    body: alertUpdateBody,
    aliases: alertAliases,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const { id, ...fields } = body;
      const { message } = valueOrApiError(await updateUserAlert(context, user, id, fields));
      return { status: 200, message };
    },
    sample: async (f, role) => {
      const id = await f.make.alert(role);
      return { body: { id, ...sampleAlert(f.symbolId, "API alert edited") } };
    },
    invalid: { body: { id: 1, name: "n", price: 10, condition: "Equal to", viewType: ["Play sound"], description: "d" }, message: SELECT_ALERT_SYMBOL },
  }),
  defineCall({
    id: "admin/alert/delete",
    method: "DELETE",
    path: "/api/admin/alert/delete/{id}",
    tag: "Alerts",
    summary: "Deletes one of the caller's alerts (another user's answers 404). The documents' ?symbol={code} is accepted and not needed: the alert knows its symbol.",
    page: "/alert",
    params: idParam,
    query: z.object({ symbol: z.string().max(40).optional() }),
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, params }) => {
      const { message } = valueOrApiError(await deleteUserAlert(context, user, params.id));
      return { status: 200, message };
    },
    sample: async (f, role) => ({ params: { id: await f.make.alert(role) }, query: { symbol: f.symbolCode } }),
  }),
  defineCall({
    id: "admin/alert/setalertcreate",
    method: "POST",
    path: "/api/admin/alert/setalertcreate",
    tag: "Alerts",
    summary:
      "'+ Set alerts' (role 1): a master 'Equal to' alert at each of today's active reference points not yet covered (empty body). " +
      "200 'Auto Alert Set successfully.' with how many were created; 422 'Error In Auto Alert Set........!' when there is no reference point today.",
    page: "/alert",
    roles: [1],
    status: 200,
    response: dataShape(z.object({ created: z.number().int().nonnegative(), points: z.number().int().positive() }), { message: z.literal(AUTO_ALERT_SET) }),
    handle: async ({ context, user }) => {
      const { message, ...data } = valueOrApiError(await setAutoAlerts(context, user));
      return { status: 200, message, data };
    },
    sample: () => ({}),
  }),
];
