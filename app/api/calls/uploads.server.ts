// Market files posted to the API (docs/product-rules.md R-AC7): bhav copy rows and reference-point CSV
// files. Both go through the Upload page's own imports (app/market/*-import.server.ts), so what
// is accepted, stored or refused, and the messages, are the page's (docs/product-rules.md R-D21, R-D22).
import * as z from "zod";
import { SYMBOL_MISSING_MESSAGE } from "~/market/bhav.server";
import { NOT_A_REFERENCE_FILE, REFERENCE_HEADER } from "~/market/import-report";
import { importReferenceUploads, storePostedBhavCopy, type UploadFileResult } from "~/services/uploads.server";
import { postedBhavRowsSchema, referencePointFilesSchema } from "~/schemas/upload";
import { okStatus, ymdDate } from "../shapes";
import { apiErrors, defineCall } from "../types.server";

const rowOutcomeShape = z.object({
  row: z.number().int().nonnegative().describe("the row's index in the posted list"),
  outcome: z.enum(["stored", "rejected", "skipped", "ignored"]),
  symbol_code: z.string().nullable(),
  message: z.string(),
});
const bhavOutcomeShape = z.object({
  stored: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  ignored: z.number().int().nonnegative(),
  tradingDates: z.array(ymdDate),
  rows: z.array(rowOutcomeShape),
  uploadBatchId: z.number().int().nullable().describe("the upload in the Upload page's history that stored the rows (null when none was stored); it can be undone there"),
});

/** A legacy F&O bhav copy row (foDDMMMYYYYbhav.csv's columns). */
const foRow = (symbol: string | undefined, extra: Record<string, string | number> = {}) => ({
  INSTRUMENT: "FUTIDX",
  ...(symbol === undefined ? {} : { SYMBOL: symbol }),
  EXPIRY_DT: "27-Feb-2020",
  STRIKE_PR: 0,
  OPTION_TYP: "XX",
  OPEN: 12100,
  HIGH: 12150.5,
  LOW: 12020,
  CLOSE: 12120.25,
  SETTLE_PR: 12120.25,
  CONTRACTS: 150000,
  VAL_INLAKH: 0,
  OPEN_INT: 0,
  CHG_IN_OI: 0,
  TIMESTAMP: "03-FEB-2020",
  ...extra,
});

const fileReportShape = z.object({
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  formatLabel: z.string().nullable(),
  fatal: z.string().nullable().describe("why nothing of this file was stored (not a reference-point file, empty, too large, a ZIP ...)"),
  storedCount: z.number().int().nonnegative(),
  errorCount: z.number().int().nonnegative(),
  stored: z.array(z.object({ line: z.number().int(), symbol_code: z.string(), detail: z.string() })),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});

/** Each uploaded file's report as the Upload page shows it (lists capped at 500, counts exact). */
function fileReports(results: readonly UploadFileResult[]) {
  return results.map(({ fileName, size, report }) => ({
    fileName,
    size,
    formatLabel: report.formatLabel,
    fatal: report.fatal,
    storedCount: report.storedCount,
    errorCount: report.errorCount,
    stored: report.stored.map((s) => ({ line: s.line, symbol_code: s.symbolCode, detail: s.detail })),
    errors: report.errors,
  }));
}

const sampleCsv = (code: string) => `${REFERENCE_HEADER}\n${code}:NSEFO,API_UPLOAD_POINT,123.5,API upload,2026-01-05,120\n`;

