// Browser side of support chat: while the chat screen is open, a new message, an unread change
// a broadcast or a conversation resolved or reopened reloads the screen's data (the loader marks the open conversation read, so the
// list, the badges and the pane stay in step with the database). Every `on` has its `off`.
import { useEffect, useState } from "react";
import { CLIENT_EVENTS, SERVER_EVENTS } from "../../realtime/events";
import { useSocket } from "./socket-context";
import { useSettledRevalidate } from "./use-settled-revalidate";

export function useChatUpdates(userId: number) {
  const socket = useSocket();
  const revalidate = useSettledRevalidate();
  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // A burst of events (new-message and message-unread come together) makes one reload.
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        revalidate();
      }, 100);
    };
    // The documents' client announces its user room; the server only ever lets it join its own.
    // After a dropped connection the screen reloads once: events sent meanwhile were missed.
    let dropped = false;
    const join = () => {
      socket.emit(CLIENT_EVENTS.joinRoom, userId);
      if (dropped) refresh();
      dropped = false;
    };
    const onDisconnect = () => {
      dropped = true;
    };
    socket.on(SERVER_EVENTS.newMessage, refresh);
    socket.on(SERVER_EVENTS.messageUnread, refresh);
    socket.on(SERVER_EVENTS.broadcast, refresh);
    socket.on(SERVER_EVENTS.conversationState, refresh);
    socket.on("connect", join);
    socket.on("disconnect", onDisconnect);
    if (socket.connected) join();
    return () => {
      socket.off(SERVER_EVENTS.newMessage, refresh);
      socket.off(SERVER_EVENTS.messageUnread, refresh);
      socket.off(SERVER_EVENTS.broadcast, refresh);
      socket.off(SERVER_EVENTS.conversationState, refresh);
      socket.off("connect", join);
      socket.off("disconnect", onDisconnect);
      if (timer) clearTimeout(timer);
    };
  }, [socket, userId, revalidate]);
}

/** True while this tab's socket is connected (shown as data-live, which tests and styles read). */
export function useSocketConnected(): boolean {
  const socket = useSocket();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!socket) return;
    const update = () => setConnected(socket.connected);
    update();
    socket.on("connect", update);
    socket.on("disconnect", update);
    return () => {
      socket.off("connect", update);
      socket.off("disconnect", update);
      setConnected(false);
    };
  }, [socket]);
  return connected;
}
