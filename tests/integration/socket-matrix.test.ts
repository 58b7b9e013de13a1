// The socket half of the permission matrix (issue 11): every client event of the access table
// (SOCKET_EVENT_RULES) x signed-out and each role, on a real socket.io server wired as server.ts
// wires it (live prices and chat handlers). A role the table refuses gets {ok:false} and no
// effect; a signed-out socket never connects; the table and the handlers know the same events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { seedDemoData } from "~/seed/seed.server";
import { ALL_ROLES, canSendSocketEvent, SOCKET_EVENT_RULES, type RoleId } from "~/domain/access";
import { attachChatSocketHandlers } from "~/realtime/chat.server";
import { CLIENT_EVENTS } from "~/realtime/events";
import { createTestContext, type TestContext } from "../support/context";
import { sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { type MarketServer, startMarketServer } from "../support/sockets";

let t: TestContext;
let live: MarketServer;
const users = {} as Record<RoleId, number>;

/** A valid payload per event, so a refusal can only come from the role check. */
const SAMPLE_PAYLOADS: Record<string, (userId: number) => unknown> = {
  [CLIENT_EVENTS.subscribe]: () => ({ subs: ["NIFTY-I"] }),
  [CLIENT_EVENTS.unsubscribe]: () => ({ subs: ["NIFTY-I"] }),
  [CLIENT_EVENTS.joinRoom]: (userId) => userId,
};

beforeAll(async () => {
  t = await createTestContext();
  await seedDemoData(t.context.db);
  for (const role of ALL_ROLES) users[role] = (await createUser(t.context.db, { roleId: role })).id;
  live = await startMarketServer(t.context, (hub) => attachChatSocketHandlers(hub.io));
}, 120_000);
afterAll(async () => {
  await live?.close();
  await t?.close();
});

async function socketFor(role: RoleId | null): Promise<Socket | string> {
  const cookie = role ? await sessionCookieFor(t.context, users[role]) : undefined;
  const socket = live.open(cookie);
  return new Promise((resolve) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => resolve(error.message));
  });
}

describe("socket events x roles", () => {
  it("every event in the table has a sample payload here (a new event cannot skip the matrix)", () => {
    expect(Object.keys(SOCKET_EVENT_RULES).sort()).toEqual(Object.keys(SAMPLE_PAYLOADS).sort());
  });

  it("a signed-out socket is refused at the handshake, before any event", async () => {
    expect(await socketFor(null)).toBe("Invalid token");
  });

  for (const event of Object.keys(SOCKET_EVENT_RULES)) {
    for (const role of ALL_ROLES) {
      const allowed = canSendSocketEvent(role, event);
      it(`${event} as role ${role}: ${allowed ? "answered" : "refused"}`, async () => {
        const socket = await socketFor(role);
        expect(typeof socket).not.toBe("string");
        const answer = (await (socket as Socket).timeout(5_000).emitWithAck(event, SAMPLE_PAYLOADS[event](users[role]))) as { ok: boolean };
        expect(answer.ok).toBe(allowed);
      });
    }
  }

  it("an event the table does not list is ignored for every role (no answer)", async () => {
    for (const role of ALL_ROLES) {
      const socket = (await socketFor(role)) as Socket;
      await expect(socket.timeout(300).emitWithAck("admin:drop-everything", {})).rejects.toThrow();
    }
  });
});
