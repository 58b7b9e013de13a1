// Support chat messages: the only place that reads or writes the messages table.
//
// A conversation is named by its client (the employee or customer); its messages are those
// between the client and any support (role-1) account, so several admins share one inbox and
// a message keeps the name of the admin who wrote it (docs/decisions/040).
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppDatabase } from "~/db/client.server";
import { messages, supportConversations, users } from "~/db/schema";
import { likePattern } from "~/domain/list-query";
import type { RoleId } from "~/domain/access";
import { CHAT_CLIENT_ROLES, SUPPORT_ROLE, type ChatMessageView } from "~/domain/chat";
import { rowsOf } from "~/db/rows";

export interface ChatUser {
  id: number;
  name: string;
  roleId: RoleId;
  status: boolean;
}

/** A stored message: what the chat screen is sent, with its times as dates and when it was read. */
export interface ChatMessage extends Omit<ChatMessageView, "createdAt"> {
  createdAt: Date;
  readAt: Date | null;
}

/** Which side is reading: support (every role-1 user) or the conversation's client. */
export type ReaderSide = "support" | "client";

const chatUserColumns = { id: users.id, name: users.name, roleId: users.roleId, status: users.status };

function toChatUser(row: { id: number; name: string; roleId: number; status: boolean }): ChatUser {
  return { id: row.id, name: row.name, roleId: row.roleId as RoleId, status: row.status };
}

export async function findChatUser(db: AppDatabase, id: number): Promise<ChatUser | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [row] = await db.select(chatUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ? toChatUser(row) : null;
}

/**
 * The support account clients write to: the lowest-id active role-1 user (id 1 in a fresh demo
 * database). Any role-1 user reads and answers; this only decides where a client's message is
 * addressed, so deactivating that account moves new messages to the next admin.
 */
export async function findSupportAccount(db: AppDatabase): Promise<ChatUser | null> {
  const [row] = await db
    .select(chatUserColumns)
    .from(users)
    .where(and(eq(users.roleId, SUPPORT_ROLE), eq(users.status, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return row ? toChatUser(row) : null;
}

const supportIds = (db: AppDatabase) => db.select({ id: users.id }).from(users).where(eq(users.roleId, SUPPORT_ROLE));

/** The messages of a client's conversation: between the client and any support account. */
function inConversation(db: AppDatabase, clientId: number) {
  return or(
    and(eq(messages.senderId, clientId), inArray(messages.receiverId, supportIds(db))),
    and(eq(messages.receiverId, clientId), inArray(messages.senderId, supportIds(db))),
  );
}

/** Messages this side has not read yet: the other side wrote them. */
function unreadBy(db: AppDatabase, clientId: number, side: ReaderSide) {
  return side === "support"
    ? and(eq(messages.senderId, clientId), inArray(messages.receiverId, supportIds(db)), isNull(messages.readAt))
    : and(eq(messages.receiverId, clientId), inArray(messages.senderId, supportIds(db)), isNull(messages.readAt));
}

export async function insertMessage(
  db: AppDatabase,
  input: { sender: ChatUser; receiver: ChatUser; message: string; emp: boolean },
): Promise<ChatMessage> {
  const [row] = await db
    .insert(messages)
    .values({ senderId: input.sender.id, receiverId: input.receiver.id, message: input.message, emp: input.emp })
    .returning();
  const party = (u: ChatUser) => ({ id: u.id, name: u.name, roleId: u.roleId });
  return {
    id: row.id,
    message: row.message,
    senderId: row.senderId,
    receiverId: row.receiverId,
    sender: party(input.sender),
    receiver: party(input.receiver),
    createdAt: row.createdAt,
    emp: row.emp,
    readAt: row.readAt,
  };
}

/**
 * Inserts the greeting when a conversation has no message yet, in one transaction with the
 * check (a double click or two admins at once store one greeting). Returns it, or null when the
 * conversation had messages already.
 */
export async function insertGreetingIfEmpty(
  db: AppDatabase,
  input: { clientId: number; sender: ChatUser; receiver: ChatUser; message: string; emp: boolean },
): Promise<ChatMessage | null> {
  return db.transaction(async (tx) => {
    // Serialises greetings per client: the advisory lock lasts until the transaction ends.
    await tx.execute(sql`select pg_advisory_xact_lock(${0x63686174}, ${input.clientId})`);
    const [existing] = await tx.select({ id: messages.id }).from(messages).where(inConversation(tx as AppDatabase, input.clientId)).limit(1);
    if (existing) return null;
    return insertMessage(tx as AppDatabase, input);
  });
}

const sender = alias(users, "sender");
const receiver = alias(users, "receiver");

/**
 * A page of a conversation, oldest first: the latest `limit` messages, or the `limit` before
 * message id `beforeId` (keyset paging by id, which grows with time).
 */
export async function listConversation(
  db: AppDatabase,
  clientId: number,
  options: { limit: number; beforeId?: number | null },
): Promise<{ messages: ChatMessage[]; hasOlder: boolean }> {
  const rows = await db
    .select({
      id: messages.id,
      message: messages.message,
      senderId: messages.senderId,
      receiverId: messages.receiverId,
      createdAt: messages.createdAt,
      emp: messages.emp,
      readAt: messages.readAt,
      senderName: sender.name,
      senderRole: sender.roleId,
      receiverName: receiver.name,
      receiverRole: receiver.roleId,
    })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(receiver, eq(receiver.id, messages.receiverId))
    .where(and(inConversation(db, clientId), options.beforeId ? lt(messages.id, options.beforeId) : undefined))
    .orderBy(desc(messages.id))
    .limit(options.limit + 1);
  const hasOlder = rows.length > options.limit;
  return {
    hasOlder,
    messages: rows
      .slice(0, options.limit)
      .reverse()
      .map((r) => ({
        id: r.id,
        message: r.message,
        senderId: r.senderId,
        receiverId: r.receiverId,
        sender: { id: r.senderId, name: r.senderName, roleId: r.senderRole as RoleId },
        receiver: { id: r.receiverId, name: r.receiverName, roleId: r.receiverRole as RoleId },
        createdAt: r.createdAt,
        emp: r.emp,
        readAt: r.readAt,
      })),
  };
}

/** Opening a conversation clears its unread count for the side that opened it. */
export async function markConversationRead(db: AppDatabase, clientId: number, side: ReaderSide): Promise<number> {
  const updated = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(unreadBy(db, clientId, side))
    .returning({ id: messages.id });
  return updated.length;
}

export async function countUnread(db: AppDatabase, clientId: number, side: ReaderSide): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(unreadBy(db, clientId, side));
  return Number(row?.n ?? 0);
}

/** One line of the conversation list: who, the latest message, and the unread badge. */
export interface ConversationSummary {
  client: { id: number; name: string; roleId: RoleId };
  lastMessage: { id: number; message: string; senderId: number; createdAt: Date };
  unread: number;
  /** Marked resolved by support and not reopened since (docs/decisions/146). */
  resolved: boolean;
}

/** The latest message and the client's unread count of one conversation (a client's own list). */
export async function getConversationSummary(
  db: AppDatabase,
  client: ChatUser,
  side: ReaderSide,
): Promise<ConversationSummary | null> {
  const [last] = await db
    .select({ id: messages.id, message: messages.message, senderId: messages.senderId, createdAt: messages.createdAt })
    .from(messages)
    .where(inConversation(db, client.id))
    .orderBy(desc(messages.id))
    .limit(1);
  if (!last) return null;
  return {
    client: { id: client.id, name: client.name, roleId: client.roleId },
    lastMessage: last,
    unread: await countUnread(db, client.id, side),
    resolved: await isResolved(db, client.id),
  };
}

interface InboxRow {
  client_id: number;
  client_name: string;
  client_role: number;
  id: number;
  message: string;
  sender_id: number;
  created_at: Date | string;
  unread: number | string;
  resolved: boolean;
}

async function isResolved(db: AppDatabase, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ clientId: supportConversations.clientId })
    .from(supportConversations)
    .where(and(eq(supportConversations.clientId, clientId), isNotNull(supportConversations.resolvedAt)))
    .limit(1);
  return row !== undefined;
}

