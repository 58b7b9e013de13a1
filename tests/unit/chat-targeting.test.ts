// Broadcast targets and the support inbox filter (docs/decisions/146): the pure rules every
// list, the socket rooms and the forms share, to the last branch.
import { describe, expect, it } from "vitest";
import {
  BROADCAST_ROLE_UNKNOWN,
  BROADCAST_ROLES_REQUIRED,
  BROADCAST_USERS_REQUIRED,
  broadcastRooms,
  describeBroadcastTarget,
  EVERYONE,
  inboxQueryString,
  isBroadcastFor,
  normaliseBroadcastTarget,
  parseConversationStatus,
} from "~/domain/chat";
import { parseWithZod } from "~/schemas/parse";
import { broadcastSchema, broadcastTargetSchema, conversationActionSchema } from "~/schemas/chat";

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [k, v] of fields) data.append(k, v);
  return data;
}

describe("broadcast targets", () => {
  it("keeps only the part its audience uses, sorted without repeats, and drops roles that are not roles", () => {
    expect(normaliseBroadcastTarget({ audience: "roles", roles: [4, 3, 4, 9], userIds: [5] })).toEqual({ audience: "roles", roles: [3, 4], userIds: [] });
    expect(normaliseBroadcastTarget({ audience: "users", roles: [1], userIds: [9, 2, 9] })).toEqual({ audience: "users", roles: [], userIds: [2, 9] });
    expect(normaliseBroadcastTarget({ audience: "everyone", roles: [1], userIds: [2] })).toEqual(EVERYONE);
  });

  it("decides who a broadcast is for", () => {
    const viewer = { id: 7, roleId: 3 as const };
    expect(isBroadcastFor(EVERYONE, viewer)).toBe(true);
    expect(isBroadcastFor({ audience: "roles", roles: [3], userIds: [] }, viewer)).toBe(true);
    expect(isBroadcastFor({ audience: "roles", roles: [4], userIds: [] }, viewer)).toBe(false);
    expect(isBroadcastFor({ audience: "users", roles: [], userIds: [7] }, viewer)).toBe(true);
    expect(isBroadcastFor({ audience: "users", roles: [], userIds: [8] }, viewer)).toBe(false);
  });

  it("sends to role rooms or user rooms, never wider", () => {
    expect(broadcastRooms(EVERYONE)).toEqual({ roles: [1, 2, 3, 4], userIds: [] });
    expect(broadcastRooms({ audience: "roles", roles: [2], userIds: [] })).toEqual({ roles: [2], userIds: [] });
    expect(broadcastRooms({ audience: "users", roles: [], userIds: [3, 5] })).toEqual({ roles: [], userIds: [3, 5] });
  });

  it("names a target for the broadcast table", () => {
    expect(describeBroadcastTarget(EVERYONE)).toBe("Everyone");
    expect(describeBroadcastTarget({ audience: "roles", roles: [3, 4], userIds: [] })).toBe("Employee, Customer");
    expect(describeBroadcastTarget({ audience: "users", roles: [], userIds: [1] }, ["Asha"])).toBe("1 user: Asha");
    expect(describeBroadcastTarget({ audience: "users", roles: [], userIds: [1, 2] }, ["Asha", "Bala"])).toBe("2 users: Asha, Bala");
  });

  it("the form: one role or several (posted as text), none refused, an unknown one refused", () => {
    const one = parseWithZod(form([["message", "hi"], ["audience", "roles"], ["roles", "4"]]), { schema: broadcastSchema });
    expect(one.status === "success" && one.value.roles).toEqual([4]);
    const two = parseWithZod(form([["message", "hi"], ["audience", "roles"], ["roles", "3"], ["roles", "4"]]), { schema: broadcastSchema });
    expect(two.status === "success" && two.value.roles).toEqual([3, 4]);
    const none = parseWithZod(form([["message", "hi"], ["audience", "roles"]]), { schema: broadcastSchema });
    expect(none.status).toBe("error");
    expect(none.reply().error?.roles).toEqual([BROADCAST_ROLES_REQUIRED]);
    const bad = parseWithZod(form([["message", "hi"], ["audience", "roles"], ["roles", "5"]]), { schema: broadcastSchema });
    expect(JSON.stringify(bad.reply().error)).toContain(BROADCAST_ROLE_UNKNOWN);
    const noUsers = parseWithZod(form([["message", "hi"], ["audience", "users"], ["roles", "4"]]), { schema: broadcastSchema });
    expect(noUsers.reply().error?.userIds).toEqual([BROADCAST_USERS_REQUIRED]);
    const everyone = parseWithZod(form([["message", "hi"]]), { schema: broadcastSchema });
    expect(everyone.status === "success" && everyone.value.audience).toBe("everyone");
  });

  it("the API's target takes numbers", () => {
    expect(broadcastTargetSchema.parse({ audience: "users", userIds: [3] })).toEqual({ audience: "users", roles: [], userIds: [3] });
    expect(broadcastTargetSchema.safeParse({ audience: "users", userIds: [0] }).success).toBe(false);
    expect(broadcastTargetSchema.safeParse({ audience: "roles", roles: [2.5] }).success).toBe(false);
  });
});

describe("the support inbox filter", () => {
  it("reads a status, anything else as the fallback", () => {
    expect(parseConversationStatus("resolved", "open")).toBe("resolved");
    expect(parseConversationStatus("all", "open")).toBe("all");
    expect(parseConversationStatus("closed", "open")).toBe("open");
    expect(parseConversationStatus(null, "all")).toBe("all");
  });

  it("writes the query string, leaving out the default", () => {
    expect(inboxQueryString({ status: "open", search: null })).toBe("");
    expect(inboxQueryString({ status: "all", search: null })).toBe("?status=all");
    expect(inboxQueryString({ status: "open", search: "50% & more" })).toBe("?q=50%25+%26+more");
    expect(inboxQueryString({ status: "resolved", search: "x" })).toBe("?status=resolved&q=x");
  });

  it("resolve and reopen are intents of a conversation's form", () => {
    expect(conversationActionSchema.parse({ intent: "resolve" })).toEqual({ intent: "resolve" });
    expect(conversationActionSchema.parse({ intent: "reopen" })).toEqual({ intent: "reopen" });
    expect(conversationActionSchema.safeParse({ intent: "close" }).success).toBe(false);
  });
});
