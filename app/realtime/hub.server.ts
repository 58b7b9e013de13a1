// The socket.io hub on the same HTTP server as Express. The handshake is authenticated from
// the session cookie (or a Bearer token); an unauthenticated socket is refused. Each socket
// joins its user and role rooms; feature modules emit through the hub, never through io directly.
import { createHash } from "node:crypto";
import type { Server as HttpServer } from "node:http";
import { Server, type Socket } from "socket.io";
import type { SessionUser } from "~/models/auth-session.server";
import { roomForRole, roomForUser, SERVER_EVENTS } from "./events";
import { attachAudienceEvents } from "./audience-events.server";
import { attachSymbolEvents, type SymbolAccess, type SymbolAccessResolver, type SymbolAudience } from "./symbol-events.server";

export type HandshakeAuthenticator = (handshake: {
  cookieHeader: string | undefined;
  authorization: string | undefined;
  token: string | undefined;
}) => Promise<SessionUser | null>;

export interface RealtimeHub {
  io: Server;
  /** True once a cross-process adapter (Redis) carries emits to other processes. */
  clustered: boolean;
  emitToUser(userId: number, event: string, payload: unknown): void;
  emitToRoles(roles: readonly number[], event: string, payload: unknown): void;
  /**
   * The one way to send an event that names a market symbol (prices, keys, swings, targets,
   * alerts): to the audience's sockets whose user is entitled to the symbol (docs/decisions/115).
   */
  emitToEntitled(symbolCode: string, event: string, payload: unknown, audience: SymbolAudience): void;
  /** Re-reads one user's symbol entitlement for its open sockets (its subscription or role changed). */
  refreshSymbolAccess(userId: number, roleId?: number): Promise<void>;
  /**
   * One emit to everyone in these role rooms and these users' rooms; each socket hears it once.
   * Sent when the current synchronous run ends, with the run's other audience emits: one write
   * per socket, one message to the other processes (audience-events.server.ts).
   */
  emitToAudience(audience: { roles: readonly number[]; userIds: readonly number[] }, event: string, payload: unknown): void;
  /**
   * The users among these who have no live connection on any process (with Redis, the other
   * processes are asked too): Web Push goes to them only (docs/decisions/153).
   */
  usersWithoutConnection(userIds: readonly number[]): Promise<number[]>;
  /** Ends the live connections of one user (sign-out, deactivation). */
  disconnectUser(userId: number): void;
  /** Ends the live connections opened with one session (that session was ended). */
  disconnectSession(sessionId: string): void;
  close(): Promise<void>;
}

export interface SocketData {
  user: SessionUser;
  /** Resolved at the handshake: the symbols this socket's user may see. */
  symbolAccess?: SymbolAccess;
}

/**
 * The room of the sockets opened with one session. Named by a hash: room names travel to other
 * processes through the Redis adapter, and a session id is a bearer secret.
 */
export function roomForSession(sessionId: string): string {
  return `session:${createHash("sha256").update(sessionId).digest("base64url").slice(0, 22)}`;
}

/** socket.io's heartbeat: a silent connection is dropped after at most their sum. */
export const LIVENESS_PING_INTERVAL_MS = 10_000;
export const LIVENESS_PING_TIMEOUT_MS = 10_000;

/** socket.io's request to the other processes, untyped: the hub's server-side events are not in its event maps. */
interface ServerSideAsker {
  serverSideEmitWithAck(event: string, ...args: unknown[]): Promise<unknown[]>;
}

/** Asked of the other processes: which of these users they hold a socket of. */
const CONNECTED_USERS_EVENT = "hub:connected-users";

/** How often each socket's session is checked again (an idle or expired session ends its socket). */
export const SESSION_RECHECK_MS = 30_000;

