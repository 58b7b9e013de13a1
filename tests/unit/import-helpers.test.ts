// Pure helpers of the imports and admin price tools: file kinds, vendor tickers, the
// reference-point parser, month spans, form schemas and the upload's status.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { detectImportKind, formatReportLines, vendorTickerToCode } from "~/market/import.server";
import { emptyReport, FILE_TOO_LARGE, NOT_A_REFERENCE_FILE, capReport, MAX_LISTED_ROWS } from "~/market/import-report";
import { parseReferencePointCsv } from "~/market/reference-import.server";
import { uploadStatus, type UploadFileResult } from "~/services/uploads.server";
import { utcMonthsBetween } from "~/models/price-adjustment.server";
import { bonusSplitSchema, ENTER_NUMBER, POSITIVE_NUMBER, SELECT_OPERATION, SELECT_SCRIPT } from "~/schemas/bonus-split";
import { openDataSchema } from "~/schemas/open-data";
import { uploadSchema, uploadTabSchema, NO_FILES_CHOSEN } from "~/schemas/upload";
import { fixture } from "../support/market";

describe("vendorTickerToCode", () => {
  it("maps the continuous near-month future _F1 to -I", () => {
    expect(vendorTickerToCode("NIFTY_F1")).toBe("NIFTY-I");
    expect(vendorTickerToCode("BANKNIFTY_F1")).toBe("BANKNIFTY-I");
    expect(vendorTickerToCode(" reliance_f1 ")).toBe("RELIANCE-I");
  });
  it("keeps other tickers as they are (upper case)", () => {
    expect(vendorTickerToCode("SBIN")).toBe("SBIN");
    expect(vendorTickerToCode("NIFTY_F2")).toBe("NIFTY_F2");
  });
});

describe("detectImportKind", () => {
  it("tells every kind apart by content", () => {
    for (const name of ["fo-legacy-sample.csv", "cm-legacy-sample.csv", "udiff-fo-sample.csv", "udiff-cm-sample.csv"]) {
      expect(detectImportKind(fixture(`bhav/${name}`))).toBe("bhav");
    }
    expect(detectImportKind(fixture("minute/NIFTY_sample.csv"))).toBe("minute");
    expect(detectImportKind(fixture("symbols/nifty500-sample.csv"))).toBe("symbol-list");
    expect(detectImportKind(fixture("reference/reference-points.csv"))).toBe("reference");
  });
  it("does not guess", () => {
    expect(detectImportKind("Date,Open,High,Low,Close\n2000-01-03,1,2,0.5,1.5\n")).toBe("unknown");
    expect(detectImportKind("NIFTY_F1,2017-10-03,09:16,1,2,3,4,5")).toBe("unknown");
    expect(detectImportKind("")).toBe("unknown");
  });
});

describe("parseReferencePointCsv", () => {
  it("reads good rows and explains each bad one by line", () => {
    const csv = [
      "symbol_code,point_name,price,display_name,date,slPrice",
      "nifty-i,TEJI_VISAMO_TARGET,24500.5,Teji target,2026-01-05,24400",
      "NIFTY-I,MANDI_VISAMO_TARGET,23500,,,",
      ",X,1,,,",
      "NIFTY-I,,1,,,",
      "NIFTY-I,P,abc,,,",
      "NIFTY-I,P,-5,,,",
      "NIFTY-I,P,,,,",
      "NIFTY-I,P,10,,2024-02-30,",
      "NIFTY-I,P,10,,05-01-2026,0",
    ].join("\n");
    const { rows, errors } = parseReferencePointCsv(csv);
    expect(rows).toEqual([
      { line: 2, symbolCode: "NIFTY-I", pointName: "TEJI_VISAMO_TARGET", displayName: "Teji target", price: 24500.5, slPrice: 24400, date: "2026-01-05" },
      { line: 3, symbolCode: "NIFTY-I", pointName: "MANDI_VISAMO_TARGET", displayName: "MANDI_VISAMO_TARGET", price: 23500, slPrice: null, date: null },
    ]);
    expect(errors).toEqual([
      { line: 4, message: "symbol_code is missing" },
      { line: 5, message: "point_name is missing" },
      { line: 6, message: 'price must be a positive number, got "abc"' },
      { line: 7, message: 'price must be a positive number, got "-5"' },
      { line: 8, message: "price is missing" },
      { line: 9, message: 'date must be a real date written YYYY-MM-DD, got "2024-02-30"' },
      { line: 10, message: 'slPrice must be a positive number, got "0"; date must be a real date written YYYY-MM-DD, got "05-01-2026"' },
    ]);
  });
  it("refuses a file without the reference-point header", () => {
    expect(parseReferencePointCsv("a,b,c\n1,2,3\n")).toEqual({ rows: [], errors: [{ line: 1, message: NOT_A_REFERENCE_FILE }] });
  });
});

