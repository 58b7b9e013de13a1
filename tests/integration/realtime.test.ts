// The socket.io hub on a real HTTP server with real socket.io clients: the handshake is
// authenticated from the session cookie or a Bearer token; an unauthenticated socket is
// refused; sockets join their user and role rooms.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { createRealtimeHub, type RealtimeHub } from "~/realtime/hub.server";
import { readSessionId } from "~/auth/session.server";
import { setUserStatus } from "~/models/user.server";
import { healthReport } from "~/server/health.server";
import { createTestContext, type TestContext, hubOptionsFor } from "../support/context";
import { sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";

let t: TestContext;
let hub: RealtimeHub;
let server: http.Server;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestContext();
  server = http.createServer();
  hub = createRealtimeHub({
    httpServer: server,
    ...hubOptionsFor(t.context),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await hub.close();
  await t.close();
});

function open(options: { cookie?: string; token?: string; authorization?: string; origin?: string }) {
  const socket = connect(url, {
    transports: ["websocket"],
    reconnection: false,
    auth: options.token ? { token: options.token } : undefined,
    extraHeaders: {
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...(options.authorization ? { Authorization: options.authorization } : {}),
      ...(options.origin ? { Origin: options.origin } : {}),
    },
  });
  sockets.push(socket);
  return socket;
}

/**
 * Whether the socket connected, or the error it was refused with. A socket that connected before
 * this was asked (while another socket's handshake was awaited) has already said so.
 */
function outcome(socket: Socket): Promise<"connected" | string> {
  if (socket.connected) return Promise.resolve("connected");
  return new Promise((resolve) => {
    socket.once("connect", () => resolve("connected"));
    socket.once("connect_error", (error) => resolve(error.message));
  });
}

describe("events to audiences (emitToAudience)", () => {
  it("gathers one run's emits: each socket gets its events once each, in order, in one WebSocket message write; a payload changed afterwards is not", async () => {
    const staff = await createUser(t.context.db, { roleId: 3 });
    const owner = await createUser(t.context.db, { roleId: 4 });
    const other = await createUser(t.context.db, { roleId: 4 });
    const staffSocket = open({ cookie: await sessionCookieFor(t.context, staff.id) });
    const ownerSocket = open({ cookie: await sessionCookieFor(t.context, owner.id) });
    const otherSocket = open({ cookie: await sessionCookieFor(t.context, other.id) });
    expect(await Promise.all([staffSocket, ownerSocket, otherSocket].map(outcome))).toEqual(["connected", "connected", "connected"]);
    const inbox = (socket: Socket) => {
      const got: [string, unknown][] = [];
      socket.onAny((event: string, payload: unknown) => got.push([event, payload]));
      return got;
    };
    const [staffGot, ownerGot, otherGot] = [inbox(staffSocket), inbox(ownerSocket), inbox(otherSocket)];
    // The owner's socket on the server: every WebSocket write goes through its ws sender's sendFrame.
    const serverSide = [...hub.io.of("/").sockets.values()].find((s) => (s.data as { user: { id: number } }).user.id === owner.id)!;
    const sender = (serverSide.conn.transport as unknown as { socket: { _sender: { sendFrame: (...args: unknown[]) => void } } }).socket._sender;
    let ownerWrites = 0;
    const sendFrame = sender.sendFrame.bind(sender);
    sender.sendFrame = (...args: unknown[]) => {
      ownerWrites += 1;
      sendFrame(...args);
    };
    const payload = { tradeId: 7, message: "created" };
    hub.emitToAudience({ roles: [], userIds: [owner.id] }, "trade-notification-user", payload);
    hub.emitToAudience({ roles: [1, 3], userIds: [owner.id, staff.id] }, "trade-notification-all", payload);
    hub.emitToAudience({ roles: [3], userIds: [owner.id] }, "trade-notification-customer-employee", payload);
    payload.message = "changed after the emits";
    const sent = { tradeId: 7, message: "created" };
    await expect.poll(() => staffGot.length).toBe(2);
    await expect.poll(() => ownerGot.length).toBe(3);
    expect(staffGot).toEqual([
      ["trade-notification-all", sent],
      ["trade-notification-customer-employee", sent],
    ]);
    expect(ownerGot).toEqual([
      ["trade-notification-user", sent],
      ["trade-notification-all", sent],
      ["trade-notification-customer-employee", sent],
    ]);
    expect(ownerWrites).toBe(1);
    // Another run: the emit comes after the ones above, and nobody else heard anything.
    hub.emitToAudience({ roles: [], userIds: [other.id] }, "broadcast-message", { message: "later" });
    await expect.poll(() => otherGot).toEqual([["broadcast-message", { message: "later" }]]);
    expect(staffGot).toHaveLength(2);
  });
  it("a socket that cannot be written to is logged and skipped; the others still hear the run's events", async () => {
    const broken = await createUser(t.context.db, { roleId: 4 });
    const fine = await createUser(t.context.db, { roleId: 4 });
    const brokenSocket = open({ cookie: await sessionCookieFor(t.context, broken.id) });
    const fineSocket = open({ cookie: await sessionCookieFor(t.context, fine.id) });
    expect(await Promise.all([brokenSocket, fineSocket].map(outcome))).toEqual(["connected", "connected"]);
    const serverSide = [...hub.io.of("/").sockets.values()].find((s) => (s.data as { user: { id: number } }).user.id === broken.id)!;
    const sender = (serverSide.conn.transport as unknown as { socket: { _sender: { sendFrame: (...args: unknown[]) => void } } }).socket._sender;
    const sendFrame = sender.sendFrame;
    sender.sendFrame = () => {
      throw new Error("write after end");
    };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const heard = new Promise((resolve) => fineSocket.once("broadcast-message", resolve));
    hub.emitToAudience({ roles: [], userIds: [broken.id, fine.id] }, "broadcast-message", { message: "to both" });
    expect(await heard).toEqual({ message: "to both" });
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[realtime\] events to socket \S+ not written: write after end$/));
    logged.mockRestore();
    sender.sendFrame = sendFrame;
  });
});

