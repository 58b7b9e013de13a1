// Socket events that name a market symbol reach only users entitled to that symbol
// (docs/decisions/115): the rule of the pages and the API (visibleSymbolCodes: a customer its
// subscription, other roles every symbol). Each socket's entitlement is resolved once at the
// handshake and again when an admin changes the account; every process delivers to its own
// sockets, so the check holds behind the Redis adapter too.
import type { Server, Socket } from "socket.io";
import { roomForSymbol, roomForUser } from "./events";
import { audienceRooms, socketIdsInRooms } from "./rooms.server";

/** The symbols a user may see: "all", or a set of upper-case codes (a customer's subscription). */
export type SymbolAccess = ReadonlySet<string> | "all";
export type SymbolAccessResolver = (user: { id: number; roleId: number }) => Promise<SymbolAccess>;

/**
 * Who a symbol event is meant for, before the entitlement check: sockets of these roles, of
 * these users, and (subscribers) sockets that follow the symbol with SubAdd.
 */
export interface SymbolAudience {
  roles?: readonly number[];
  userIds?: readonly number[];
  subscribers?: boolean;
}

interface SymbolEventMessage {
  symbolCode: string;
  event: string;
  payload: unknown;
  audience: SymbolAudience;
}

const DELIVER_EVENT = "hub:symbol-event";
const REFRESH_EVENT = "hub:symbol-access";

/** A socket's entitlement; a socket whose entitlement is unknown gets nothing (fails closed). */
export function socketSymbolAccess(socket: Pick<Socket, "data">): SymbolAccess | undefined {
  return (socket.data as { symbolAccess?: SymbolAccess }).symbolAccess;
}

export function mayReceiveSymbol(access: SymbolAccess | undefined, symbolCode: string): boolean {
  if (access === undefined) return false;
  return access === "all" || access.has(symbolCode.toUpperCase());
}

export interface SymbolEvents {
  emit(symbolCode: string, event: string, payload: unknown, audience: SymbolAudience): void;
  refresh(userId: number, roleId?: number): Promise<void>;
}

/**
 * Resolves each socket's entitlement during the handshake (a middleware that runs after the
 * authentication one) and delivers symbol events through it. `clustered` tells whether other
 * processes share the sockets (Redis adapter): they receive each event and each refresh too.
 */
export function attachSymbolEvents(io: Server, options: { resolve: SymbolAccessResolver; clustered: () => boolean; log?: (line: string) => void }): SymbolEvents {
  const log = options.log ?? ((line: string) => console.error(line));

  io.use(async (socket, next) => {
    const user = (socket.data as { user?: { id: number; roleId: number } }).user;
    if (!user) return next(new Error("Invalid token"));
    try {
      (socket.data as { symbolAccess?: SymbolAccess }).symbolAccess = await options.resolve(user);
      next();
    } catch (error) {
      log(`[realtime] symbol access of user ${user.id} failed: ${(error as Error).message}`);
      next(new Error("Live data is unavailable, please try again"));
    }
  });

  const deliverLocal = (message: SymbolEventMessage) => {
    const nsp = io.of("/");
    const rooms = [
      ...audienceRooms(message.audience.roles ?? [], message.audience.userIds ?? []),
      ...(message.audience.subscribers ? [roomForSymbol(message.symbolCode)] : []),
    ];
    for (const id of socketIdsInRooms(nsp, rooms)) {
      const socket = nsp.sockets.get(id);
      if (socket && mayReceiveSymbol(socketSymbolAccess(socket), message.symbolCode)) socket.emit(message.event, message.payload);
    }
  };

  const refreshLocal = async (userId: number, roleId?: number) => {
    const nsp = io.of("/");
    const ids = [...(nsp.adapter.rooms.get(roomForUser(userId)) ?? [])];
    if (ids.length === 0) return;
    const sockets = ids.map((id) => nsp.sockets.get(id)).filter((s): s is Socket => s !== undefined);
    const user = (sockets[0]?.data as { user?: { id: number; roleId: number } } | undefined)?.user;
    if (!user) return;
    let access: SymbolAccess | undefined;
    try {
      access = await options.resolve({ id: userId, roleId: roleId ?? user.roleId });
    } catch (error) {
      // Unknown entitlement: nothing more until the browser reconnects and resolves it again.
      log(`[realtime] symbol access of user ${userId} failed: ${(error as Error).message}`);
    }
    for (const socket of sockets) (socket.data as { symbolAccess?: SymbolAccess }).symbolAccess = access;
  };

  // Events and refreshes published by another process.
  (io as unknown as { on(event: string, listener: (message: never) => void): void }).on(DELIVER_EVENT, (message: SymbolEventMessage) => deliverLocal(message));
  (io as unknown as { on(event: string, listener: (message: never) => void): void }).on(REFRESH_EVENT, (message: { userId: number; roleId?: number }) => {
    void refreshLocal(message.userId, message.roleId);
  });

  return {
    emit(symbolCode, event, payload, audience) {
      const message: SymbolEventMessage = { symbolCode: symbolCode.toUpperCase(), event, payload, audience };
      deliverLocal(message);
      if (options.clustered()) io.serverSideEmit(DELIVER_EVENT, message);
    },
    async refresh(userId, roleId) {
      if (options.clustered()) io.serverSideEmit(REFRESH_EVENT, { userId, roleId });
      await refreshLocal(userId, roleId);
    },
  };
}
