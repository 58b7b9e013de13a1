// The support chat screen (/support and /support/{id}): the conversation list with unread
// badges, recent broadcasts, the message pane and the composer; for role 1 the 'BroadCast
// Message' dialog. Every control is a link or a plain form, so it works without JavaScript;
// with it, socket events reload the data live and Enter sends.
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formatNumber } from "~/domain/format";
import {
  DEFAULT_INBOX_STATUS,
  MAX_MESSAGE_LENGTH,
  NO_CONVERSATION_TEXT,
  SUPPORT_UNAVAILABLE,
  type ConversationListItem,
  type SupportScreenData,
} from "~/domain/chat";
import { MAX_SEARCH_LENGTH } from "~/domain/list-query";
import { chatMessageSchema } from "~/schemas/chat";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { useChatUpdates, useSocketConnected } from "~/components/realtime/use-chat-updates";
import { BroadcastDialog } from "./broadcast-dialog";
import { MessageList } from "./message-list";
import { useHydrated } from "~/components/ui/use-hydrated";

export function SupportScreen({ data, lastResult }: { data: SupportScreenData; lastResult?: SubmissionResult<string[]> | null }) {
  useChatUpdates(data.viewer.id);
  const live = useSocketConnected();
  const location = useLocation();
  const { selected } = data;
  return (
    <section aria-labelledby="support-title" data-live={live}>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h1 id="support-title" className="text-xl font-semibold">
          Support
        </h1>
        {data.viewer.isSupport ? (
          <Link
            to={`${location.pathname}?broadcast=1`}
            preventScrollReset
            className="ml-auto rounded-md border border-blue-600 px-3 py-1.5 text-sm font-semibold text-blue-700 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-slate-800"
          >
            BroadCast Message
          </Link>
        ) : null}
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[18rem_minmax(0,1fr)]">
        {/* Long names and unbroken words in previews wrap inside the column, never widen the page. */}
        <div className="flex min-w-0 flex-col gap-4 [overflow-wrap:anywhere]">
          <ConversationList data={data} />
          <RecentBroadcasts broadcasts={data.broadcasts} />
        </div>
        <div
          role="region"
          aria-label="Conversation"
          className="flex min-h-[24rem] min-w-0 flex-col rounded-lg [overflow-wrap:anywhere] border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
        >
          {selected ? (
            <>
              <ConversationHeader selected={selected} />
              <MessagePane key={selected.clientId} selected={selected} />
            </>
          ) : (
            <p className="flex flex-1 items-center justify-center p-6 text-slate-500 dark:text-slate-400">{NO_CONVERSATION_TEXT}</p>
          )}
          <Composer key={selected?.href ?? "none"} action={selected?.href ?? null} lastResult={lastResult ?? null} />
        </div>
      </div>
      {data.broadcastDialogOpen ? <BroadcastDialog returnTo={location.pathname} closeHref={location.pathname} /> : null}
    </section>
  );
}

const STATUS_LABELS = { open: "Open", resolved: "Resolved", all: "All" } as const;

/**
 * Support's inbox filter (docs/decisions/146): Open / Resolved / All as links and a GET search
 * form, so every view is a URL and works without JavaScript.
 */
