// Support chat over socket.io. The hub already puts every socket in its `user:<id>` and
// `role:<n>` rooms; chat messages go only to the conversation's client and the support role,
// broadcasts to their audience's rooms only. The one client event, the documents' join_room, may only
// (re)join the socket's own user room: a socket can never listen in on another user.
import type { Server, Socket } from "socket.io";
import { canSendSocketEvent } from "~/domain/access";
import {
  broadcastRooms,
  isSupportSide,
  joinRoomTarget,
  mayJoinUserRoom,
  SUPPORT_ROLE,
  type BroadcastTarget,
  type BroadcastView,
  type ChatMessageView,
} from "~/domain/chat";
import type { SessionUser } from "~/models/auth-session.server";
import type { RealtimeHub } from "./hub.server";
import {
  CLIENT_EVENTS,
  roomForUser,
  SERVER_EVENTS,
  type BroadcastPayload,
  type ConversationStatePayload,
  type MessageUnreadPayload,
  type NewMessagePayload,
} from "./events";

export interface JoinRoomAnswer {
  ok: boolean;
  room?: string;
  message?: string;
}

/**
 * Handles join_room on every socket. The lead wires it once next to the hub:
 * `attachChatSocketHandlers(services.hub.io)`.
 */
export function attachChatSocketHandlers(io: Server): void {
  io.on("connection", (socket: Socket) => {
    const user = (socket.data as { user?: SessionUser }).user;
    if (!user) return;
    socket.on(CLIENT_EVENTS.joinRoom, async (payload: unknown, ack?: unknown) => {
      const answer = await joinOwnRoom(socket, user, payload);
      if (typeof ack === "function") ack(answer);
    });
  });
}

async function joinOwnRoom(socket: Socket, user: SessionUser, payload: unknown): Promise<JoinRoomAnswer> {
  const party = { id: user.id, roleId: user.roleId };
  if (!canSendSocketEvent(user.roleId, CLIENT_EVENTS.joinRoom) || !mayJoinUserRoom(party, payload)) {
    const target = joinRoomTarget(payload);
    return { ok: false, message: target === null ? "Bad room" : "Not allowed" };
  }
  const room = roomForUser(user.id);
  await socket.join(room);
  return { ok: true, room };
}

/**
 * A stored message reaches its conversation live: the client's sockets and every support
 * socket get new-message; the side that did not write it gets its new unread count.
 */
export function publishChatMessage(
  hub: RealtimeHub,
  message: ChatMessageView,
  conversation: { clientId: number; unreadForReceiver: number },
): void {
  const payload: NewMessagePayload = message;
  hub.emitToUser(conversation.clientId, SERVER_EVENTS.newMessage, payload);
  hub.emitToRoles([SUPPORT_ROLE], SERVER_EVENTS.newMessage, payload);
  const unread: MessageUnreadPayload = { clientId: conversation.clientId, unread: conversation.unreadForReceiver };
  if (isSupportSide(message.sender.roleId)) hub.emitToUser(conversation.clientId, SERVER_EVENTS.messageUnread, unread);
  else hub.emitToRoles([SUPPORT_ROLE], SERVER_EVENTS.messageUnread, unread);
}

/**
 * A broadcast reaches only its audience's sockets (docs/decisions/146): everyone's role rooms,
 * the chosen roles' rooms, or the chosen users' own rooms. The filter is the room: a socket
 * outside the audience is never sent the event.
 */
export function publishBroadcast(hub: RealtimeHub, broadcast: BroadcastView, target: BroadcastTarget): void {
  const payload: BroadcastPayload = broadcast;
  hub.emitToAudience(broadcastRooms(target), SERVER_EVENTS.broadcast, payload);
}

/** A support conversation was resolved or reopened: every support socket refreshes its inbox. */
export function publishConversationState(hub: RealtimeHub, state: ConversationStatePayload): void {
  hub.emitToRoles([SUPPORT_ROLE], SERVER_EVENTS.conversationState, state);
}
