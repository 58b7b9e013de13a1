// The exports as a user gets them: the real route's streamed body opened with exceljs and unpdf.
// Headers, row count, a known row with typed cells, the filename, and formula injection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { extractText } from "unpdf";
import { trades } from "~/db/schema";
import { istWallTimeToEpochMs } from "~/domain/dates";
import { loader as tradeExportLoader } from "~/routes/_reports+/reports.trade.export";
import { loader as userExportLoader } from "~/routes/_reports+/reports.user.export";
import { TRADE_EXPORT_COLUMNS } from "~/services/reports/columns";
import { createTestContext, type TestContext } from "../support/context";
import { call, getRequest, sessionCookieFor } from "../support/requests";
import { createUser, insertReportTrade } from "../support/factories";
import { createSectorRow, createSymbolRow } from "../support/admin";

let t: TestContext;
let admin: string;
let knownId = 0;
let traderId = 0;
const BULK = 2_345; // crosses the 1,000-row batches of the export cursor twice
const HEADERS = TRADE_EXPORT_COLUMNS.map((c) => c.header);

beforeAll(async () => {
  t = await createTestContext();
  const db = t.context.db;
  admin = await sessionCookieFor(t.context, (await createUser(db, { roleId: 1 })).id);
  // A name a spreadsheet would run as a formula.
  const trader = await createUser(db, { roleId: 4, name: "=HYPERLINK(\"http://evil\",\"x\")", username: "evil_trader" });
  traderId = trader.id;
  const sector = await createSectorRow(db, "Export Sector");
  const symbol = await createSymbolRow(db, sector.id, "EXPSYM");
  // The known row: closed BUY 12 x (2,345.60 - 2,300.10) = 546.00 on 15-03-2026 11:30:00 AM IST.
  knownId = await insertReportTrade(db, {
    userId: trader.id,
    symbolId: symbol.id,
    tradeType: "BUY",
    quantity: 12,
    buyPrice: 2300.1,
    sellPrice: 2345.6,
    open: false,
    tradeDateTime: new Date(istWallTimeToEpochMs(2026, 3, 15, 11, 30)),
    exitDateTime: new Date(istWallTimeToEpochMs(2026, 3, 15, 14, 0)),
  });
  const bulkTime = istWallTimeToEpochMs(2026, 2, 1, 9, 15);
  const rows = Array.from({ length: BULK }, (_, i) => ({
    userId: trader.id,
    symbolId: symbol.id,
    tradeType: (i % 2 ? "SELL" : "BUY") as "BUY" | "SELL",
    quantity: 1 + (i % 5),
    buyPrice: 100 + (i % 7),
    sellPrice: 101 + (i % 3),
    status: false,
    tradeDateTime: new Date(bulkTime + i * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(trades).values(rows.slice(i, i + 500));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function download(loader: Parameters<typeof call>[0], path: string) {
  const res = await call(loader, getRequest(path, { cookie: admin }), t.context);
  expect(res.status).toBe(200);
  return { res, body: await res.arrayBuffer() };
}

describe("/reports/trade/export", () => {
  it("xlsx: a frozen, filtered header row, every filtered trade, typed cells, formulas neutralised", async () => {
    const { res, body } = await download(tradeExportLoader, "/reports/trade/export?format=xlsx&active=0&startDate=2026-02-01&endDate=2026-03-15");
    expect(res.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="trade-report_2026-02-01_to_2026-03-15.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("Trade Report");
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    // The header, the trades, a blank row and the totals row (decision 143).
    expect(sheet.rowCount).toBe(1 + BULK + 1 + 2);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    // Trade Id and the screen's 16 columns: A to Q.
    expect(sheet.autoFilter).toBe("A1:Q1");
    // Newest first: the known trade is row 2.
    const known = sheet.getRow(2);
    const cell = (header: string) => known.getCell(HEADERS.indexOf(header) + 1).value;
    expect(cell("Trade Id")).toBe(knownId);
    expect(cell("Symbol")).toBe("EXPSYM");
    expect(cell("User Name")).toBe("'=HYPERLINK(\"http://evil\",\"x\")");
    expect(cell("Quantity")).toBe(12);
    expect(cell("Buy Price")).toBe(2300.1);
    expect(cell("PNL")).toBe(546);
    expect(cell("PNL %")).toBe(1.98);
    // Dates are date cells showing the IST wall clock.
    expect(cell("Trade Date Time")).toEqual(new Date("2026-03-15T11:30:00Z"));
    expect(cell("Status")).toBe("De-Active");
    // Exactly the filtered trades: the inclusive end day holds the known trade, nothing else leaks.
    const ids = new Set<number>();
    sheet.eachRow((row, n) => n > 1 && n < sheet.rowCount && ids.add(row.getCell(1).value as number));
    expect(ids.size).toBe(BULK + 1);
    expect([...ids].every((id) => Number.isInteger(id))).toBe(true);
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toMatch(/^Total: 2346 trades, /);
  });

  it("xlsx of a range without trades has the header only", async () => {
    const { body } = await download(tradeExportLoader, "/reports/trade/export?format=xlsx&active=all&startDate=2025-01-01&endDate=2025-01-02");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body);
    expect(workbook.worksheets[0].rowCount).toBe(1);
  });

  it("pdf: the filters on top, the header on every page, page numbers, every row", async () => {
    const { res, body } = await download(tradeExportLoader, `/reports/trade/export?format=pdf&active=0&userId=${traderId}&startDate=2026-03-01&endDate=2026-03-15`);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="trade-report_2026-03-01_to_2026-03-15.pdf"');
    const { totalPages, text } = await extractText(new Uint8Array(body), { mergePages: false });
    expect(totalPages).toBe(1);
    expect(text[0]).toContain("Trade Report");
    expect(text[0]).toContain("Dates: 01-03-2026 to 15-03-2026");
    expect(text[0]).toContain("User: evil_trader");
    expect(text[0]).toContain("Active: De-Active");
    expect(text[0]).toContain("EXPSYM");
    expect(text[0]).toContain("546.00");
    expect(text[0]).toContain("15-03-2026 11:30:00 AM");
    expect(text[0]).toContain("Page 1");

    const many = await download(tradeExportLoader, "/reports/trade/export?format=pdf&active=0&startDate=2026-02-01&endDate=2026-02-01");
    const pages = await extractText(new Uint8Array(many.body), { mergePages: false });
    // 01-02-2026 from 09:15 IST, one a minute: the trades up to 23:59 of that IST day.
    const expectedRows = Math.min(BULK, (24 * 60 - (9 * 60 + 15)));
    expect(pages.totalPages).toBeGreaterThan(2);
    pages.text.forEach((pageText, i) => {
      expect(pageText).toContain("Trade Date Time");
      expect(pageText).toContain(`Page ${i + 1}`);
    });
    const rowCount = pages.text.join("\n").match(/EXPSYM/g)?.length ?? 0;
    expect(rowCount).toBe(expectedRows);
  });
});

describe("/reports/user/export", () => {
  it("xlsx lists the role's users with their subscription columns", async () => {
    const { res, body } = await download(userExportLoader, "/reports/user/export?format=xlsx&role_id=4");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="user-report_all-dates.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["User Name", "Name", "Email", "Role", "Expiry Date", "subscribed Date", "Status"]);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe("evil_trader");
    expect(sheet.getRow(2).getCell(2).value).toBe("'=HYPERLINK(\"http://evil\",\"x\")");
  });
});