function InboxFilter({ inbox }: { inbox: NonNullable<SupportScreenData["inbox"]> }) {
  const location = useLocation();
  return (
    <div className="flex flex-col gap-2 border-b border-slate-200 p-2 dark:border-slate-800">
      <ul aria-label="Conversation status" className="flex gap-1 text-sm">
        {inbox.statusLinks.map((link) => (
          <li key={link.status} className="flex-1">
            <Link
              to={link.href}
              aria-current={link.current ? "page" : undefined}
              className={`block rounded-md px-2 py-1 text-center ${link.current ? "bg-blue-600 font-semibold text-white" : "text-blue-700 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-slate-800"}`}
            >
              {STATUS_LABELS[link.status]}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="get" action={location.pathname} role="search" aria-label="Search conversations" className="flex gap-1">
        {inbox.status !== DEFAULT_INBOX_STATUS ? <input type="hidden" name="status" value={inbox.status} /> : null}
        <label htmlFor="conversation-search" className="sr-only">
          Search conversations
        </label>
        <input
          id="conversation-search"
          type="search"
          name="q"
          defaultValue={inbox.search}
          key={inbox.search}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Name, user name or message"
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 text-sm font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
          Search
        </button>
      </Form>
    </div>
  );
}

function ConversationList({ data }: { data: SupportScreenData }) {
  const { inbox } = data;
  const emptyText = !inbox
    ? "No conversations yet."
    : inbox.search
      ? "No conversations match."
      : inbox.status === "open"
        ? "No open conversations."
        : inbox.status === "resolved"
          ? "No resolved conversations."
          : "No conversations yet.";
  return (
    <nav aria-label="Conversations" className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      {data.inbox ? <InboxFilter inbox={data.inbox} /> : null}
      {data.conversations.length === 0 ? (
        <p className="px-3 py-4 text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {data.conversations.map((c) => (
            <ConversationRow key={c.clientId} item={c} />
          ))}
        </ul>
      )}
      {data.canContactUs ? (
        <Form method="post" action="/support" className="px-3 pb-3">
          <input type="hidden" name="intent" value="contact" />
          <button type="submit" className="w-full rounded-md bg-blue-600 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-700">
            Contact Us
          </button>
        </Form>
      ) : null}
      {data.supportUnavailable ? <p className="px-3 pb-3 text-sm text-red-700 dark:text-red-300">{SUPPORT_UNAVAILABLE}</p> : null}
      {data.olderConversationsHref ? (
        <Link to={data.olderConversationsHref} className="block px-3 pb-3 text-sm text-blue-600 underline dark:text-blue-400">
          Older conversations
        </Link>
      ) : null}
    </nav>
  );
}

