// The admin lists other than users (issue 19; docs/decisions/140-admin-console.md, "Lists other
// than users"): search with LIKE's wildcards taken literally, sorting both ways, unknown sort
// and size read as defaults, exports whose rows are the list's rows in its order, and dialog
// actions that go back to the list with its search (defect 5). Through the real loaders and actions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { calendarEntries, chavis, sectors, symbols } from "~/db/schema";
import { loader as symbolsLoader } from "~/routes/_admin+/symbols";
import { loader as symbolsExport } from "~/routes/_admin+/symbols.export";
import { action as editSymbolAction } from "~/routes/_admin+/symbols.$id.edit";
import { action as newSymbolAction } from "~/routes/_admin+/symbols.new";
import { loader as sectorsLoader } from "~/routes/_admin+/sectore";
import { loader as sectorsExport } from "~/routes/_admin+/sectore.export";
import { action as editSectorAction } from "~/routes/_admin+/sectore.$id.edit";
import { action as newSectorAction } from "~/routes/_admin+/sectore.new";
import { loader as keysLoader } from "~/routes/_admin+/chavi";
import { loader as keysExport } from "~/routes/_admin+/chavi.export";
import { action as editKeyAction } from "~/routes/_admin+/chavi.$id.edit";
import { action as deleteKeyAction } from "~/routes/_admin+/chavi.$id.delete";
import { action as newKeyAction } from "~/routes/_admin+/chavi.new";
import { loader as calendarLoader } from "~/routes/_admin+/calendar";
import { loader as calendarExport } from "~/routes/_admin+/calendar.export";
import { action as editCalendarAction, loader as editCalendarLoader } from "~/routes/_admin+/calendar.$id.edit";
import { action as deleteCalendarAction } from "~/routes/_admin+/calendar.$id.delete";
import { action as newCalendarAction } from "~/routes/_admin+/calendar.new";
import { dispatchApi } from "~/api/dispatch.server";
import { createAuthSession } from "~/models/auth-session.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { createSectorRow, createSymbolRow } from "../support/admin";

type RouteFn = Parameters<typeof call>[0];
interface Row {
  id: number;
}
interface ListBody<R extends Row> {
  rows: R[];
  total: number;
  page: number;
  pageSize: number;
  search: string | null;
  sorting: { sort: string; dir: string };
}

let t: TestContext;
let admin: string;
let subAdmin: string;
let adminId: number;

async function list<R extends Row>(loader: RouteFn, path: string): Promise<ListBody<R>> {
  const res = await call(loader, getRequest(path, { cookie: admin }), t.context);
  expect(res.status).toBe(200);
  return (await res.json()) as ListBody<R>;
}

/** The ids of a CSV export's rows (its first column), after the header. */
async function csvIds(loader: RouteFn, path: string): Promise<{ header: string; ids: number[] }> {
  const res = await call(loader, getRequest(path, { cookie: admin }), t.context);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toContain("text/csv");
  const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split("\n");
  return { header: lines[0], ids: lines.slice(1).map((l) => Number(l.split(",")[0])) };
}

async function xlsxIds(loader: RouteFn, path: string): Promise<number[]> {
  const res = await call(loader, getRequest(path, { cookie: admin }), t.context);
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  const ids: number[] = [];
  workbook.worksheets[0].eachRow((row, n) => {
    if (n > 1) ids.push(Number(row.getCell(1).value));
  });
  return ids;
}

/** The export of `listPath`'s search equals the list's rows (every page), in order, as CSV and Excel; a bad format is a 400 and a sub-admin gets no file. */
async function expectExportMatchesList(loader: RouteFn, exporter: RouteFn, listPath: string, exportPath: string, header: string) {
  const shown = (await list(loader, `${listPath}&size=100`)).rows.map((r) => r.id);
  expect(shown.length).toBeGreaterThan(1);
  const csv = await csvIds(exporter, `${exportPath}&format=csv`);
  expect(csv.header).toBe(header);
  expect(csv.ids).toEqual(shown);
  expect(await xlsxIds(exporter, `${exportPath}&format=xlsx`)).toEqual(shown);
  expect((await call(exporter, getRequest(`${exportPath}&format=exe`, { cookie: admin }), t.context)).status).toBe(400);
  // The list's own guard: a sub-admin, who may not open the list, gets no file.
  const refused = await call(exporter, getRequest(`${exportPath}&format=csv`, { cookie: subAdmin }), t.context);
  expect(refused.status).not.toBe(200);
  expect(refused.headers.get("Content-Type") ?? "").not.toContain("text/csv");
}

