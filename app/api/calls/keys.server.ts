// Keys (chavi): the Key List, assignments, the order, and the key events of a symbol
// (docs/product-rules.md R-AC7 Keys; docs/product-rules.md R-TD7 getChaviBySymbol, getPreviousChavi).
import * as z from "zod";
import {
  assignKeys,
  createKey,
  deleteKey,
  listKeyEventsToday,
  listKeysInOrder,
  listKeysWithUsers,
  previousKeyLabelsToday,
  saveKeyOrder,
  switchKey,
  updateKey,
  type ChaviRow,
} from "~/services/keys.server";
import { chaviSchema } from "~/schemas/chavi";
import { createdShape, isoDateTime, listShape, messageShape, statusBody } from "../shapes";
import { requireVisibleSymbol } from "../visible-symbol.server";
import { defineCall, valueOrApiError } from "../types.server";
import { recordId, strictRecordId } from "~/schemas/record-id";
import { KEY_EVENTS_SHOWN } from "~/domain/keys";

// The documents' Chavi (docs/product-rules.md R-AC3): userId is the list of users the key is assigned to,
// status the on/off switch (the same fact as isactive; docs/decisions/144). sortOrder is ours (Chavi Setting).
const chaviRowShape = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  type: z.enum(["plus", "minus"]),
  srNo: z.number().int(),
  description: z.string(),
  isactive: z.boolean(),
  userId: z.array(z.number().int()),
  status: z.boolean(),
  sortOrder: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});

const chaviOut = ({ createdAt, updatedAt, userIds, ...r }: ChaviRow & { userIds: number[] }): z.input<typeof chaviRowShape> => ({
  ...r,
  userId: userIds,
  status: r.isactive,
  created_at: createdAt.toISOString(),
  updated_at: updatedAt.toISOString(),
});

const ids = z.array(strictRecordId());
const chaviUpdateSchema = chaviSchema.extend({ id: strictRecordId("Please send an id") });
const keyUserSchema = z.object({
  userId: strictRecordId("Please select a user"),
  chaviId: ids.default([]),
  removeId: ids.default([]),
});
const keyOrderNamesSchema = z.array(z.string().trim().min(1).max(50), { error: "Please send the key names in order" }).min(1, "Please send the key names in order");
const symbolQuery = z.object({ symbol: z.string({ error: "Please select a symbol" }).trim().min(1, "Please select a symbol").max(40) });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