function ConversationRow({ item }: { item: ConversationListItem }) {
  return (
    <li>
      <Link
        to={item.href}
        data-client-id={item.clientId}
        aria-current={item.selected ? "page" : undefined}
        className={`flex flex-col gap-0.5 px-3 py-2 text-sm ${item.selected ? "bg-blue-50 dark:bg-slate-800" : "hover:bg-slate-50 dark:hover:bg-slate-800"}`}
      >
        <span className="flex items-center gap-2">
          <span className="font-semibold">{item.title}</span>
          {item.tag ? <span className="text-xs text-slate-500 dark:text-slate-400">{item.tag}</span> : null}
          {item.resolved ? (
            <span data-field="resolved" className="rounded bg-emerald-100 px-1 text-xs text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">
              Resolved
            </span>
          ) : null}
          {item.unread > 0 ? (
            <span data-field="unread" className="ml-auto rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
              {item.unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </span>
        <span data-field="preview" className="truncate text-slate-600 dark:text-slate-300">
          {item.previewIsMine ? "You: " : ""}
          {item.preview}
        </span>
        <time className="text-xs text-slate-500 dark:text-slate-400">{item.time}</time>
      </Link>
    </li>
  );
}

/** The open conversation's name, its resolved state and (for support) Resolve / Reopen. */
function ConversationHeader({ selected }: { selected: NonNullable<SupportScreenData["selected"]> }) {
  const { resolution } = selected;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
      <h2 className="font-semibold">{selected.title}</h2>
      {resolution ? (
        <p data-field="resolution" className="text-xs text-emerald-800 dark:text-emerald-200">
          Resolved{resolution.by ? ` by ${resolution.by}` : ""} on <time>{resolution.at}</time>
        </p>
      ) : null}
      {selected.canResolve ? (
        <Form method="post" action={selected.href} replace preventScrollReset className="ml-auto">
          <input type="hidden" name="intent" value={resolution ? "reopen" : "resolve"} />
          <button
            type="submit"
            className="rounded-md border border-emerald-700 px-2 py-1 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 dark:text-emerald-200 dark:hover:bg-slate-800"
          >
            {resolution ? "Reopen" : "Mark resolved"}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function RecentBroadcasts({ broadcasts }: { broadcasts: SupportScreenData["broadcasts"] }) {
  if (broadcasts.length === 0) return null;
  return (
    <section aria-labelledby="recent-broadcasts" className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="recent-broadcasts" className="mb-2 text-sm font-semibold">
        Broadcasts
      </h2>
      <ul className="flex flex-col gap-2 text-sm">
        {broadcasts.map((b) => (
          <li key={b.id}>
            <p className="whitespace-pre-wrap break-words">{b.message}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {b.userName} · <time>{b.time}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MessagePane({ selected }: { selected: NonNullable<SupportScreenData["selected"]> }) {
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = selected.messages[selected.messages.length - 1]?.id ?? 0;
  useEffect(() => {
    // The newest message in view whenever one arrives.
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);
  return (
    // Focusable and named: a long conversation scrolls here, and a keyboard must reach it (docs/decisions/151).
    <div ref={scroller} role="region" aria-label="Message history" tabIndex={0} className="max-h-[60vh] flex-1 overflow-y-auto px-4 py-3">
      {selected.olderMessagesHref ? (
        <Link to={selected.olderMessagesHref} className="mb-2 block text-center text-sm text-blue-600 underline dark:text-blue-400">
          Older messages
        </Link>
      ) : null}
      <MessageList messages={selected.messages} />
      {selected.canStart ? (
        <Form method="post" action={selected.href} className="mt-2 text-center">
          <input type="hidden" name="intent" value="start" />
          <button type="submit" className="rounded-md border border-blue-600 px-3 py-1.5 text-sm font-semibold text-blue-700 hover:bg-blue-50 dark:text-blue-300">
            Start chat
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function Composer({ action, lastResult }: { action: string | null; lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  // Kept after a refused post (the server answers with what was typed, also without JavaScript).
  const initial = typeof lastResult?.initialValue?.message === "string" ? lastResult.initialValue.message : "";
  const [text, setText] = useState(initial);
  const [form, fields] = useForm({
    id: "chat-composer",
    lastResult,
    ...checkOnSubmit(chatMessageSchema),
  });
  const submitting = action !== null && navigation.state !== "idle" && navigation.formAction === action;
  // A successful post redirects back here with no action data: then the composer empties.
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (submitting) wasSubmitting.current = true;
    else if (wasSubmitting.current) {
      wasSubmitting.current = false;
      if (lastResult?.status !== "error") setText("");
    }
  }, [submitting, lastResult]);

  const noConversation = action === null;
  // Without JavaScript the button stays enabled and the `required` attribute stops an empty post.
  const disabled = noConversation || submitting || (hydrated && text.trim() === "");
  const textareaProps = getTextareaProps(fields.message, {
    ariaDescribedBy: fields.message.errors?.length ? fields.message.errorId : undefined,
  });
  return (
    <Form
      ref={formRef}
      method="post"
      action={action ?? undefined}
      replace
      preventScrollReset
      {...getFormProps(form)}
      className="flex flex-col gap-1 border-t border-slate-200 p-3 dark:border-slate-800"
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="send" />
      <div className="flex items-end gap-2">
        <label htmlFor={fields.message.id} className="sr-only">
          Message
        </label>
        <textarea
          {...textareaProps}
          defaultValue={undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends; Shift+Enter makes a new line.
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              if (!disabled) formRef.current?.requestSubmit();
            }
          }}
          disabled={noConversation}
          rows={2}
          placeholder={noConversation ? "Select a conversation" : "Type a message"}
          className="min-h-[2.75rem] flex-1 resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-blue-500 focus:ring-2 focus:ring-blue-200 disabled:bg-slate-100 aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:disabled:bg-slate-800"
        />
        <button
          type="submit"
          disabled={disabled}
          className="rounded-md bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-50"
        >
          Send
        </button>
      </div>
      <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
      {hydrated && !noConversation ? (
        <p className={`text-right text-xs ${text.length > MAX_MESSAGE_LENGTH ? "text-red-600" : "text-slate-500 dark:text-slate-400"}`}>
          {formatNumber(text.length, 0)} / {formatNumber(MAX_MESSAGE_LENGTH, 0)}
        </p>
      ) : null}
    </Form>
  );
}
