// The Calendar screen: the documents' messages, the success text, 20 per page, edit, and a
// holiday added here reaching the feed's market-hours rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { calendarEntries } from "~/db/schema";
import { loader as calendarLoader } from "~/routes/_admin+/calendar";
import { action as newCalendarAction } from "~/routes/_admin+/calendar.new";
import { action as editCalendarAction, loader as editCalendarLoader } from "~/routes/_admin+/calendar.$id.edit";
import { loadTradingDayCheck } from "~/models/trading-calendar.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { toastMessage } from "../support/admin";

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 1 })).id);
});
afterAll(async () => {
  await t?.close();
});

describe("/calendar", () => {
  it("answers the documents' messages for an empty form and stores nothing", async () => {
    const res = await call(newCalendarAction, formRequest("/calendar/new", {}, { cookie: admin }), t.context);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.segment).toEqual(["Please select a segment"]);
    expect(body.error.note).toEqual(["Please enter a note"]);
    expect(body.error.date).toEqual(["Please enter a date"]);
    const bad = await call(newCalendarAction, formRequest("/calendar/new", { segment: "LSE", note: "x", date: "2026-02-30" }, { cookie: admin }), t.context);
    const badBody = await bad.json();
    expect(badBody.error.segment).toEqual(["Please select a segment"]);
    expect(badBody.error.date).toEqual(["Please enter a date"]);
    expect(await t.context.db.select().from(calendarEntries)).toHaveLength(0);
  });

  it("adds a holiday with 'Calendar submitted successfully', and the feed's trading-day rule sees it", async () => {
    // 2026-10-01 is a Thursday: a trading day until the holiday is added.
    expect((await loadTradingDayCheck(t.context.db))("2026-10-01")).toBe(true);
    const res = await call(
      newCalendarAction,
      formRequest("/calendar/new", { segment: "NSE", note: "Test Holiday", date: "2026-10-01", isHoliday: "on" }, { cookie: admin }),
      t.context,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/calendar");
    expect(await toastMessage(t.context.cookies, res)).toBe("Calendar submitted successfully");
    const [row] = await t.context.db.select().from(calendarEntries).where(eq(calendarEntries.note, "Test Holiday"));
    expect(row).toMatchObject({ segment: "NSE", date: "2026-10-01", isHoliday: true, isWeekFirstDay: false, isMonthLastDay: false });
    expect((await loadTradingDayCheck(t.context.db))("2026-10-01")).toBe(false);
  });

  it("pages 20 at a time, newest date first, and edits an entry", async () => {
    for (let d = 1; d <= 22; d++) {
      await t.context.db.insert(calendarEntries).values({ segment: "USA", note: `Day ${d}`, date: `2027-01-${String(d).padStart(2, "0")}` });
    }
    const page1 = await (await call(calendarLoader, getRequest("/calendar", { cookie: admin }), t.context)).json();
    expect(page1.rows).toHaveLength(20);
    expect(page1.total).toBe(23);
    expect(page1.rows[0]).toMatchObject({ note: "Day 22", shownDate: "22-01-2027" });
    const page2 = await (await call(calendarLoader, getRequest("/calendar?page=2", { cookie: admin }), t.context)).json();
    expect(page2.rows.map((r: { note: string }) => r.note)).toEqual(["Day 2", "Day 1", "Test Holiday"]);
    const entry = page2.rows[0];
    const form = await (await call(editCalendarLoader, getRequest(`/calendar/${entry.id}/edit?page=2`, { cookie: admin }), t.context, { id: String(entry.id) })).json();
    expect(form.entry.note).toBe("Day 2");
    const res = await call(
      editCalendarAction,
      formRequest(`/calendar/${entry.id}/edit?page=2`, { segment: "NSE", note: "Month start", date: "2027-01-02", isMonthFirstDay: "on" }, { cookie: admin }),
      t.context,
      { id: String(entry.id) },
    );
    expect(res.headers.get("Location")).toBe("/calendar?page=2");
    expect(await toastMessage(t.context.cookies, res)).toBe("Calendar submitted successfully");
    const [row] = await t.context.db.select().from(calendarEntries).where(eq(calendarEntries.id, entry.id));
    expect(row).toMatchObject({ segment: "NSE", note: "Month start", isMonthFirstDay: true, isHoliday: false });
  });
});
