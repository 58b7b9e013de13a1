// Notification rows of many notices in one call (app/models/notification.server.ts,
// createNotificationsOfNotices): every reader of every notice gets its row with its notice's
// text and symbol, past one statement's slice of rows too, and a failure in a later slice
// leaves no row of the call behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { notifications } from "~/db/schema";
import { createNotificationsOfNotices, NOTIFICATION_ROWS_PER_STATEMENT } from "~/models/notification.server";
import { createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { createSymbol, uniqueCode } from "../support/market";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function rowsOf(userIds: number[]) {
  return t.context.db
    .select({ userId: notifications.userId, kind: notifications.kind, message: notifications.message, symbolId: notifications.symbolId })
    .from(notifications)
    .where(inArray(notifications.userId, userIds));
}

describe("createNotificationsOfNotices", () => {
  it("writes one row per reader of each notice, with the notice's kind, text and symbol", async () => {
    const [a, b] = [await createUser(t.context.db, { roleId: 4 }), await createUser(t.context.db, { roleId: 3 })];
    const symbol = await createSymbol(t.context.db, uniqueCode("NR"));
    await createNotificationsOfNotices(t.context.db, [
      { userIds: [a.id, b.id], kind: "trade", message: "SL hit: Ünïcode ₹1,00,000.00", symbolId: symbol.id },
      { userIds: [b.id], kind: "alert", message: "second" },
      { userIds: [], kind: "trade", message: "nobody" },
    ]);
    const rows = await rowsOf([a.id, b.id]);
    expect(rows.map((r) => `${r.userId === a.id ? "a" : "b"} ${r.kind} ${r.message} ${r.symbolId === symbol.id ? "symbol" : r.symbolId}`).sort()).toEqual([
      "a trade SL hit: Ünïcode ₹1,00,000.00 symbol",
      "b alert second null",
      "b trade SL hit: Ünïcode ₹1,00,000.00 symbol",
    ]);
  });

  it("writes more rows than one statement's slice, every one of them", async () => {
    const readers = [await createUser(t.context.db, { roleId: 3 }), await createUser(t.context.db, { roleId: 3 })].map((u) => u.id);
    const notices = Array.from({ length: Math.ceil((NOTIFICATION_ROWS_PER_STATEMENT + 500) / readers.length) }, (_, i) => ({ userIds: readers, kind: "trade", message: `hit ${i}` }));
    await createNotificationsOfNotices(t.context.db, notices);
    const [{ n }] = await t.context.db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(inArray(notifications.userId, readers));
    expect(n).toBe(notices.length * readers.length);
    expect(n).toBeGreaterThan(NOTIFICATION_ROWS_PER_STATEMENT);
  });

  it("leaves nothing when a later slice fails (a reader that does not exist)", async () => {
    const reader = (await createUser(t.context.db, { roleId: 3 })).id;
    const notices = Array.from({ length: NOTIFICATION_ROWS_PER_STATEMENT + 10 }, (_, i) => ({ userIds: [i === NOTIFICATION_ROWS_PER_STATEMENT + 5 ? 2_000_000_000 : reader], kind: "trade", message: `row ${i}` }));
    await expect(createNotificationsOfNotices(t.context.db, notices)).rejects.toThrow();
    expect(await t.context.db.select().from(notifications).where(eq(notifications.userId, reader))).toEqual([]);
  });
});
