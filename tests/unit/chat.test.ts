// Support chat rules: who talks to whom, which side of the pane a message sits on (role 3's
// view), the join_room check, and the message schema's limits and messages.
import { describe, expect, it } from "vitest";
import type { RoleId } from "~/domain/access";
import {
  canStartChatWith,
  canUseChat,
  isEmployeeConversation,
  isOwnMessage,
  joinRoomTarget,
  MAX_MESSAGE_LENGTH,
  MESSAGE_REQUIRED,
  MESSAGE_TOO_LONG,
  mayJoinUserRoom,
  rateLimitMessage,
  resolveConversation,
} from "~/domain/chat";
import { broadcastSchema, chatMessageSchema, conversationActionSchema } from "~/schemas/chat";

const party = (id: number, roleId: RoleId) => ({ id, roleId });
const admin = party(1, 1);
const otherAdmin = party(7, 1);
const subAdmin = party(2, 2);
const employee = party(3, 3);
const customer = party(4, 4);
const otherCustomer = party(5, 4);

describe("who talks to whom", () => {
  it("support opens the conversation of an employee or a customer", () => {
    expect(resolveConversation(admin, customer)).toEqual({ kind: "allowed", clientId: 4 });
    expect(resolveConversation(otherAdmin, employee)).toEqual({ kind: "allowed", clientId: 3 });
  });

  it("a client opens its own conversation by naming any support account", () => {
    expect(resolveConversation(customer, admin)).toEqual({ kind: "allowed", clientId: 4 });
    expect(resolveConversation(employee, otherAdmin)).toEqual({ kind: "allowed", clientId: 3 });
  });

  it("nobody opens a conversation they are not part of", () => {
    expect(resolveConversation(customer, otherCustomer)).toEqual({ kind: "not-a-participant" });
    expect(resolveConversation(customer, employee)).toEqual({ kind: "not-a-participant" });
    expect(resolveConversation(employee, customer)).toEqual({ kind: "not-a-participant" });
    expect(resolveConversation(customer, subAdmin)).toEqual({ kind: "not-a-participant" });
    expect(resolveConversation(admin, otherAdmin)).toEqual({ kind: "not-a-participant" });
    expect(resolveConversation(admin, subAdmin)).toEqual({ kind: "not-a-participant" });
    expect(resolveConversation(subAdmin, customer)).toEqual({ kind: "not-a-participant" });
    expect(resolveConversation(customer, customer)).toEqual({ kind: "not-a-participant" });
    expect(resolveConversation(admin, admin)).toEqual({ kind: "not-a-participant" });
  });

  it("a missing user is not found", () => {
    expect(resolveConversation(admin, null)).toEqual({ kind: "not-found" });
  });

  it("chat is for roles 1, 3 and 4; Go to Chat only from support to a client", () => {
    expect(([1, 2, 3, 4] as RoleId[]).filter(canUseChat)).toEqual([1, 3, 4]);
    expect(canStartChatWith(1, 4)).toBe(true);
    expect(canStartChatWith(1, 3)).toBe(true);
    expect(canStartChatWith(1, 1)).toBe(false);
    expect(canStartChatWith(1, 2)).toBe(false);
    expect(canStartChatWith(2, 4)).toBe(false);
    expect(canStartChatWith(3, 4)).toBe(false);
  });

  it("the emp flag marks employees' conversations", () => {
    expect(isEmployeeConversation(3)).toBe(true);
    expect(isEmployeeConversation(4)).toBe(false);
  });
});

describe("which side a message sits on", () => {
  it("everyone sees their own messages as their own", () => {
    for (const viewer of [admin, employee, customer]) expect(isOwnMessage(viewer, viewer)).toBe(true);
  });

  it("role 3 sees the admin (support) account's messages as its own", () => {
    expect(isOwnMessage(employee, admin)).toBe(true);
    expect(isOwnMessage(employee, otherAdmin)).toBe(true);
    expect(isOwnMessage(employee, customer)).toBe(false);
  });

  it("a customer sees support's messages as the other side's", () => {
    expect(isOwnMessage(customer, admin)).toBe(false);
    expect(isOwnMessage(customer, otherCustomer)).toBe(false);
  });

  it("support shares one inbox: another admin's message sits on support's side", () => {
    expect(isOwnMessage(admin, otherAdmin)).toBe(true);
    expect(isOwnMessage(admin, customer)).toBe(false);
    expect(isOwnMessage(admin, employee)).toBe(false);
  });
});