/** Which conversations the inbox lists: open, resolved or all, and a search (docs/decisions/146). */
export interface InboxQuery {
  status: "open" | "resolved" | "all";
  /** Matched, case-insensitively and with LIKE's wildcards taken literally, in the client's name or user name or any message of the conversation. */
  search: string | null;
}

/**
 * The support inbox: every client conversation, latest activity first (by latest message id,
 * which grows with time), with its latest message and how many of the client's messages
 * support has not read. Keyset-paged: `afterId` is the latest message id of the previous page's
 * last conversation.
 */
export async function listSupportInbox(
  db: AppDatabase,
  options: { limit: number; afterId?: number | null } & Partial<InboxQuery>,
): Promise<{ conversations: ConversationSummary[]; nextAfterId: number | null }> {
  const conditions: SQL[] = [];
  if (options.afterId) conditions.push(sql`l.id < ${options.afterId}`);
  if (options.status === "open") conditions.push(sql`sc.resolved_at is null`);
  if (options.status === "resolved") conditions.push(sql`sc.resolved_at is not null`);
  if (options.search) {
    const pattern = likePattern(options.search);
    conditions.push(sql`(cu.name ilike ${pattern} or cu.username ilike ${pattern}
      or exists (select 1 from conv c where c.client_id = l.client_id and c.message ilike ${pattern}))`);
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await db.execute(sql`
    with support as (select id from users where role_id = ${SUPPORT_ROLE}),
    conv as (
      select case when m.sender_id in (select id from support) then m.receiver_id else m.sender_id end as client_id,
             m.id, m.message, m.sender_id, m.created_at,
             (m.read_at is null and m.sender_id not in (select id from support)) as unread_by_support
      from messages m
      where (m.sender_id in (select id from support)) <> (m.receiver_id in (select id from support))
    ),
    latest as (
      select distinct on (client_id) client_id, id, message, sender_id, created_at
      from conv order by client_id, id desc
    ),
    unread as (
      select client_id, count(*) filter (where unread_by_support) as unread from conv group by client_id
    )
    select l.client_id, cu.name as client_name, cu.role_id as client_role, l.id, l.message, l.sender_id,
           l.created_at, u.unread, (sc.resolved_at is not null) as resolved
    from latest l
    join unread u on u.client_id = l.client_id
    join users cu on cu.id = l.client_id and cu.role_id in (${sql.join(CHAT_CLIENT_ROLES.map((r) => sql`${r}`), sql`, `)})
    left join support_conversations sc on sc.client_id = l.client_id
    ${where}
    order by l.id desc
    limit ${options.limit + 1}
  `);
  const rows = rowsOf<InboxRow>(result);
  const page = rows.slice(0, options.limit).map((r) => ({
    client: { id: Number(r.client_id), name: r.client_name, roleId: Number(r.client_role) as RoleId },
    lastMessage: { id: Number(r.id), message: r.message, senderId: Number(r.sender_id), createdAt: new Date(r.created_at) },
    unread: Number(r.unread),
    resolved: r.resolved === true || String(r.resolved) === "t" || String(r.resolved) === "true",
  }));
  const last = page[page.length - 1];
  return { conversations: page, nextAfterId: rows.length > options.limit && last ? last.lastMessage.id : null };
}

