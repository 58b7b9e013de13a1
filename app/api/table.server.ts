// THE API table: every /api call, in one list. The router (dispatch.server.ts), the OpenAPI
// document (/api/openapi.json), the reference page (/api/docs) and the contract tests
// (tests/integration/api-contract.test.ts) are all built from it. To add a call, add a row
// (defineCall) with its handler to the feature's file under calls/ and list the file here.
import * as z from "zod";
import { alertCalls } from "./calls/alerts.server";
import { authCalls } from "./calls/auth.server";
import { calendarCalls } from "./calls/calendar.server";
import { catalogueCalls } from "./calls/catalogue.server";
import { keyCalls } from "./calls/keys.server";
import { liveRateCalls } from "./calls/live-rate.server";
import { marketCalls } from "./calls/market.server";
import { messageCalls } from "./calls/messages.server";
import { pointCalls } from "./calls/points.server";
import { reportCalls } from "./calls/reports.server";
import { tradeCalls } from "./calls/trades.server";
import { userCalls } from "./calls/users.server";
import { watchlistCalls } from "./calls/watchlists.server";
import { settingsCalls } from "./calls/settings.server";
import { uploadCalls } from "./calls/uploads.server";
import { buildOpenApiDocument } from "./openapi.server";
import { renderApiReference } from "./reference.server";
import { defineCall, type ApiCall } from "./types.server";

const referenceCalls: ApiCall[] = [
  defineCall({
    id: "openapi.json",
    method: "GET",
    path: "/api/openapi.json",
    tag: "Reference",
    summary: "This API as an OpenAPI 3.1 document, generated from the table's Zod schemas.",
    page: "/login",
    public: true,
    status: 200,
    response: z.object({ openapi: z.literal("3.1.0"), info: z.object({ title: z.string() }), paths: z.record(z.string(), z.unknown()) }),
    handle: async () => buildOpenApiDocument(API_CALLS),
    sample: () => ({}),
  }),
  defineCall({
    id: "docs",
    method: "GET",
    path: "/api/docs",
    tag: "Reference",
    summary: "This reference as a readable page: every call and socket event.",
    page: "/login",
    public: true,
    status: 200,
    contentType: "text/html",
    response: z.string().includes("<h1>NSE Signals API reference</h1>"),
    handle: async () => new Response(renderApiReference(API_CALLS), { headers: { "Content-Type": "text/html; charset=utf-8" } }),
    sample: () => ({}),
  }),
];

export const API_CALLS: readonly ApiCall[] = [...authCalls, ...referenceCalls, ...settingsCalls, ...catalogueCalls, ...keyCalls, ...userCalls, ...calendarCalls, ...messageCalls, ...pointCalls, ...marketCalls, ...liveRateCalls, ...alertCalls, ...watchlistCalls, ...reportCalls, ...tradeCalls, ...uploadCalls];
