// The OpenAPI document and the reference page against the router: every documented route is
// served, every /api route is documented, every socket event is listed with its payload.
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dispatchApi } from "~/api/dispatch.server";
import { UNKNOWN_CALL_MESSAGE } from "~/api/messages";
import { SOCKET_EVENT_DOCS } from "~/api/openapi.server";
import { API_CALLS } from "~/api/table.server";
import { CLIENT_EVENTS, SERVER_EVENTS } from "~/realtime/events";
import { SOCKET_EVENT_RULES } from "~/domain/access";
import { createAuthSession } from "~/models/auth-session.server";
import { createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { ORIGIN } from "../support/requests";
import { routeNames } from "../support/route-files";

type OpenApi = { openapi: string; paths: Record<string, Record<string, { operationId: string; deprecated?: boolean; responses: Record<string, unknown> }>> };

let t: TestContext;
let adminId: number;
let doc: OpenApi;
/** A fresh session each time: one of the calls walked is admin/logout. */
const adminToken = async () => (await createAuthSession(t.context.db, adminId)).id;

beforeAll(async () => {
  t = await createTestContext();
  const admin = await createUser(t.context.db, { roleId: 1 });
  adminId = admin.id;
  const res = await dispatchApi(new Request(`${ORIGIN}/api/openapi.json`), t.context);
  expect(res.status).toBe(200);
  doc = (await res.json()) as OpenApi;
});
afterAll(async () => {
  await t?.close();
});

const METHODS = ["get", "post", "put", "delete"] as const;

describe("/api/openapi.json", () => {
  it("is an OpenAPI 3.1 document with one operation per table row (plus the moved GETs)", () => {
    expect(doc.openapi).toBe("3.1.0");
    const operations = Object.values(doc.paths).flatMap((item) => METHODS.filter((m) => item[m]).map((m) => item[m]!));
    const live = operations.filter((op) => !op.deprecated);
    expect(live.map((op) => op.operationId).sort()).toEqual(API_CALLS.map((c) => c.id).sort());
    expect(operations.filter((op) => op.deprecated)).toHaveLength(API_CALLS.filter((c) => c.documentedMethod).length);
  });

  it("documents only routes the router serves: each path and method answers, never 'Unknown API call'", async () => {
    for (const [template, item] of Object.entries(doc.paths)) {
      // 0 is no row's id: a served call answers 400/404 "Not found" or its data, never the unknown-call 404.
      const url = ORIGIN + template.replace(/\{\w+\}/g, "0");
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const res = await dispatchApi(new Request(url, { method: method.toUpperCase(), headers: { Authorization: `Bearer ${await adminToken()}` } }), t.context);
        const body = await res.text();
        expect(body.includes(UNKNOWN_CALL_MESSAGE), `${method} ${template}`).toBe(false);
        if (op.deprecated) expect(res.status, `${method} ${template}`).toBe(405);
        else expect(res.status, `${method} ${template}: ${body.slice(0, 200)}`).not.toBe(405);
      }
    }
  });

  it("lists every /api route module: the dedicated ones by their path, the rest through the table's router", () => {
    const routes = routeNames().filter((name) => /^api\./.test(name)).map((name) => `${name}.tsx`);
    expect(routes).toContain("api.$.tsx");
    const documented = new Set(Object.keys(doc.paths).map((p) => p.toLowerCase()));
    for (const file of routes.filter((f) => f !== "api.$.tsx")) {
      const urlPath = "/" + file.replace(/\.tsx?$/, "").replace(/\[(.+?)\]/g, "$1").split(".").join("/");
      expect(documented.has(urlPath.toLowerCase()), `${file} → ${urlPath}`).toBe(true);
    }
  });

  it("describes a file download by its media types as binary bodies, with Content-Disposition", () => {
    for (const call of API_CALLS.filter((c) => c.download)) {
      const ok = (doc.paths[call.path][call.method.toLowerCase()] as unknown as { responses: Record<string, { content: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }> }).responses[String(call.status)];
      expect(Object.keys(ok.content).sort(), call.id).toEqual([...call.download!].sort());
      for (const type of call.download!) expect(ok.content[type].schema).toEqual({ type: "string", format: "binary", contentMediaType: type });
      expect(ok.headers, call.id).toHaveProperty("Content-Disposition");
    }
    expect(API_CALLS.some((c) => c.id === "downloadPdf" && c.download?.includes("application/pdf"))).toBe(true);
  });

  it("describes an upload's body as multipart/form-data with its file field as binary parts", () => {
    const uploads = API_CALLS.filter((c) => c.upload);
    expect(uploads.map((c) => c.id)).toContain("admin/referencePoint/add");
    for (const call of uploads) {
      const op = doc.paths[call.path][call.method.toLowerCase()] as unknown as { requestBody: { content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }> } };
      const schema = op.requestBody.content["multipart/form-data"].schema;
      expect(schema.required, call.id).toContain(call.upload!.files);
      expect(schema.properties[call.upload!.files]).toEqual({ type: "array", minItems: 1, items: { type: "string", format: "binary", contentMediaType: call.upload!.accept } });
    }
  });

    it("answers an unknown /api path with 404 'Unknown API call' to a signed-in caller and 401 to anyone else", async () => {
    const known = await dispatchApi(new Request(`${ORIGIN}/api/admin/nothing/here`, { headers: { Authorization: `Bearer ${await adminToken()}` } }), t.context);
    expect(known.status).toBe(404);
    expect(((await known.json()) as { message: string }).message).toBe(UNKNOWN_CALL_MESSAGE);
    const anonymous = await dispatchApi(new Request(`${ORIGIN}/api/admin/nothing/here`), t.context);
    expect(anonymous.status).toBe(401);
  });
});

describe("/api/docs", () => {
  it("lists every call with its method and path, and every socket event with its payload", async () => {
    const res = await dispatchApi(new Request(`${ORIGIN}/api/docs`), t.context);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    const html = await res.text();
    for (const call of API_CALLS) expect(html, call.id).toContain(`${call.method} ${call.path.replace(/&/g, "&amp;")}`);
    for (const event of [...Object.values(SERVER_EVENTS), ...Object.values(CLIENT_EVENTS)]) {
      expect(SOCKET_EVENT_DOCS[event]?.payload, `${event} has no payload description`).toBeTruthy();
      expect(html, event).toContain(`<code>${event}</code>`);
    }
  });

  it("gives client events the roles of the access table's SOCKET_EVENT_RULES", async () => {
    const res = await dispatchApi(new Request(`${ORIGIN}/api/openapi.json`), t.context);
    const events = ((await res.json()) as { "x-socket-events": { name: string; roles: number[]; direction: string }[] })["x-socket-events"];
    for (const [name, roles] of Object.entries(SOCKET_EVENT_RULES)) {
      expect(events.find((e) => e.name === name && e.direction === "client to server")?.roles, name).toEqual([...roles]);
    }
  });
});
