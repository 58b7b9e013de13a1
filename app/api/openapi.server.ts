// The OpenAPI 3.1 document, generated from the API table's Zod schemas (z.toJSONSchema;
// JSON Schema 2020-12 is OpenAPI 3.1's dialect), and the socket events beside it.
import * as z from "zod";
import { ALL_ROLES, ROLE_NAMES, SOCKET_EVENT_RULES, type RoleId } from "~/domain/access";
import { CLIENT_EVENTS, SERVER_EVENTS } from "~/realtime/events";
import { mayCall } from "./roles";
import { errorShape, invalidTokenShape } from "./shapes";
import type { ApiCall } from "./types.server";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** The documents' field names in place of the schema's (aliases). */
function renameProperties(schema: JsonSchema, aliases: Readonly<Record<string, string>> | undefined): JsonSchema {
  if (!aliases || typeof schema.properties !== "object" || schema.properties === null) return schema;
  const documented = Object.fromEntries(Object.entries(aliases).map(([doc, key]) => [key, doc]));
  const properties = Object.fromEntries(Object.entries(schema.properties as Record<string, unknown>).map(([k, v]) => [documented[k] ?? k, v]));
  const required = Array.isArray(schema.required) ? (schema.required as string[]).map((k) => documented[k] ?? k) : undefined;
  return { ...schema, properties, ...(required ? { required } : {}) };
}

export function rolesOf(call: ApiCall): RoleId[] {
  return call.public ? [...ALL_ROLES] : ALL_ROLES.filter((role) => mayCall(role, call));
}

export function requestBodySchema(call: ApiCall): JsonSchema | null {
  if (!call.body) return null;
  if (call.upload) {
    // multipart/form-data: the file field as binary parts, beside the schema's text fields.
    const { files, accept } = call.upload;
    const js = jsonSchema(call.body, "input");
    const properties = { ...((js.properties as Record<string, unknown>) ?? {}), [files]: { type: "array", minItems: 1, items: binarySchema(accept) } };
    return { type: "object", required: [...new Set([...((js.required as string[] | undefined) ?? []), files])], properties };
  }
  const item = renameProperties(jsonSchema(call.body, "input"), call.aliases);
  if (call.bodyWrappedIn) return { type: "object", required: [call.bodyWrappedIn], properties: { [call.bodyWrappedIn]: item } };
  return call.bodyIsArrayOfOne ? { type: "array", minItems: 1, maxItems: 1, items: item } : item;
}

function parameters(call: ApiCall) {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", call.params],
    ["query", call.query],
  ] as const) {
    if (!schema) continue;
    const js = jsonSchema(schema, "input");
    const required = new Set((js.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((js.properties as Record<string, JsonSchema>) ?? {})) {
      list.push({ name, in: where, required: where === "path" || required.has(name), schema: property });
    }
  }
  return list;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string, name = "Error") => ({ description, content: { "application/json": { schema: ref(name) } } });

/** A file download's body: raw bytes of one of its media types. */
export function binarySchema(type: string): JsonSchema {
  return { type: "string", format: "binary", contentMediaType: type };
}

function successResponse(call: ApiCall) {
  if (call.download) {
    return {
      description: "A file download",
      headers: { "Content-Disposition": { description: 'attachment; filename="..."', schema: { type: "string" } } },
      content: Object.fromEntries(call.download.map((type) => [type, { schema: binarySchema(type) }])),
    };
  }
  if (call.contentType === "text/html") return { description: "Success", content: { "text/html": { schema: { type: "string" } } } };
  return { description: "Success", content: { "application/json": { schema: jsonSchema(call.response, "output") } } };
}

export function buildOpenApiDocument(calls: readonly ApiCall[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const roles = rolesOf(call);
    const body = requestBodySchema(call);
    const responses: Record<string, unknown> = { [String(call.status)]: successResponse(call) };
    if (call.body || call.query) responses["400"] = errorResponse("Bad input: errors[0].msg carries the form's message");
    if (!call.public) {
      responses["401"] = errorResponse('Missing, expired or unknown token: {"error":"Invalid token"}; a token unused too long: {"error":"You were signed out after 30 minutes without activity"}', "InvalidToken");
      if (roles.length < ALL_ROLES.length) responses["403"] = errorResponse("The caller's role may not make this call");
    }
    if (call.params) responses["404"] = errorResponse("Not found, or not the caller's to see");
    paths[call.path] ??= {};
    paths[call.path][call.method.toLowerCase()] = {
      operationId: call.id,
      tags: [call.tag],
      summary: call.summary,
      ...(call.public ? { security: [] } : {}),
      parameters: parameters(call),
      ...(body ? { requestBody: { required: true, content: { [call.upload ? "multipart/form-data" : "application/json"]: { schema: body } } } } : {}),
      responses,
      "x-roles": roles,
      "x-access-page": call.page,
      ...(call.documentedMethod ? { "x-documented-method": call.documentedMethod } : {}),
    };
    if (call.documentedMethod && call.documentedMethod !== call.method) {
      const method = call.documentedMethod.toLowerCase();
      paths[call.path][method] ??= {
        operationId: `${call.id} (${call.documentedMethod}, moved)`,
        tags: [call.tag],
        summary: `The documents' ${call.documentedMethod}: this call changes data, so it is served as ${call.method} (docs/product-rules.md R-D24).`,
        deprecated: true,
        responses: { "405": errorResponse(`Method Not Allowed: use ${call.method}`) },
      };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "NSE Signals API",
      version: "1.0.0",
      description:
        "JSON API of the dashboard. Sign in with POST /api/admin/login, then send `Authorization: Bearer <token>`. " +
        "Success is 200 or 201 only; failures carry errors[0].msg. Socket events: x-socket-events.",
    },
    servers: [{ url: "/" }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(calls.map((c) => c.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "The token of POST /api/admin/login" } },
      schemas: { Error: jsonSchema(errorShape, "output"), InvalidToken: jsonSchema(invalidTokenShape, "output") },
    },
    "x-socket-events": socketEventReference(),
  };
}

