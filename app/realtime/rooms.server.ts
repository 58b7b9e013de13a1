// Who an emit to rooms reaches on this process: the rule both the audience events and the symbol
// events deliver by (each socket once, however many of the rooms it is in).
import type { Namespace } from "socket.io";
import { roomForRole, roomForUser } from "./events";

/** The rooms of these roles and these users. */
export function audienceRooms(roles: readonly number[], userIds: readonly number[]): string[] {
  return [...roles.map(roomForRole), ...userIds.map(roomForUser)];
}

/** The ids of this process's sockets in any of these rooms, each once, in room order. */
export function socketIdsInRooms(nsp: Namespace, rooms: readonly string[]): Set<string> {
  const ids = new Set<string>();
  for (const room of rooms) for (const id of nsp.adapter.rooms.get(room) ?? []) ids.add(id);
  return ids;
}