beforeAll(async () => {
  t = await createTestContext();
  const a = await createUser(t.context.db, { roleId: 1, username: "lists_admin" });
  adminId = a.id;
  admin = await sessionCookieFor(t.context, a.id);
  subAdmin = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 2, username: "lists_subadmin" })).id);
});
afterAll(async () => {
  await t?.close();
});

describe("/symbols", () => {
  let ids: Record<string, number>;
  let alpha: number;
  beforeAll(async () => {
    alpha = (await createSectorRow(t.context.db, "Alpha Lists")).id;
    const zeta = (await createSectorRow(t.context.db, "Zeta Lists")).id;
    const make = async (code: string, sectorId: number | null, lotSize: number, description: string, status = true) => {
      const row = await createSymbolRow(t.context.db, sectorId, code, status);
      await t.context.db.update(symbols).set({ lotSize, description }).where(eq(symbols.id, row.id));
      return row.id;
    };
    ids = {
      a: await make("LSTAA", alpha, 50, "Lists 50% off"),
      b: await make("LSTBB", zeta, 10, "Lists 500 units"),
      c: await make("LSTCC", null, 25, "Lists plain", false),
    };
  });
  const codes = async (search: string) => (await list<Row & { symbolCode: string }>(symbolsLoader, `/symbols${search}`)).rows.map((r) => r.symbolCode);

  it("searches code and description, case-insensitively, wildcards taken literally, within the sector filter", async () => {
    expect(await codes("?q=lstb")).toEqual(["LSTBB"]);
    expect(await codes("?q=50%25")).toEqual(["LSTAA"]);
    expect(await codes("?q=LST_")).toEqual([]);
    expect(await codes("?q=plain")).toEqual(["LSTCC"]);
    expect(await codes(`?q=LST&sector_id=${alpha}`)).toEqual(["LSTAA"]);
  });

  it("sorts by code, sector, lot size and status both ways; the Sector column's name comes with each row", async () => {
    const up = await codes("?q=LST&sort=code&dir=asc");
    expect(up).toEqual(["LSTAA", "LSTBB", "LSTCC"]);
    expect(await codes("?q=LST&sort=code&dir=desc")).toEqual([...up].reverse());
    // A symbol without a sector comes last either way.
    expect(await codes("?q=LST&sort=sector&dir=asc")).toEqual(["LSTAA", "LSTBB", "LSTCC"]);
    expect(await codes("?q=LST&sort=sector&dir=desc")).toEqual(["LSTBB", "LSTAA", "LSTCC"]);
    expect(await codes("?q=LST&sort=lot&dir=asc")).toEqual(["LSTBB", "LSTCC", "LSTAA"]);
    expect(await codes("?q=LST&sort=lot&dir=desc")).toEqual(["LSTAA", "LSTCC", "LSTBB"]);
    expect(await codes("?q=LST&sort=status&dir=asc")).toEqual(["LSTCC", "LSTAA", "LSTBB"]);
    const rows = (await list<Row & { symbolCode: string; sectorName: string | null }>(symbolsLoader, "/symbols?q=LST&sort=code&dir=asc")).rows;
    expect(rows.map((r) => r.sectorName)).toEqual(["Alpha Lists", "Zeta Lists", null]);
  });

  it("reads an unknown sort, direction or size as the defaults (newest first, 10 a page)", async () => {
    const body = await list<Row & { symbolCode: string }>(symbolsLoader, "/symbols?q=LST&sort=password;drop&dir=sideways&size=7");
    expect(body.sorting).toEqual({ sort: "created", dir: "desc" });
    expect(body.pageSize).toBe(10);
    expect(body.rows.map((r) => r.symbolCode)).toEqual(["LSTCC", "LSTBB", "LSTAA"]);
    expect((await list(symbolsLoader, "/symbols?size=25")).pageSize).toBe(25);
  });

  it("exports the searched, sorted list as CSV and Excel, row for row", async () => {
    await expectExportMatchesList(symbolsLoader, symbolsExport, "/symbols?q=LST&sort=lot&dir=asc", "/symbols/export?q=LST&sort=lot&dir=asc", "Id,Symbol,Sector,Segment,Description,Lot size,Step,Last Date,Update Date,Status");
    expect((await csvIds(symbolsExport, `/symbols/export?q=LST&sector_id=${alpha}&format=csv`)).ids).toEqual([ids.a]);
  });

  it("the edit and create dialogs go back to the list with its search", async () => {
    const fields = { sectorId: String(alpha), name: "LSTAA", description: "Lists 50% off", segment: "NSE", lotSize: "50", step: "1", audioScript: "" };
    const search = "?q=LST&sort=code&dir=desc&page=1&size=25";
    const res = await call(editSymbolAction, formRequest(`/symbols/${ids.a}/edit${search}`, fields, { cookie: admin }), t.context, { id: String(ids.a) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/symbols${search}`);
    const created = await call(newSymbolAction, formRequest(`/symbols/new${search}`, { ...fields, name: "LSTDD" }, { cookie: admin }), t.context);
    expect(created.headers.get("Location")).toBe(`/symbols${search}`);
  });
});

describe("/sectore", () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    ids = {
      alpha: (await createSectorRow(t.context.db, "Secl Alpha")).id,
      beta: (await createSectorRow(t.context.db, "secl beta")).id,
      pct: (await createSectorRow(t.context.db, "Secl 50% Gamma")).id,
    };
    await t.context.db.update(sectors).set({ status: false }).where(eq(sectors.id, ids.beta));
  });
  const names = async (search: string) => (await list<Row & { sectorName: string }>(sectorsLoader, `/sectore${search}`)).rows.map((r) => r.sectorName);

  it("searches names with wildcards taken literally", async () => {
    expect(await names("?q=SECL B")).toEqual(["secl beta"]);
    expect(await names("?q=50%25")).toEqual(["Secl 50% Gamma"]);
    expect(await names("?q=Secl_")).toEqual([]);
  });

  it("sorts by name and status both ways; an unknown sort or size reads as the default", async () => {
    const up = await names("?q=secl&sort=name&dir=asc");
    expect(up).toEqual(["Secl 50% Gamma", "Secl Alpha", "secl beta"]);
    expect(await names("?q=secl&sort=name&dir=desc")).toEqual([...up].reverse());
    expect((await names("?q=secl&sort=status&dir=asc"))[0]).toBe("secl beta");
    expect((await names("?q=secl&sort=status&dir=desc"))[2]).toBe("secl beta");
    const fallback = await list(sectorsLoader, "/sectore?q=secl&sort=nope&size=3");
    expect(fallback.sorting).toEqual({ sort: "created", dir: "desc" });
    expect(fallback.pageSize).toBe(10);
    expect(fallback.rows.map((r) => r.id)).toEqual([ids.pct, ids.beta, ids.alpha]);
  });

  it("exports the searched, sorted list row for row", async () => {
    await expectExportMatchesList(sectorsLoader, sectorsExport, "/sectore?q=secl&sort=name&dir=desc", "/sectore/export?q=secl&sort=name&dir=desc", "Id,Name,Description,Last Date,Update Date,Status");
  });

  it("the edit and create dialogs go back to the list with its search", async () => {
    const search = "?q=secl&sort=name&dir=asc&page=2";
    const res = await call(editSectorAction, formRequest(`/sectore/${ids.alpha}/edit${search}`, { name: "Secl Alpha", description: "d" }, { cookie: admin }), t.context, { id: String(ids.alpha) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/sectore${search}`);
    const created = await call(newSectorAction, formRequest(`/sectore/new${search}`, { name: "Secl Delta", description: "d" }, { cookie: admin }), t.context);
    expect(created.headers.get("Location")).toBe(`/sectore${search}`);
  });
});

describe("/chavi", () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const make = async (name: string, type: "plus" | "minus", srNo: number, isactive = true) =>
      (await t.context.db.insert(chavis).values({ name, displayName: name.toLowerCase(), type, srNo, isactive }).returning({ id: chavis.id }))[0].id;
    ids = {
      b: await make("KL_BRAVO", "plus", 3),
      a: await make("KL_ALPHA", "minus", 1, false),
      c: await make("KL_CHARLIE", "plus", 2),
      other: await make("KLXOTHER", "minus", 4),
    };
  });
  const names = async (search: string) => (await list<Row & { name: string }>(keysLoader, `/chavi${search}`)).rows.map((r) => r.name);

  it("searches names with wildcards taken literally", async () => {
    expect(await names("?q=kl_b")).toEqual(["KL_BRAVO"]);
    // "_" is a letter here, not any character: KLXOTHER does not match.
    expect((await names("?q=KL_")).sort()).toEqual(["KL_ALPHA", "KL_BRAVO", "KL_CHARLIE"]);
    expect(await names("?q=%25")).toEqual([]);
  });

  it("sorts by name, type, Sr No and status both ways; an unknown sort reads as newest first", async () => {
    const up = await names("?q=KL_&sort=name&dir=asc");
    expect(up).toEqual(["KL_ALPHA", "KL_BRAVO", "KL_CHARLIE"]);
    expect(await names("?q=KL_&sort=name&dir=desc")).toEqual([...up].reverse());
    expect(await names("?q=KL_&sort=srno&dir=asc")).toEqual(["KL_ALPHA", "KL_CHARLIE", "KL_BRAVO"]);
    expect(await names("?q=KL_&sort=srno&dir=desc")).toEqual(["KL_BRAVO", "KL_CHARLIE", "KL_ALPHA"]);
    // By the type as shown (minus before plus), ties by age in the same direction.
    expect(await names("?q=KL_&sort=type&dir=asc")).toEqual(["KL_ALPHA", "KL_BRAVO", "KL_CHARLIE"]);
    expect(await names("?q=KL_&sort=type&dir=desc")).toEqual(["KL_CHARLIE", "KL_BRAVO", "KL_ALPHA"]);
    expect((await names("?q=KL_&sort=status&dir=asc"))[0]).toBe("KL_ALPHA");
    expect(await names("?q=KL_&sort=sort_order&size=0")).toEqual(["KL_CHARLIE", "KL_ALPHA", "KL_BRAVO"]);
  });

  it("exports the searched, sorted list row for row", async () => {
    await expectExportMatchesList(keysLoader, keysExport, "/chavi?q=KL&sort=srno&dir=desc", "/chavi/export?q=KL&sort=srno&dir=desc", "Id,Name,Display Name,Type,Sr No,Last Date,Update Date,Status");
  });

  it("the edit, create and delete dialogs go back to the list with its search", async () => {
    const search = "?q=KL&sort=name&dir=asc&size=25";
    const created = await call(newKeyAction, formRequest(`/chavi/new${search}`, { name: "KL_DELTA", displayName: "d", type: "minus", srNo: "7", isactive: "on" }, { cookie: admin }), t.context);
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe(`/chavi${search}`);
    const res = await call(
      editKeyAction,
      formRequest(`/chavi/${ids.c}/edit${search}`, { name: "KL_CHARLIE", displayName: "c", type: "plus", srNo: "2", isactive: "on" }, { cookie: admin }),
      t.context,
      { id: String(ids.c) },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/chavi${search}`);
    const deleted = await call(deleteKeyAction, formRequest(`/chavi/${ids.other}/delete${search}`, {}, { cookie: admin }), t.context, { id: String(ids.other) });
    expect(deleted.headers.get("Location")).toBe(`/chavi${search}`);
  });
});

describe("/calendar", () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const make = async (segment: "NSE" | "USA", note: string, date: string) =>
      (await t.context.db.insert(calendarEntries).values({ segment, note, date }).returning({ id: calendarEntries.id }))[0].id;
    ids = {
      diwali: await make("NSE", "Cal Diwali", "2028-11-01"),
      holi: await make("USA", "Cal Holi 50% off", "2028-03-10"),
      budget: await make("NSE", "Cal Budget", "2028-02-01"),
      fifty: await make("USA", "Cal 500 day", "2028-05-05"),
    };
  });
  const notes = async (search: string) => (await list<Row & { note: string }>(calendarLoader, `/calendar${search}`)).rows.map((r) => r.note);

  it("searches notes with wildcards taken literally", async () => {
    expect(await notes("?q=diwali")).toEqual(["Cal Diwali"]);
    expect(await notes("?q=50%25")).toEqual(["Cal Holi 50% off"]);
    expect(await notes("?q=Cal_")).toEqual([]);
  });

  it("sorts by date and segment both ways; unknown sort and size read as latest first, 20 a page", async () => {
    const byDate = await notes("?q=cal&sort=date&dir=asc");
    expect(byDate).toEqual(["Cal Budget", "Cal Holi 50% off", "Cal 500 day", "Cal Diwali"]);
    expect(await notes("?q=cal&sort=date&dir=desc")).toEqual([...byDate].reverse());
    expect((await notes("?q=cal&sort=segment&dir=asc")).slice(0, 2).sort()).toEqual(["Cal Budget", "Cal Diwali"]);
    expect((await notes("?q=cal&sort=segment&dir=desc")).slice(0, 2).sort()).toEqual(["Cal 500 day", "Cal Holi 50% off"]);
    const fallback = await list(calendarLoader, "/calendar?q=cal&sort=note&size=13");
    expect(fallback.sorting).toEqual({ sort: "date", dir: "desc" });
    expect(fallback.pageSize).toBe(20);
    expect((await list(calendarLoader, "/calendar?size=10")).pageSize).toBe(10);
    expect((await list(calendarLoader, "/calendar?size=20")).pageSize).toBe(20);
  });

  it("exports the searched, sorted list row for row", async () => {
    await expectExportMatchesList(calendarLoader, calendarExport, "/calendar?q=cal&sort=segment&dir=asc", "/calendar/export?q=cal&sort=segment&dir=asc", "Id,Date,Segment,Note,WeekFirstDay,WeekLastDay,Holiday,MonthFirstDay,MonthLastDay");
  });

  it("edit and delete go back to the list's page and search, and Close points there too", async () => {
    const search = "?q=cal&sort=date&dir=asc&size=10&page=1";
    const form = await (await call(editCalendarLoader, getRequest(`/calendar/${ids.budget}/edit${search}`, { cookie: admin }), t.context, { id: String(ids.budget) })).json();
    expect(form.backTo).toBe(`/calendar${search}`);
    const res = await call(
      editCalendarAction,
      formRequest(`/calendar/${ids.budget}/edit${search}`, { segment: "NSE", note: "Cal Budget", date: "2028-02-01", isHoliday: "on" }, { cookie: admin }),
      t.context,
      { id: String(ids.budget) },
    );
    expect(res.headers.get("Location")).toBe(`/calendar${search}`);
    const deleted = await call(deleteCalendarAction, formRequest(`/calendar/${ids.fifty}/delete${search}`, {}, { cookie: admin }), t.context, { id: String(ids.fifty) });
    expect(deleted.headers.get("Location")).toBe(`/calendar${search}`);
    const created = await call(newCalendarAction, formRequest(`/calendar/new${search}`, { segment: "USA", note: "Cal New", date: "2028-07-04" }, { cookie: admin }), t.context);
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe(`/calendar${search}`);
  });

  it("the JSON API's calendar list still answers latest date first, 20 a page", async () => {
    const session = await createAuthSession(t.context.db, adminId);
    const res = await dispatchApi(new Request(`${ORIGIN}/api/admin/calender/list`, { headers: { Authorization: `Bearer ${session.id}` } }), t.context);
    const body = (await res.json()) as { data: { rows: { note: string; date: string }[] } };
    const dates = body.data.rows.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.data.rows[0].note).toBe("Cal Diwali");
  });
});
