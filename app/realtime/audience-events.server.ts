// Events to audiences (role rooms and user rooms: a trade change's four events, a broadcast),
// gathered over one synchronous run and sent together when it ends (process.nextTick): each
// socket gets its events in the order they were emitted, each once, in ONE write; the other
// processes get ONE message with all of them and do the same for their sockets. A trade change
// used to be four socket.io broadcasts: four messages through Redis, and up to three writes per
// staff socket, each a system call (bench/load, docs/decisions/177).
import type { Server, Socket } from "socket.io";
import { audienceRooms, socketIdsInRooms } from "./rooms.server";
import { writePacketsInOrder } from "./ws-frame.server";

export interface Audience {
  roles: readonly number[];
  userIds: readonly number[];
}

/** One emit, encoded when it is made (a payload changed afterwards does not change it). */
interface EncodedEmit {
  rooms: string[];
  /** The socket.io EVENT packet, as socket.emit encodes a JSON payload. */
  packet: string;
}

const AUDIENCE_EVENT = "hub:audience-events";

/** socket.io's encoding of an event with a JSON payload to the main namespace (socket.io-parser: type 2, then the array). */
export function eventPacket(event: string, payload: unknown): string {
  return `2${JSON.stringify([event, payload])}`;
}

export interface AudienceEvents {
  /** Queues one event to everyone in these rooms, each socket once; sent when this run ends. */
  emit(audience: Audience, event: string, payload: unknown): void;
}

export function attachAudienceEvents(io: Server, clustered: () => boolean, log: (line: string) => void = (line) => console.error(line)): AudienceEvents {
  let pending: EncodedEmit[] = [];

  const deliverLocal = (emits: readonly EncodedEmit[]) => {
    const nsp = io.of("/");
    const perSocket = new Map<string, string[]>();
    for (const { rooms, packet } of emits) {
      for (const id of socketIdsInRooms(nsp, rooms)) {
        const packets = perSocket.get(id);
        if (packets) packets.push(packet);
        else perSocket.set(id, [packet]);
      }
    }
    for (const [id, packets] of perSocket) {
      const socket: Socket | undefined = nsp.sockets.get(id);
      if (!socket) continue;
      // This runs on its own (nextTick), outside the request that emitted: a socket that cannot
      // be written to must not take the others, or the process, down with it.
      try {
        writePacketsInOrder(socket, packets);
      } catch (error) {
        log(`[realtime] events to socket ${id} not written: ${(error as Error).message}`);
      }
    }
  };

  const flush = () => {
    const emits = pending;
    pending = [];
    deliverLocal(emits);
    if (clustered()) io.serverSideEmit(AUDIENCE_EVENT, emits);
  };

  // Emits gathered by another process.
  (io as unknown as { on(event: string, listener: (emits: EncodedEmit[]) => void): void }).on(AUDIENCE_EVENT, (emits) => deliverLocal(emits));

  return {
    emit(audience, event, payload) {
      const rooms = audienceRooms(audience.roles, audience.userIds);
      if (rooms.length === 0) return;
      if (pending.length === 0) process.nextTick(flush);
      pending.push({ rooms, packet: eventPacket(event, payload) });
    },
  };
}
