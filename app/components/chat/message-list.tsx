// The messages of one conversation. Text is rendered as React text nodes, never as HTML, so
// nothing a message contains can run (a <script> shows as the characters "<script>").
import type { MessageLine } from "~/domain/chat";

export function MessageList({ messages }: { messages: MessageLine[] }) {
  if (messages.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">No messages yet.</p>;
  }
  return (
    <ol aria-label="Messages" className="flex flex-col gap-2">
      {messages.map((m) => (
        <li key={m.id} data-own={m.own} className={`flex flex-col ${m.own ? "items-end" : "items-start"}`}>
          <div
            className={`max-w-[80%] rounded-lg px-3 py-2 text-sm shadow-sm ${
              m.own ? "bg-blue-600 text-white" : "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100"
            }`}
          >
            <p className="whitespace-pre-wrap break-words">{m.text}</p>
          </div>
          <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
            <span data-field="sender">{m.mine ? "You" : m.senderName}</span> · <time>{m.time}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