describe("socket handshake", () => {
  it("refuses a socket without a session", async () => {
    expect(await outcome(open({}))).toBe("Invalid token");
  });

  it("refuses a made-up token", async () => {
    expect(await outcome(open({ token: "made-up" }))).toBe("Invalid token");
    expect(await outcome(open({ authorization: "Bearer made-up" }))).toBe("Invalid token");
  });

  it("accepts the session cookie and joins the user and role rooms", async () => {
    const user = await createUser(t.context.db, { roleId: 3 });
    const cookie = await sessionCookieFor(t.context, user.id);
    const socket = open({ cookie });
    expect(await outcome(socket)).toBe("connected");
    const toUser = new Promise((resolve) => socket.once("trade-notification-user", resolve));
    hub.emitToUser(user.id, "trade-notification-user", { id: 1 });
    expect(await toUser).toEqual({ id: 1 });
    const toRole = new Promise((resolve) => socket.once("trade-notification-admin-employee", resolve));
    hub.emitToRoles([1, 3], "trade-notification-admin-employee", { id: 2 });
    expect(await toRole).toEqual({ id: 2 });
  });

  it("does not deliver another user's or another role's events", async () => {
    const me = await createUser(t.context.db, { roleId: 4 });
    const other = await createUser(t.context.db, { roleId: 4 });
    const socket = open({ cookie: await sessionCookieFor(t.context, me.id) });
    expect(await outcome(socket)).toBe("connected");
    const received: string[] = [];
    socket.onAny((event) => received.push(event));
    hub.emitToUser(other.id, "trade-notification-user", { id: 3 });
    hub.emitToRoles([1], "trade-notification-admin", { id: 4 });
    // A marker sent after them arrives last: if the others were delivered, they came first.
    const marker = new Promise((resolve) => socket.once("marker", resolve));
    hub.emitToUser(me.id, "marker", {});
    await marker;
    expect(received).toEqual(["marker"]);
  });

  it("accepts a Bearer token (the JSON API's token)", async () => {
    const user = await createUser(t.context.db, { roleId: 1 });
    const cookie = await sessionCookieFor(t.context, user.id);
    const token = decodeURIComponent(cookie.split("=")[1]);
    const id = await readSessionId(t.context, cookie);
    expect(id).not.toBeNull();
    expect(await outcome(open({ token: id! }))).toBe("connected");
    expect(await outcome(open({ authorization: `Bearer ${id}` }))).toBe("connected");
    expect(token).not.toBe(id); // the cookie carries a signature, the token is the bare id
  });

  it("refuses a browser page of another site (cross-site WebSocket hijacking)", async () => {
    const user = await createUser(t.context.db, { roleId: 3 });
    const cookie = await sessionCookieFor(t.context, user.id);
    const result = await outcome(open({ cookie, origin: "http://evil.example" }));
    expect(result).not.toBe("connected");
  });

  it("drops a deactivated user's sockets when asked", async () => {
    const user = await createUser(t.context.db, { roleId: 4 });
    const socket = open({ cookie: await sessionCookieFor(t.context, user.id) });
    expect(await outcome(socket)).toBe("connected");
    const closed = new Promise((resolve) => socket.once("disconnect", resolve));
    await setUserStatus(t.context.db, user.id, false);
    hub.disconnectUser(user.id);
    expect(await closed).toBe("io server disconnect");
  });
});

describe("health report", () => {
  it("is 200 when the database answers and 503 when it does not", async () => {
    expect(await healthReport(t.database)).toMatchObject({ status: 200, body: { status: "ok" } });
    const down = { driver: "pg" as const, ping: async () => false };
    expect(await healthReport(down)).toMatchObject({ status: 503, body: { status: "unavailable" } });
  });
});