describe("join_room", () => {
  it("reads the user id as the documents' client sends it", () => {
    expect(joinRoomTarget(4)).toBe(4);
    expect(joinRoomTarget("4")).toBe(4);
    expect(joinRoomTarget({ userId: 4 })).toBe(4);
    expect(joinRoomTarget({ userId: "4" })).toBe(4);
    for (const bad of [null, undefined, "", "4a", "-4", 0, -1, 1.5, {}, [4], "9".repeat(20), Number.MAX_SAFE_INTEGER + 1]) {
      expect(joinRoomTarget(bad)).toBeNull();
    }
  });

  it("lets a socket join its own room only", () => {
    expect(mayJoinUserRoom(customer, 4)).toBe(true);
    expect(mayJoinUserRoom(customer, 5)).toBe(false);
    expect(mayJoinUserRoom(admin, 4)).toBe(false);
    expect(mayJoinUserRoom(customer, "x")).toBe(false);
    // Role 2 has no chat at all.
    expect(mayJoinUserRoom(subAdmin, 2)).toBe(false);
  });
});

describe("message schema", () => {
  const parse = (message: unknown) => chatMessageSchema.safeParse({ intent: "send", message });

  it("accepts 2,000 characters and refuses 2,001 with a clear message", () => {
    expect(parse("x".repeat(MAX_MESSAGE_LENGTH)).success).toBe(true);
    const tooLong = parse("x".repeat(MAX_MESSAGE_LENGTH + 1));
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0].message).toBe(MESSAGE_TOO_LONG);
    expect(MESSAGE_TOO_LONG).toContain("2,000");
  });

  it("counts a line break once, as the browser does", () => {
    // 2,499 characters as the browser posts them (CRLF), 1,999 as the user typed them (LF).
    const lines = "ab\r\n".repeat(500);
    const result = parse(lines + "x".repeat(499));
    expect(result.success).toBe(true);
    expect(result.data?.message).toBe(("ab\n".repeat(500) + "x".repeat(499)).trim());
  });

  it("refuses an empty or blank message", () => {
    for (const blank of ["", "   ", "\r\n\t", undefined]) {
      const result = parse(blank);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(MESSAGE_REQUIRED);
    }
  });

  it("keeps markup as plain text", () => {
    expect(parse("<script>alert(1)</script>").data?.message).toBe("<script>alert(1)</script>");
  });

  it("conversation posts are send (with a message) or start", () => {
    expect(conversationActionSchema.safeParse({ intent: "start" }).success).toBe(true);
    expect(conversationActionSchema.safeParse({ intent: "send" }).success).toBe(false);
    expect(conversationActionSchema.safeParse({ intent: "delete" }).success).toBe(false);
  });

  it("a broadcast returns only to the broadcast list or a chat page", () => {
    const returnTo = (redirectTo: string) => broadcastSchema.parse({ message: "hi", redirectTo }).redirectTo;
    expect(returnTo("/support")).toBe("/support");
    expect(returnTo("/support/12")).toBe("/support/12");
    expect(returnTo("/broadcast/message")).toBe("/broadcast/message");
    for (const evil of ["https://evil.example", "//evil.example", "/support/../logout", "/dashboard", "/support/1?x=1"]) {
      expect(returnTo(evil)).toBe("/broadcast/message");
    }
    expect(broadcastSchema.parse({ message: "hi" }).redirectTo).toBe("/broadcast/message");
  });

  it("the rate-limit message says how long to wait", () => {
    expect(rateLimitMessage(1)).toBe("You are sending messages too fast. Please wait 1 second and try again.");
    expect(rateLimitMessage(42)).toContain("42 seconds");
  });
});