// ------------------------------------------------------------------ socket events

export interface SocketEventDoc {
  name: string;
  direction: "server to client" | "client to server";
  roles: RoleId[];
  payload: string;
  note: string;
}

/** Payload descriptions of app/realtime/events.ts; a new event without one fails the API tests. */
export const SOCKET_EVENT_DOCS: Readonly<Record<string, { payload: string; note: string; roles?: RoleId[] }>> = {
  [SERVER_EVENTS.symbolTick]: { payload: "{ tickData: Quote, chavi: {label, date}[] }", note: "Ticks of the symbols the socket subscribed to (SubAdd), batched per frame." },
  [SERVER_EVENTS.allSymbol]: { payload: "Quote[]", note: "The live table's quotes." },
  [SERVER_EVENTS.overviewData]: { payload: "{ gauge, advances, declines, sectors: {sectorId, gauge, advances, declines}[], time }", note: "Overview gauges every few seconds (docs/product-rules.md R-D19); the same data as GET /api/getSymbolOverviewData." },
  [SERVER_EVENTS.chavi]: { payload: "{ symbolCode, label, price, time }", note: "A key (chavi) crossing, to the users the key is assigned to.", roles: [1, 3, 4] },
  [SERVER_EVENTS.swingAlert]: { payload: "{ symbolCode, kind: 'high'|'low', price, time, clearLine }", note: "A confirmed swing point." },
  [SERVER_EVENTS.tradeAll]: { payload: "trade notification", note: "To everyone; emitted by the trade journal (issue 5)." },
  [SERVER_EVENTS.tradeUser]: { payload: "trade notification", note: "To the trade's owner; emitted by the trade journal." },
  [SERVER_EVENTS.tradeAdmin]: { payload: "trade notification", note: "Role 1.", roles: [1] },
  [SERVER_EVENTS.tradeAdminEmployee]: { payload: "trade notification", note: "Roles 1 and 3.", roles: [1, 3] },
  [SERVER_EVENTS.tradeCustomerEmployee]: { payload: "trade notification", note: "Roles 3 and 4.", roles: [3, 4] },
  [SERVER_EVENTS.newMessage]: { payload: "ChatMessageView", note: "A message of a conversation the socket takes part in.", roles: [1, 3, 4] },
  [SERVER_EVENTS.messageUnread]: { payload: "MessageUnreadView", note: "A conversation's unread count for the receiving side.", roles: [1, 3, 4] },
  [SERVER_EVENTS.targetRemoved]: { payload: "{ id, symbolCode, pointName, price }", note: "A target point the price reached was deleted (docs/product-rules.md R-D15)." },
  [SERVER_EVENTS.broadcast]: { payload: "BroadcastView", note: "A broadcast, to its audience only: every signed-in user, the chosen roles or the chosen users." },
  [SERVER_EVENTS.conversationState]: { payload: "{ clientId, resolved }", note: "A support conversation was resolved or reopened.", roles: [1] },
  [SERVER_EVENTS.alertNotification]: {
    payload: "{ id, symbolCode, message, view: string[], mp3Text, time }",
    note: "A fired price alert's notification, to its owner (and a master alert's followers).",
    roles: [1, 3, 4],
  },
  [SERVER_EVENTS.sessionEnded]: {
    payload: "none",
    note: "This socket's session was ended elsewhere (signed out, other devices signed out, deactivated); the socket is dropped right after.",
  },
  [SERVER_EVENTS.feedState]: {
    payload: "{ state: 'connecting' | 'live' | 'stale' | 'reconnecting' | 'off', since: epoch ms }",
    note: "A live provider's market feed (FEED=kite) changed state; sent to every socket. Never sent for simulated or replayed prices.",
  },
  [CLIENT_EVENTS.subscribe]: { payload: "{ subs: string[] } (at most 200 codes)", note: "Subscribe to symbols' ticks." },
  [CLIENT_EVENTS.unsubscribe]: { payload: "{ subs: string[] }", note: "Unsubscribe." },
  [CLIENT_EVENTS.joinRoom]: { payload: "user id", note: "Support chat: join the caller's own room (the server already did)." },
};

export function socketEventReference(): SocketEventDoc[] {
  const server = Object.values(SERVER_EVENTS).map((name) => ({
    name,
    direction: "server to client" as const,
    roles: SOCKET_EVENT_DOCS[name]?.roles ?? [...ALL_ROLES],
    payload: SOCKET_EVENT_DOCS[name]?.payload ?? "",
    note: SOCKET_EVENT_DOCS[name]?.note ?? "",
  }));
  const client = Object.values(CLIENT_EVENTS).map((name) => ({
    name,
    direction: "client to server" as const,
    // Who may send it is the access table's SOCKET_EVENT_RULES, the hub's one rule.
    roles: [...(SOCKET_EVENT_RULES[name] ?? [])],
    payload: SOCKET_EVENT_DOCS[name]?.payload ?? "",
    note: SOCKET_EVENT_DOCS[name]?.note ?? "",
  }));
  return [...client, ...server];
}

export function roleNames(roles: readonly RoleId[]): string {
  return roles.map((r) => `${r} ${ROLE_NAMES[r]}`).join(", ");
}