export const uploadCalls = [
  defineCall({
    id: "admin/chavi/bhavcopy",
    method: "POST",
    path: "/api/admin/chavi/bhavcopy",
    tag: "Uploads",
    summary:
      "Stores posted bhav copy rows with the Upload page's bhav import: a JSON list of rows, each an object under the bhav copy CSV's column names " +
      "(the NSE F&O or equity bhav copy, old format or UDiFF, as the page accepts; at most 5,000 rows). SYMBOL is cut before ':NSEFO'; a row without " +
      "SYMBOL is rejected with 'SYMBOL property is missing in data entry'; near-month futures are stored under SYMBOL-I, EQ shares under their code. " +
      "Good rows are stored in one transaction, recorded as a committed upload in the Upload page's history, from which it can be undone; data.rows gives each posted row's outcome (stored, rejected, skipped: symbol not listed, ignored: not used). " +
      "When no row is stored and some are rejected, or the columns are not a bhav copy's, it answers 400 with one error per rejected row (path: the row's index).",
    page: "/upload",
    body: postedBhavRowsSchema,
    status: 200,
    response: z.object({ status: okStatus, message: z.string(), data: bhavOutcomeShape }),
    handle: async ({ context, user, body }) => {
      const { report, rows, batchId } = await storePostedBhavCopy(context, user, body);
      const outcomes = rows.map((r, row) => ({ row, outcome: r.outcome, symbol_code: r.symbolCode, message: r.message }));
      const count = (outcome: (typeof outcomes)[number]["outcome"]) => outcomes.filter((o) => o.outcome === outcome).length;
      const data = { stored: count("stored"), rejected: count("rejected"), skipped: count("skipped"), ignored: count("ignored"), tradingDates: report.tradingDates, rows: outcomes, uploadBatchId: batchId };
      if (report.fatal) apiErrors(400, [{ msg: report.fatal }], { data });
      if (data.stored === 0 && data.rejected > 0) {
        apiErrors(
          400,
          outcomes.filter((o) => o.outcome === "rejected").map((o) => ({ msg: o.message, path: String(o.row) })),
          { data },
        );
      }
      const message = `${data.stored} stored, ${data.rejected} rejected, ${data.skipped} skipped (symbol not listed), ${data.ignored} not used`;
      return { status: 200, message, data };
    },
    sample: (f) => ({
      body: [
        // The fixture symbol as an equity (old equity bhav copy columns), its code carrying ':NSEFO'.
        {
          SYMBOL: `${f.symbolCode}:NSEFO`,
          SERIES: "EQ",
          OPEN: 101,
          HIGH: 104,
          LOW: 99.5,
          CLOSE: 103,
          LAST: 103,
          PREVCLOSE: 100,
          TOTTRDQTY: 5000,
          TOTTRDVAL: 515000,
          TIMESTAMP: "03-FEB-2020",
          TOTALTRADES: 40,
          ISIN: "INE000000000",
        },
      ],
    }),
    invalid: { body: [foRow(undefined)], message: SYMBOL_MISSING_MESSAGE },
  }),
  defineCall({
    id: "admin/referencePoint/add",
    method: "POST",
    path: "/api/admin/referencePoint/add",
    tag: "Uploads",
    summary:
      "Uploads reference-point files with the Upload page's Reference Point import: multipart/form-data with one or more `pointFile` CSV files, header " +
      "symbol_code,point_name,price,display_name,date,slPrice (date YYYY-MM-DD; docs/product-rules.md R-D22), at most 20 files of 50 MB. Each file is judged on its own: " +
      "its valid rows are stored in one transaction (a point uploaded again is replaced), bad rows are listed with their line; a file that is not a " +
      "reference-point file, empty, a ZIP or too large stores nothing and is named in errors[]. 200 when at least one file went in, else 400 (413 " +
      "for a file over the limit) with each file's message. The documents' client sent this call without an Authorization header: the API still " +
      "requires the Bearer token (or the session cookie) like every call, with role 1 (the upload page's rule).",
    page: "/upload",
    upload: { files: "pointFile", accept: "text/csv" },
    body: referencePointFilesSchema,
    status: 200,
    response: z.object({ status: okStatus, message: z.string(), data: z.array(fileReportShape) }),
    handle: async ({ context, body }) => {
      const { results, status } = await importReferenceUploads(context, body.pointFile);
      const data = fileReports(results);
      if (status !== 200) apiErrors(status === 413 ? 413 : 400, data.map((f) => ({ msg: f.fatal ?? "Nothing was stored", path: f.fileName })), { data });
      const stored = data.reduce((sum, f) => sum + f.storedCount, 0);
      const refused = data.filter((f) => f.fatal !== null).length;
      const message =
        `${stored} reference ${stored === 1 ? "point" : "points"} stored from ${data.length - refused} ${data.length - refused === 1 ? "file" : "files"}` +
        (refused > 0 ? `; ${refused} ${refused === 1 ? "file" : "files"} refused` : "");
      return { status: 200, message, data };
    },
    sample: (f) => ({ body: { pointFile: [{ name: "points.csv", content: sampleCsv(f.symbolCode) }] } }),
    invalid: { body: { pointFile: [{ name: "notes.csv", content: "hello,world\n1,2\n" }] }, message: NOT_A_REFERENCE_FILE },
  }),
];