describe("utcMonthsBetween", () => {
  it("lists the months (partitions) a span touches", () => {
    const months = utcMonthsBetween(new Date("2017-10-31T09:00:00Z"), new Date("2018-01-01T00:00:00Z"));
    expect(months.map((m) => m.from.toISOString().slice(0, 7))).toEqual(["2017-10", "2017-11", "2017-12", "2018-01"]);
    expect(months[0].to.toISOString()).toBe("2017-11-01T00:00:00.000Z");
    expect(utcMonthsBetween(new Date("2020-02-10T00:00:00Z"), new Date("2020-02-11T00:00:00Z"))).toHaveLength(1);
  });
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

describe("bonusSplitSchema (the documents' messages)", () => {
  const errorsOf = (fields: Record<string, string>) => {
    const result = parseWithZod(form(fields), { schema: bonusSplitSchema });
    return result.status === "success" ? null : result.reply().error;
  };
  it("names each missing field", () => {
    expect(errorsOf({ symbolId: "", number: "", operation: "" })).toEqual({
      symbolId: [SELECT_SCRIPT],
      number: [ENTER_NUMBER],
      operation: [SELECT_OPERATION],
    });
    expect(errorsOf({})).toEqual({ symbolId: [SELECT_SCRIPT], number: [ENTER_NUMBER], operation: [SELECT_OPERATION] });
  });
  it("refuses 0, a negative number, a non-number and an unknown operation", () => {
    expect(errorsOf({ symbolId: "1", number: "0", operation: "Multiply" })).toEqual({ number: [ENTER_NUMBER] });
    expect(errorsOf({ symbolId: "1", number: "-2", operation: "Multiply" })).toEqual({ number: [POSITIVE_NUMBER] });
    expect(errorsOf({ symbolId: "1", number: "two", operation: "Division" })).toEqual({ number: [ENTER_NUMBER] });
    expect(errorsOf({ symbolId: "1", number: "2", operation: "Add" })).toEqual({ operation: [SELECT_OPERATION] });
    expect(errorsOf({ symbolId: "x", number: "2", operation: "Division" })).toEqual({ symbolId: [SELECT_SCRIPT] });
  });
  it("accepts a decimal ratio", () => {
    const result = parseWithZod(form({ symbolId: "7", number: "1.5", operation: "Division" }), { schema: bonusSplitSchema });
    expect(result.status === "success" && result.value).toEqual({ symbolId: 7, number: 1.5, operation: "Division" });
  });
});

describe("upload and open-data schemas", () => {
  it("reads the tab, defaulting to the first", () => {
    expect(uploadTabSchema.parse("bhav")).toBe("bhav");
    expect(uploadTabSchema.parse("reference")).toBe("reference");
    expect(uploadTabSchema.parse("other")).toBe("reference");
    expect(uploadTabSchema.parse(undefined)).toBe("reference");
  });
  it("wants at least one file", () => {
    const result = uploadSchema.safeParse({ tab: "bhav", fileCount: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(NO_FILES_CHOSEN);
  });
  it("sends the open-data post back to a local path only", () => {
    expect(openDataSchema.parse({}).redirectTo).toBe("/setting");
    expect(openDataSchema.parse({ redirectTo: "/setting?tab=admin" }).redirectTo).toBe("/setting?tab=admin");
    expect(openDataSchema.parse({ redirectTo: "//evil.example" }).redirectTo).toBe("/");
    expect(openDataSchema.parse({ redirectTo: "https://evil.example/" }).redirectTo).toBe("/");
    expect(openDataSchema.parse({ redirectTo: "/\\evil.example" }).redirectTo).toBe("/");
  });
});

describe("reports", () => {
  const result = (fatal: string | null): UploadFileResult => ({ fileName: "f.csv", size: 1, report: emptyReport("bhav", fatal) });
  it("answers 200 when a file went in, 413 when only too-large files came, else 400", () => {
    expect(uploadStatus([result(null), result(FILE_TOO_LARGE)])).toBe(200);
    expect(uploadStatus([result(FILE_TOO_LARGE), result("The file is empty.")])).toBe(413);
    expect(uploadStatus([result("The file is empty.")])).toBe(400);
  });
  it("caps the listed rows but keeps the counts", () => {
    const many = Array.from({ length: MAX_LISTED_ROWS + 5 }, (_, i) => ({ line: i + 2, message: "bad" }));
    const capped = capReport({ ...emptyReport("bhav"), errorCount: many.length, errors: many });
    expect(capped.errors).toHaveLength(MAX_LISTED_ROWS);
    expect(capped.errorCount).toBe(MAX_LISTED_ROWS + 5);
  });
  it("prints a report for the terminal", () => {
    const lines = formatReportLines({
      ...emptyReport("bhav", null, "NSE F&O bhav copy (old format)"),
      storedCount: 1,
      stored: [{ line: 5, symbolCode: "NIFTY-I", detail: "2020-01-01: close 12,243.80" }],
      errorCount: 1,
      errors: [{ line: 3, message: "SYMBOL property is missing in data entry" }],
      skipped: { count: 3, codes: ["ACC-I", "ABB-I"], symbolCount: 2 },
      ignored: { count: 10, reason: "options and later expiries" },
    });
    expect(lines).toEqual([
      "  NSE F&O bhav copy (old format)",
      "  Data posted successfully: 1 rows stored",
      "    line 5 NIFTY-I: 2020-01-01: close 12,243.80",
      "  Error posting data: 1 bad rows",
      "    line 3: SYMBOL property is missing in data entry",
      "  3 rows skipped: symbol not listed (ACC-I, ABB-I)",
      "  10 rows not used: options and later expiries",
    ]);
  });
});
