// The user list's Go to Chat (docs/product-rules.md R-AC2): a small form, so it works without JavaScript
// and never changes anything on a GET. It opens the conversation with that user and, when it
// has no message yet, starts it with 'How may I help you?'. Shown only where support may chat
// with that user (role 1 viewing an employee or a customer).
import { Form } from "@remix-run/react";
import { canStartChatWith } from "~/domain/chat";
import type { RoleId } from "~/domain/access";

export function GoToChatButton({ viewerRole, user }: { viewerRole: RoleId; user: { id: number; roleId: RoleId; name: string } }) {
  if (!canStartChatWith(viewerRole, user.roleId)) return null;
  return (
    <Form method="post" action={`/support/${user.id}`} className="inline">
      <input type="hidden" name="intent" value="start" />
      <button type="submit" aria-label={`Go to Chat with ${user.name}`} className="text-sm text-blue-600 underline dark:text-blue-400">
        Go to Chat
      </button>
    </Form>
  );
}
