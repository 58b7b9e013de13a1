// The chat screen's data as the loaders send it (times already formatted in IST).
import type { RoleId } from "~/domain/access";

export interface ConversationListItem {
  clientId: number;
  href: string;
  title: string;
  /** "Employee" or "Customer" in the support inbox; null in a client's own list. */
  tag: string | null;
  preview: string;
  previewIsMine: boolean;
  time: string;
  unread: number;
  selected: boolean;
}

export interface MessageLine {
  id: number;
  text: string;
  senderName: string;
  /** The viewer wrote it (shown as "You"). */
  mine: boolean;
  /** Shown on the viewer's side of the pane (isOwnMessage). */
  own: boolean;
  time: string;
}

export interface SupportScreenData {
  viewer: { id: number; roleId: RoleId; isSupport: boolean };
  /** A client with no support account to write to (no active admin). */
  supportUnavailable: boolean;
  /** A client's Contact Us button shows while it has no conversation yet. */
  canContactUs: boolean;
  conversations: ConversationListItem[];
  olderConversationsHref: string | null;
  selected: null | {
    clientId: number;
    href: string;
    title: string;
    messages: MessageLine[];
    olderMessagesHref: string | null;
    /** Support opened a conversation with no message yet: offer Go to Chat's greeting. */
    canStart: boolean;
  };
  broadcasts: { id: number; message: string; userName: string; time: string }[];
  broadcastDialogOpen: boolean;
}