export function createRealtimeHub(options: {
  httpServer?: HttpServer;
  authenticate: HandshakeAuthenticator;
  /** The symbols a user may see (visibleSymbolCodes: the pages' and the API's rule). */
  symbolAccess: SymbolAccessResolver;
  /** Whether a connected socket's session still stands; without it sockets are not re-checked. */
  sessionStillValid?: (sessionId: string) => Promise<boolean>;
  recheckMs?: number;
  corsOrigin?: string | boolean;
}): RealtimeHub {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>({
    serveClient: false,
    // A link that dies without closing (a phone losing signal) is found within 20 s, not
    // socket.io's default 45 s: the page then says "reconnecting" instead of showing frozen
    // prices as live (docs/decisions/128).
    pingInterval: LIVENESS_PING_INTERVAL_MS,
    pingTimeout: LIVENESS_PING_TIMEOUT_MS,
    cors: options.corsOrigin ? { origin: options.corsOrigin, credentials: true } : undefined,
    // A page of another site must not open a socket with our cookie (cross-site WebSocket
    // hijacking): a browser's Origin must name this host. Non-browser clients send none.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      if (!origin || options.corsOrigin) return callback(null, true);
      let host = "";
      try {
        host = new URL(origin).host;
      } catch {
        // unparsable: refused
      }
      callback(null, host !== "" && host === req.headers.host);
    },
  });
  if (options.httpServer) io.attach(options.httpServer);

  io.use(async (socket, next) => {
    try {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      const user = await options.authenticate({
        cookieHeader: socket.handshake.headers.cookie,
        authorization: socket.handshake.headers.authorization,
        token: typeof auth?.token === "string" ? auth.token : undefined,
      });
      if (!user) return next(new Error("Invalid token"));
      socket.data.user = user;
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error("Invalid token"));
    }
  });

  let clustered = false;
  const symbolEvents = attachSymbolEvents(io as unknown as Server, { resolve: options.symbolAccess, clustered: () => clustered });
  const audienceEvents = attachAudienceEvents(io as unknown as Server, () => clustered);

  /** The users among these with a socket on this process. */
  const connectedHere = (userIds: readonly number[]) => userIds.filter((id) => (io.of("/").adapter.rooms.get(roomForUser(id))?.size ?? 0) > 0);
  // Another process asks who of these it holds (usersWithoutConnection).
  (io as unknown as { on(event: string, listener: (ids: unknown, answer?: unknown) => void): void }).on(CONNECTED_USERS_EVENT, (ids, answer) => {
    if (typeof answer !== "function") return;
    answer(Array.isArray(ids) ? connectedHere(ids.filter((id): id is number => Number.isInteger(id))) : []);
  });

  io.on("connection", (socket: Socket) => {
    const user = (socket.data as SocketData).user;
    void socket.join([roomForUser(user.id), roomForRole(user.roleId), roomForSession(user.sessionId)]);
  });

  // A session can end without anyone telling the hub (idle timeout, expiry): each process
  // checks its own sockets now and then and drops those whose session is gone. The browser
  // then tries a new handshake, is refused with "Invalid token" and goes to /login.
  const recheck = options.sessionStillValid;
  const recheckTimer = recheck
    ? setInterval(() => {
        void (async () => {
          const sockets = await io.local.fetchSockets();
          const bySession = new Map<string, typeof sockets>();
          for (const socket of sockets) {
            const id = (socket.data as SocketData).user.sessionId;
            bySession.set(id, [...(bySession.get(id) ?? []), socket]);
          }
          for (const [sessionId, group] of bySession) {
            if (await recheck(sessionId)) continue;
            for (const socket of group) socket.disconnect(true);
          }
        })().catch((error: unknown) => console.error("[realtime] session re-check failed:", error));
      }, options.recheckMs ?? SESSION_RECHECK_MS)
    : null;
  recheckTimer?.unref();

  return {
    io: io as unknown as Server,
    get clustered() {
      return clustered;
    },
    set clustered(value: boolean) {
      clustered = value;
    },
    emitToUser(userId, event, payload) {
      io.to(roomForUser(userId)).emit(event as never, payload as never);
    },
    emitToRoles(roles, event, payload) {
      if (roles.length === 0) return;
      io.to(roles.map(roomForRole)).emit(event as never, payload as never);
    },
    emitToAudience(audience, event, payload) {
      audienceEvents.emit(audience, event, payload);
    },
    emitToEntitled(symbolCode, event, payload, audience) {
      symbolEvents.emit(symbolCode, event, payload, audience);
    },
    refreshSymbolAccess: (userId, roleId) => symbolEvents.refresh(userId, roleId),
    async usersWithoutConnection(userIds) {
      if (userIds.length === 0) return [];
      const asked = [...new Set(userIds)];
      const connected = new Set(connectedHere(asked));
      const elsewhere = asked.filter((id) => !connected.has(id));
      if (clustered && elsewhere.length > 0) {
        // The other processes answer with the ids they hold a socket of: ids, not sockets (a
        // fetchSockets would carry every socket's handshake, cookies included, through Redis).
        // An answer missing past the adapter's request timeout (5 s) rejects: the push then goes
        // to everyone asked (services/push.server.ts).
        const answers = await (io as unknown as ServerSideAsker).serverSideEmitWithAck(CONNECTED_USERS_EVENT, elsewhere);
        for (const answer of answers) if (Array.isArray(answer)) for (const id of answer) if (typeof id === "number") connected.add(id);
      }
      return userIds.filter((id) => !connected.has(id));
    },
    disconnectUser(userId) {
      io.in(roomForUser(userId)).disconnectSockets(true);
    },
    disconnectSession(sessionId) {
      const room = io.in(roomForSession(sessionId));
      room.emit(SERVER_EVENTS.sessionEnded);
      room.disconnectSockets(true);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (recheckTimer) clearInterval(recheckTimer);
        // io.close() also closes the HTTP server it is attached to; a hub without one
        // (tests) only has sockets to drop.
        if (!options.httpServer) {
          io.disconnectSockets(true);
          return resolve();
        }
        io.close(() => resolve());
      }),
  };
}