export const keyCalls = [
  defineCall({
    id: "admin/chavi/list",
    method: "GET",
    path: "/api/admin/chavi/list",
    tag: "Keys",
    summary: "The Key List in key order, each key with userId (the users it is assigned to) and status (on/off, as isactive); isactive=true keeps the active keys only.",
    page: "/chavi",
    query: z.object({ isactive: z.enum(["true", "false"]).optional() }),
    status: 200,
    response: listShape(chaviRowShape),
    handle: async ({ context, query }) => {
      const rows = await listKeysWithUsers(context, { activeOnly: query.isactive === "true" });
      return { status: 200, data: rows.map(chaviOut), totalCount: rows.length };
    },
    sample: () => ({ query: { isactive: "true" } }),
  }),
  defineCall({
    id: "admin/chavi/create",
    method: "POST",
    path: "/api/admin/chavi/create",
    tag: "Keys",
    summary: "Creates a key: name, displayName, type (plus/minus), isactive (1/0), description, srNo, userId (list of users: roles 1, 3, 4).",
    page: "/chavi",
    body: chaviSchema,
    aliases: { userId: "userIds" },
    status: 201,
    response: createdShape(),
    handle: async ({ context, user, body }) => {
      const { id, message } = valueOrApiError(await createKey(context, user, body), { userId: "userIds" });
      return { status: 201, message, data: { id } };
    },
    sample: (f) => ({ body: { name: `APIKEY${unique()}`, displayName: "Api Key", type: "plus", isactive: 1, description: "", srNo: 2, userId: [f.users[3].id] } }),
    invalid: { body: { displayName: "No name", type: "plus", srNo: 1 }, message: "Please enter a name" },
  }),
  defineCall({
    id: "admin/chavi/update",
    method: "POST",
    path: "/api/admin/chavi/update",
    tag: "Keys",
    summary: "Updates a key: the create fields plus id.",
    page: "/chavi",
    body: chaviUpdateSchema,
    aliases: { userId: "userIds" },
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const { message } = valueOrApiError(await updateKey(context, user, body.id, body), { userId: "userIds" });
      return { status: 200, message };
    },
    sample: async (f) => {
      const key = await f.make.chavi();
      return { body: { id: key.id, name: key.name, displayName: "Renamed", type: "minus", isactive: 1, description: "", srNo: 3, userId: [] } };
    },
    invalid: { body: { id: 1, name: "K", displayName: "K", type: "sideways", srNo: 1 }, message: "Please select a type" },
  }),
  defineCall({
    id: "admin/chavi/status",
    method: "POST",
    path: "/api/admin/chavi/status",
    tag: "Keys",
    summary: "Switches a key on (1) or off (0).",
    page: "/chavi",
    body: statusBody,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const { message } = valueOrApiError(await switchKey(context, user, body.id, body.status));
      return { status: 200, message };
    },
    sample: async (f) => ({ body: { id: (await f.make.chavi()).id, status: 0 } }),
    invalid: { body: { status: 0 }, message: "Please send an id" },
  }),
  defineCall({
    id: "admin/chavi/delete",
    method: "POST",
    path: "/api/admin/chavi/delete",
    tag: "Keys",
    summary: "Deletes a key {id} with its assignments; reads status and message.",
    page: "/chavi",
    body: z.object({ id: strictRecordId("Please send an id") }),
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const { message } = valueOrApiError(await deleteKey(context, user, body.id));
      return { status: 200, message };
    },
    sample: async (f) => ({ body: { id: (await f.make.chavi()).id } }),
    invalid: { body: {}, message: "Please send an id" },
  }),
  defineCall({
    id: "admin/chavi/user",
    method: "POST",
    path: "/api/admin/chavi/user",
    tag: "Keys",
    summary: "Gives a user (roles 1, 3, 4) the keys in chaviId and takes away those in removeId, in one transaction.",
    page: "/chavi",
    body: keyUserSchema,
    status: 200,
    response: messageShape(),
    handle: async ({ context, body }) => {
      const { message } = valueOrApiError(await assignKeys(context, body.userId, { add: body.chaviId, remove: body.removeId }));
      return { status: 200, message };
    },
    sample: (f) => ({ body: { userId: f.users[3].id, chaviId: [f.chaviId], removeId: [] } }),
    invalid: { body: { chaviId: [1] }, message: "Please select a user" },
  }),
  defineCall({
    id: "admin/chavi/order",
    method: "POST",
    path: "/api/admin/chavi/order",
    tag: "Keys",
    summary: "Saves the key order: the body is the list of every key's name, in order (Chavi Setting).",
    page: "/key-setting",
    body: keyOrderNamesSchema,
    status: 200,
    response: messageShape(),
    handle: async ({ context, body }) => {
      const { message } = valueOrApiError(await saveKeyOrder(context, { intent: "names", names: body }));
      return { status: 200, message };
    },
    sample: async (f) => ({ body: [...(await f.keyNames())].reverse() }),
    invalid: { body: [], message: "Please send the key names in order" },
  }),
  defineCall({
    id: "chaviOrder.json",
    method: "GET",
    path: "/api/chaviOrder.json",
    tag: "Keys",
    summary: "The key names in key order (how key chips are ordered).",
    page: "/chart",
    status: 200,
    response: z.array(z.string()),
    handle: async ({ context }) => (await listKeysInOrder(context)).map((k) => k.name),
    sample: () => ({}),
  }),
  defineCall({
    id: "admin/chavi/getChaviBySymbol",
    method: "GET",
    path: "/api/admin/chavi/getChaviBySymbol",
    tag: "Keys",
    summary: `Today's key events of a symbol, newest first, ${KEY_EVENTS_SHOWN} at a time (before=<nextBefore> for older ones; role 1 all keys, roles 3 and 4 the keys assigned to them).`,
    page: "/chart",
    query: symbolQuery.extend({ before: recordId().optional() }),
    status: 200,
    response: z.object({
      status: z.literal(200),
      data: z.array(z.object({ label: z.string(), price: z.number(), date: isoDateTime })),
      nextBefore: z.number().int().nullable(),
    }),
    handle: async ({ context, user, query }) => {
      const symbol = await requireVisibleSymbol(context, user, query.symbol);
      const page = await listKeyEventsToday(context, user, symbol.symbolCode, query.before ?? null);
      return { status: 200, data: page.rows.map((e) => ({ label: e.label, price: e.price, date: e.eventTime.toISOString() })), nextBefore: page.nextBeforeId };
    },
    sample: (f) => ({ query: { symbol: f.symbolCode } }),
  }),
  defineCall({
    id: "getPreviousChavi/{symbol}",
    method: "GET",
    path: "/api/getPreviousChavi/{symbol}",
    tag: "Keys",
    summary: "The previous plus and minus key labels of a symbol today (the last of each type; docs/product-rules.md R-D17).",
    page: "/chart",
    params: z.object({ symbol: z.string().min(1).max(40) }),
    status: 200,
    response: z.object({ status: z.literal(200), plusChavi: z.object({ chavi: z.string().nullable() }), minusChavi: z.object({ chavi: z.string().nullable() }) }),
    handle: async ({ context, user, params }) => {
      const symbol = await requireVisibleSymbol(context, user, params.symbol);
      const labels = await previousKeyLabelsToday(context, user, symbol.symbolCode);
      return { status: 200, plusChavi: { chavi: labels.plus }, minusChavi: { chavi: labels.minus } };
    },
    sample: (f) => ({ params: { symbol: f.symbolCode } }),
  }),
];
