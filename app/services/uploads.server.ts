// Market data uploads, for the Upload page and the JSON API (admin/referencePoint/add,
// admin/chavi/bhavcopy): reading a multipart upload with a per-file size limit, and importing
// each file by the page's tab. Each file is judged on its own: a file that is too large, empty or
// not recognised is reported and nothing of it is stored; the other files still go in.
// Bhav copies from the page are previewed first (a staged batch), then committed, and can be
// undone (docs/decisions/142); reference points go in at once.
import { recordAudit, type AuditActor } from "~/models/audit-log.server";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import type { AppContext } from "~/config/context";
import type { AppDatabase } from "~/db/client.server";
import { formatIstDateTime, istDateString, istMidnight } from "~/domain/dates";
import { notFoundOutcome, refuse, succeed, type Outcome } from "~/domain/outcome";
import {
  FAR_DATES_CONFIRM_LABEL,
  farUploadDates,
  isStalePreview,
  MAX_SUMMARY_SYMBOLS,
  stalePreviewCutoff,
  type UploadBatchState,
  type UploadBatchSummary,
} from "~/domain/upload-batches";
import {
  bhavStoreFailure,
  failedBhavReport,
  planBhavCopy,
  planPostedBhavRows,
  postedRowOutcomes,
  refreshBarLevels,
  type BhavImportReport,
  type BhavRowOutcome,
  type PostedBhavRow,
} from "~/market/bhav-import.server";
import {
  capReport,
  emptyReport,
  FILE_EMPTY,
  FILE_TOO_LARGE,
  MAX_UPLOAD_BYTES,
  POSTED_OK,
  ZIP_NOT_ACCEPTED,
  type ImportReport,
} from "~/market/import-report";
import { planIndexHistory } from "~/market/index-history.server";
import { minuteStoredRows, planMinuteBars, planSymbolList, type MinutePlan, type SymbolListPlan } from "~/market/import.server";
import { addListedSymbols, type ListingEntry } from "~/models/listing.server";
import { ensureMonthPartitions, upsertMinuteCandles } from "~/models/candle.server";
import { importReferencePoints } from "~/market/reference-import.server";
import type { DailyBar } from "~/models/day-ohlc.server";
import {
  batchBarKeys,
  batchMinuteCandles,
  countReplacedBars,
  countReplacedMinutes,
  insertUploadBatchMinuteDays,
  deleteStalePreviews,
  deleteUploadBatch,
  findUploadBatch,
  insertUploadBatch,
  insertUploadBatchBars,
  laterOverlappingBatch,
  latestHeldTradingDate,
  listUploadBatches,
  lockUploadBatch,
  recordPreviousBars,
  restoreBatchBars,
  setUploadBatchState,
  writeBatchBars,
  type StagedMinuteDay,
  type UploadBatchRow,
} from "~/models/upload-batch.server";
import { readForm } from "~/schemas/request-input.server";

export const MAX_UPLOAD_FILES = 20;
export const TOO_MANY_FILES = `Too many files: upload at most ${MAX_UPLOAD_FILES} at a time.`;
/** What one upload may hold in memory in all (each file is read whole before it is imported). */
export const MAX_UPLOAD_TOTAL_MB = 100;
export const TOO_MUCH_AT_ONCE = `This upload is over ${MAX_UPLOAD_TOTAL_MB} MB in all: upload this file separately.`;
const MAX_FIELD_BYTES = 10_000;
export const UNREADABLE_UPLOAD = "The upload could not be read: it is not a well-formed multipart/form-data body.";

export interface UploadedFile {
  name: string;
  size: number;
  /** The file's text, or null when it was refused (see problem). */
  text: string | null;
  problem: string | null;
  /** The file's bytes, when read with `binary` (an Excel workbook is a ZIP, not text). */
  bytes?: Uint8Array;
}

export interface UploadFileResult {
  fileName: string;
  size: number;
  report: ImportReport;
}

async function drain(data: AsyncIterable<Uint8Array>): Promise<number> {
  let size = 0;
  for await (const chunk of data) size += chunk.byteLength;
  return size;
}

function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * Reads the form fields and files of an upload. A file over `maxFileBytes` is read through
 * without being kept (memory stays bounded by the limit) and comes back with the too-large
 * problem; so does a file that would take the upload past `maxTotalBytes` in all, or past
 * `maxFiles` files. A request that is not multipart gives its fields and no files; a multipart
 * body that cannot be read gives no files and `problem` (UNREADABLE_UPLOAD). With
 * `fileField`, only files sent under that field name are taken (others are read through and dropped).
 * With `binary`, a file comes back as its bytes (no text, no ZIP refusal: the caller tells its kind).
 */
export async function readUpload(
  request: Request,
  options: { maxFileBytes?: number; maxFiles?: number; maxTotalBytes?: number; fileField?: string; binary?: boolean } = {},
): Promise<{ fields: FormData; files: UploadedFile[]; problem: string | null }> {
  const maxFileBytes = options.maxFileBytes ?? MAX_UPLOAD_BYTES;
  const maxFiles = options.maxFiles ?? MAX_UPLOAD_FILES;
  const maxTotalBytes = options.maxTotalBytes ?? MAX_UPLOAD_TOTAL_MB * 1024 * 1024;
  let kept = 0;
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) {
    // A form that is not multipart has no files (and JSON or text is refused: 415).
    return { fields: await readForm(request), files: [], problem: null };
  }
  const files: UploadedFile[] = [];
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (filename === undefined) {
      // A plain field (the tab): small, kept as text.
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size <= MAX_FIELD_BYTES) chunks.push(chunk);
      }
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
    // An empty file input sends a part without a name: nothing was chosen.
    if (filename === "" || (options.fileField !== undefined && name !== options.fileField)) {
      await drain(data);
      return null;
    }
    if (files.length >= maxFiles) {
      files.push({ name: filename, size: await drain(data), text: null, problem: TOO_MANY_FILES });
      return null;
    }
    let size = 0;
    let chunks: Uint8Array[] = [];
    let tooLarge = false;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > maxFileBytes) {
        tooLarge = true;
        chunks = [];
      } else if (!tooLarge) {
        chunks.push(chunk);
      }
    }
    if (tooLarge) {
      files.push({ name: filename, size, text: null, problem: FILE_TOO_LARGE });
      return null;
    }
    if (kept + size > maxTotalBytes) {
      files.push({ name: filename, size, text: null, problem: TOO_MUCH_AT_ONCE });
      return null;
    }
    kept += size;
    const bytes = Buffer.concat(chunks);
    if (options.binary) {
      files.push({ name: filename, size, text: null, problem: size === 0 ? FILE_EMPTY : null, bytes: new Uint8Array(bytes) });
      return null;
    }
    let problem: string | null = null;
    // (A file of only blank lines is reported empty by the importers.)
    if (size === 0) problem = FILE_EMPTY;
    else if (isZip(bytes)) problem = ZIP_NOT_ACCEPTED;
    // TextDecoder drops a UTF-8 byte-order mark.
    files.push({ name: filename, size, text: problem ? null : new TextDecoder().decode(bytes), problem });
    return null;
  };
  try {
    return { fields: await unstable_parseMultipartFormData(request, handler), files, problem: null };
  } catch {
    // A malformed body (a part without a field name, a broken boundary) cannot be read: nothing of it is kept.
    return { fields: new FormData(), files: [], problem: UNREADABLE_UPLOAD };
  }
}

/** 200 when at least one file went in (even with bad rows); else 413 for a too-large file, else 400. */
export function uploadStatus(results: readonly UploadFileResult[]): 200 | 400 | 413 {
  if (results.some((r) => r.report.fatal === null)) return 200;
  if (results.some((r) => r.report.fatal === FILE_TOO_LARGE)) return 413;
  return 400;
}

const refusedReport = (kind: "bhav" | "reference" | "index-history", file: UploadedFile) => emptyReport(kind, file.problem ?? FILE_EMPTY);

/**
 * Imports uploaded reference-point files one after the other (each its own transaction): each
 * file's report, and the answer's status (see uploadStatus).
 */
export async function importReferenceUploads(
  context: Pick<AppContext, "db">,
  files: readonly UploadedFile[],
): Promise<{ results: UploadFileResult[]; status: 200 | 400 | 413 }> {
  const results: UploadFileResult[] = [];
  for (const file of files) {
    const report = file.problem !== null || file.text === null ? refusedReport("reference", file) : await importReferencePoints(context.db, file.text);
    results.push({ fileName: file.name, size: file.size, report });
  }
  return { results, status: uploadStatus(results) };
}

// ---------------------------------------------------------------- bhav copies: preview, commit, undo (docs/decisions/142)

export type UploadSummary = UploadBatchSummary<ImportReport>;

/**
 * The uploads staged as daily bars (upload_batch_bars) and committed, undone and listed alike:
 * bhav copies and daily index history files (docs/decisions/142). A batch of one kind is not
 * found through another's tab.
 */
export const DAY_BAR_KINDS = ["bhav", "index-history"] as const;
export type DayBarKind = (typeof DAY_BAR_KINDS)[number];
/** Every kind of batch the Upload page stages: daily bars, and 1-minute bars (which cannot be undone). */
export type UploadBatchKind = DayBarKind | "minute" | "symbol-list";
export const MINUTE_UPLOAD_NO_UNDO =
  "A 1-minute upload cannot be undone: the minutes and hourly candles it replaced are not kept. Upload the corrected file again instead.";
export const SYMBOL_LIST_NO_UNDO =
  "A symbol list upload cannot be undone here: switch the symbols off or remove them on the Symbols page (removing one removes its data).";
/** A staged symbol list keeps the rows to create with its summary (a list is small: MAX_SYMBOL_LIST_ROWS). */
type SymbolListSummary = UploadSummary & { entries: ListingEntry[] };

/** A batch as the Upload page shows it (plain data: it crosses the loader boundary). */
export interface UploadBatchView {
  id: number;
  fileName: string;
  uploadedBy: string | null;
  state: UploadBatchState;
  createdAt: string;
  committedAt: string | null;
  undoneAt: string | null;
  summary: UploadSummary;
}

export const UPLOAD_NOT_COMMITTED = "This upload is not committed: there is nothing to undo. Discard the preview instead.";
export const UPLOAD_ALREADY_COMMITTED = "This upload is already committed.";
export const UPLOAD_ALREADY_UNDONE = "This upload was undone: upload the file again to store it.";
export const UPLOAD_ONLY_PREVIEW_DISCARDED = "Only a preview can be discarded: a committed upload is undone instead.";
export const UPLOAD_PREVIEW_EXPIRED = "This preview is more than a day old and was discarded: upload the file again.";
export const FAR_DATES_NOT_CONFIRMED = `Some dates are far from today: tick '${FAR_DATES_CONFIRM_LABEL}' to commit them.`;
export const undoLaterFirst = (later: { id: number; fileName: string }) =>
  `Undo refused: upload ${later.id} (${later.fileName}) was committed later and wrote some of the same bars. Undo that one first.`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function toView(row: UploadBatchRow): UploadBatchView {
  return {
    id: row.id,
    fileName: row.fileName,
    uploadedBy: row.uploadedByName,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    committedAt: row.committedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    summary: row.summary as UploadSummary,
  };
}

/** A batch's file name: the uploaded files' names (cut to fit a line). */
function batchFileName(names: readonly string[]): string {
  const joined = names.join(", ");
  return joined.length > 200 ? `${joined.slice(0, 199)}…` : joined;
}

interface PlannedFile {
  file: UploadedFile;
  report: BhavImportReport;
  bars: DailyBar[];
}

/**
 * Tracks which file of an upload first gave each row key: a key given again by a later file is
 * that file's bad row (its report gets the error), and the answer is true.
 */
function repeatedRowTracker() {
  const firstFile = new Map<string, string>();
  return (report: ImportReport, fileName: string, key: string, line: number, described: string): boolean => {
    const earlier = firstFile.get(key);
    if (earlier === undefined) {
      firstFile.set(key, fileName);
      return false;
    }
    report.errors.push({ line, message: `Duplicate row: ${described} is already given in ${earlier}` });
    report.errorCount += 1;
    return true;
  };
}

/** Each file's row of the answer (its report capped) and the answer's status (see uploadStatus). */
function uploadAnswer(planned: readonly { file: UploadedFile; report: ImportReport }[]): { results: UploadFileResult[]; status: 200 | 400 | 413 } {
  const results = planned.map((p) => ({ fileName: p.file.name, size: p.file.size, report: capReport(p.report) as ImportReport }));
  return { results, status: uploadStatus(results) };
}

/**
 * A bar given again by a later file of the same upload is that file's bad row (the batch holds
 * one bar per symbol and day, like one file does).
 */
function dropRepeatedBars(planned: PlannedFile[]): void {
  const repeated = repeatedRowTracker();
  for (const p of planned) {
    const keep: DailyBar[] = [];
    const stored: typeof p.report.stored = [];
    p.bars.forEach((bar, i) => {
      // report.stored[i] describes bars[i] (planBhavCopy pushes them together).
      const row = p.report.stored[i];
      if (repeated(p.report, p.file.name, `${bar.symbolId}|${bar.tradingDate}`, row.line, `${row.symbolCode} on ${bar.tradingDate}`)) return;
      keep.push(bar);
      stored.push(row);
    });
    if (keep.length !== p.bars.length) {
      p.bars = keep;
      p.report.stored = stored;
      p.report.storedCount = keep.length;
      p.report.tradingDates = [...new Set(keep.map((b) => b.tradingDate))].sort();
      p.report.errors.sort((a, b) => a.line - b.line);
    }
  }
}

function summarise(planned: readonly PlannedFile[], counts: { rows: number; replacing: number }, latestHeld: string | null, today: string): UploadSummary {
  const byDate = new Map<string, number>();
  const codes = new Set<string>();
  for (const p of planned) {
    for (const bar of p.bars) byDate.set(bar.tradingDate, (byDate.get(bar.tradingDate) ?? 0) + 1);
    for (const row of p.report.stored) codes.add(row.symbolCode);
  }
  const dates = [...byDate.keys()].sort();
  const symbols = [...codes].sort();
  const sum = (f: (r: BhavImportReport) => number) => planned.reduce((n, p) => n + f(p.report), 0);
  return {
    files: planned.map((p) => ({ fileName: p.file.name, size: p.file.size, report: capReport(p.report) })),
    dates: dates.map((date) => ({ date, rows: byDate.get(date) ?? 0 })),
    symbols: symbols.slice(0, MAX_SUMMARY_SYMBOLS),
    symbolCount: symbols.length,
    rows: counts.rows,
    newRows: counts.rows - counts.replacing,
    replacingRows: counts.replacing,
    skipped: { notListed: sum((r) => r.skipped.count), bad: sum((r) => r.errorCount), notUsed: sum((r) => r.ignored.count) },
    farDates: farUploadDates(dates, today),
    latestHeld,
    today,
  };
}

/** Stages the planned bars as a batch (state previewed) in the caller's transaction; its id and summary. */
async function stageBatch(
  db: AppDatabase,
  uploadedBy: number | null,
  fileName: string,
  planned: PlannedFile[],
  kind: DayBarKind = "bhav",
): Promise<{ id: number; summary: UploadSummary }> {
  const id = await insertUploadBatch(db, { kind, fileName, uploadedBy, summary: {} });
  await insertUploadBatchBars(db, id, planned.flatMap((p) => p.bars));
  const summary = summarise(planned, await countReplacedBars(db, id), await latestHeldTradingDate(db), istDateString(new Date()));
  await setUploadBatchState(db, id, { state: "previewed", summary });
  return { id, summary };
}

/**
 * Commits a staged batch in the caller's transaction (its row locked by lockUploadBatch): records
 * the values of the days it replaces, writes its bars as the bhav import always has, refreshes the
 * daily levels of the days written (docs/product-rules.md R-D18, decision 129).
 */
async function commitStagedBatch(db: AppDatabase, id: number, summary: UploadSummary): Promise<UploadSummary> {
  const counts = await countReplacedBars(db, id);
  await recordPreviousBars(db, id);
  await writeBatchBars(db, id);
  await refreshBarLevels(db, await batchBarKeys(db, id));
  const committed = { ...summary, rows: counts.rows, newRows: counts.rows - counts.replacing, replacingRows: counts.replacing };
  await setUploadBatchState(db, id, { state: "committed", summary: committed, committedAt: new Date() });
  return committed;
}

/**
 * Commits a staged minute batch in the caller's transaction: its minutes are written with the
 * import's own writer (upsertMinuteCandles: intraday_ohlc and the hourly rollup of the hours
 * touched, in the same statement), the counts recounted as the table stands.
 */
async function commitMinuteBatch(db: AppDatabase, id: number, summary: UploadSummary): Promise<UploadSummary> {
  const counts = await countReplacedMinutes(db, id);
  await upsertMinuteCandles(db, await batchMinuteCandles(db, id), { ensurePartitions: false });
  const committed = { ...summary, rows: counts.rows, newRows: counts.rows - counts.replacing, replacingRows: counts.replacing };
  await setUploadBatchState(db, id, { state: "committed", summary: committed, committedAt: new Date() });
  return committed;
}

/**
 * Reads uploaded vendor 1-minute bar files and stages what they would store as one batch (one
 * staged row per symbol and day), writing no candle: the batch id (null when nothing is to be
 * stored), each file's report, and the answer's status. A minute given again by a later file of
 * the same upload is that file's bad row.
 */
export async function previewMinuteUploads(
  context: Pick<AppContext, "db">,
  user: { id: number },
  files: readonly UploadedFile[],
): Promise<{ batchId: number | null; results: UploadFileResult[]; status: 200 | 400 | 413 }> {
  await discardStalePreviews(context);
  const plans: { file: UploadedFile; plan: MinutePlan }[] = [];
  const repeated = repeatedRowTracker();
  for (const file of files) {
    if (file.problem !== null || file.text === null) {
      plans.push({ file, plan: { report: emptyReport("minute", file.problem ?? FILE_EMPTY), toStore: [] } });
      continue;
    }
    const plan = await planMinuteBars(context.db, file.text);
    for (const s of plan.toStore) {
      s.bars = s.bars.filter((bar) => !repeated(plan.report, file.name, `${s.symbolId}|${bar.time}`, bar.line, `${s.code} at ${formatIstDateTime(new Date(bar.time))}`));
    }
    plan.toStore = plan.toStore.filter((s) => s.bars.length > 0);
    plan.report.errors.sort((a, b) => a.line - b.line);
    plan.report.stored = minuteStoredRows(plan.toStore);
    plan.report.storedCount = plan.toStore.reduce((n, s) => n + s.bars.length, 0);
    plans.push({ file, plan });
  }
  const { results, status } = uploadAnswer(plans.map((p) => ({ file: p.file, report: p.plan.report })));
  if (!plans.some((p) => p.plan.toStore.length > 0)) return { batchId: null, results, status: status === 200 ? 400 : status };

  const days = new Map<string, StagedMinuteDay>();
  const codes = new Set<string>();
  for (const { plan } of plans) {
    for (const s of plan.toStore) {
      codes.add(s.code);
      for (const b of [...s.bars].sort((x, y) => x.time - y.time)) {
        const date = istDateString(b.time);
        const key = `${s.symbolId}|${date}`;
        const day = days.get(key);
        if (!day) {
          days.set(key, { symbolId: s.symbolId, tradingDate: date, open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume, minutes: [[b.time, b.open, b.high, b.low, b.close, b.volume]] });
        } else {
          day.minutes.push([b.time, b.open, b.high, b.low, b.close, b.volume]);
          day.high = Math.max(day.high, b.high);
          day.low = Math.min(day.low, b.low);
          day.close = b.close;
          day.volume += b.volume;
        }
      }
    }
  }
  const byDate = new Map<string, number>();
  for (const d of days.values()) byDate.set(d.tradingDate, (byDate.get(d.tradingDate) ?? 0) + d.minutes.length);
  const dates = [...byDate.keys()].sort();
  const symbols = [...codes].sort();
  const sum = (f: (r: ImportReport) => number) => plans.reduce((n, p) => n + f(p.plan.report), 0);
  const id = await context.db.transaction(async (tx) => {
    const batchId = await insertUploadBatch(tx, { kind: "minute", fileName: batchFileName(files.map((f) => f.name)), uploadedBy: user.id, summary: {} });
    await insertUploadBatchMinuteDays(tx, batchId, [...days.values()]);
    const counts = await countReplacedMinutes(tx, batchId);
    const today = istDateString(new Date());
    const summary: UploadSummary = {
      files: results,
      dates: dates.map((date) => ({ date, rows: byDate.get(date) ?? 0 })),
      symbols: symbols.slice(0, MAX_SUMMARY_SYMBOLS),
      symbolCount: symbols.length,
      rows: counts.rows,
      newRows: counts.rows - counts.replacing,
      replacingRows: counts.replacing,
      skipped: { notListed: sum((r) => r.skipped.count), bad: sum((r) => r.errorCount), notUsed: sum((r) => r.ignored.count) },
      farDates: farUploadDates(dates, today),
      latestHeld: await latestHeldTradingDate(tx),
      today,
    };
    await setUploadBatchState(tx, batchId, { state: "previewed", summary });
    return batchId;
  });
  return { batchId: id, results, status };
}

/**
 * Commits a staged symbol list in the caller's transaction: the symbols not listed are created
 * (status off) with their sectors, as `npm run import` does (addListedSymbols); counts recounted.
 */
async function commitSymbolList(db: AppDatabase, id: number, summary: SymbolListSummary): Promise<UploadSummary> {
  const result = await addListedSymbols(db, summary.entries);
  const created = result.createdSymbols.length;
  const committed = { ...summary, newRows: created, replacingRows: summary.rows - created, createdSectors: result.createdSectors };
  await setUploadBatchState(db, id, { state: "committed", summary: committed, committedAt: new Date() });
  return committed;
}

/**
 * Reads uploaded symbol lists and stages what a commit would create as one batch (the rows kept
 * with its summary), creating nothing. A code given again by a later file is that file's bad row.
 */
export async function previewSymbolListUploads(
  context: Pick<AppContext, "db">,
  user: { id: number },
  files: readonly UploadedFile[],
): Promise<{ batchId: number | null; results: UploadFileResult[]; status: 200 | 400 | 413 }> {
  await discardStalePreviews(context);
  const plans: { file: UploadedFile; plan: SymbolListPlan }[] = [];
  const repeated = repeatedRowTracker();
  for (const file of files) {
    if (file.problem !== null || file.text === null) {
      plans.push({ file, plan: { report: emptyReport("symbol-list", file.problem ?? FILE_EMPTY), fresh: [], present: [] } });
      continue;
    }
    const plan = await planSymbolList(context.db, file.text);
    const again = (code: string, line: number) => repeated(plan.report, file.name, code, line, code);
    plan.fresh = plan.fresh.filter((r) => !again(r.symbolCode, r.line));
    plan.present = plan.present.filter((code) => !again(code, 0));
    plan.report.errors.sort((a, b) => a.line - b.line);
    plan.report.stored = plan.report.stored.filter((r) => plan.fresh.some((f) => f.line === r.line));
    plan.report.storedCount = plan.fresh.length;
    plan.report.ignored = { ...plan.report.ignored, count: plan.present.length };
    plans.push({ file, plan });
  }
  const { results, status } = uploadAnswer(plans.map((p) => ({ file: p.file, report: p.plan.report })));
  const fresh = plans.flatMap((p) => p.plan.fresh);
  const present = plans.flatMap((p) => p.plan.present);
  if (fresh.length + present.length === 0) return { batchId: null, results, status: status === 200 ? 400 : status };
  const sum = (f: (r: ImportReport) => number) => plans.reduce((n, p) => n + f(p.plan.report), 0);
  const codes = fresh.map((r) => r.symbolCode);
  const summary: SymbolListSummary = {
    files: results,
    dates: [],
    symbols: codes.slice(0, MAX_SUMMARY_SYMBOLS),
    symbolCount: codes.length,
    rows: fresh.length + present.length,
    newRows: fresh.length,
    replacingRows: present.length,
    skipped: { notListed: 0, bad: sum((r) => r.errorCount), notUsed: 0 },
    farDates: [],
    latestHeld: null,
    today: istDateString(new Date()),
    entries: fresh.map(({ symbolCode, description, industry }) => ({ symbolCode, description, industry })),
  };
  const id = await context.db.transaction(async (tx) => {
    const batchId = await insertUploadBatch(tx, { kind: "symbol-list", fileName: batchFileName(files.map((f) => f.name)), uploadedBy: user.id, summary });
    return batchId;
  });
  return { batchId: id, results, status };
}

/** Previews older than a day are discarded (docs/decisions/142). */
export function discardStalePreviews(context: Pick<AppContext, "db">, now = new Date()): Promise<number> {
  return deleteStalePreviews(context.db, stalePreviewCutoff(now));
}

/**
 * Reads uploaded bhav copies and stages what they would store as one batch, without touching the
 * daily table: the batch id (null when no file has a bar to store), each file's report, and the
 * answer's status (see uploadStatus).
 */
export function previewBhavUploads(
  context: Pick<AppContext, "db">,
  user: { id: number },
  files: readonly UploadedFile[],
): Promise<{ batchId: number | null; results: UploadFileResult[]; status: 200 | 400 | 413 }> {
  return previewDailyBarUploads(context, user, files, "bhav", (text) => planBhavCopy(context.db, text));
}

/**
 * Reads uploaded daily index history files of one index (`symbolCode`: the files name none) and
 * stages their bars as one batch, as previewBhavUploads does for bhav copies.
 */
export function previewIndexHistoryUploads(
  context: Pick<AppContext, "db">,
  user: { id: number },
  symbolCode: string,
  files: readonly UploadedFile[],
): Promise<{ batchId: number | null; results: UploadFileResult[]; status: 200 | 400 | 413 }> {
  return previewDailyBarUploads(context, user, files, "index-history", (text) => planIndexHistory(context.db, text, symbolCode));
}

/**
 * The daily-bar previews (bhav copies, index history): each file planned, a bar repeated by a
 * later file made that file's bad row, and what is left staged as one batch of `kind`. With
 * nothing to store no batch is made; an index upload then answers 400, a bhav copy its files'
 * own status, as it always has.
 */
async function previewDailyBarUploads(
  context: Pick<AppContext, "db">,
  user: { id: number },
  files: readonly UploadedFile[],
  kind: DayBarKind,
  planFile: (text: string) => Promise<Omit<PlannedFile, "file">>,
): Promise<{ batchId: number | null; results: UploadFileResult[]; status: 200 | 400 | 413 }> {
  await discardStalePreviews(context);
  const planned: PlannedFile[] = [];
  for (const file of files) {
    if (file.problem !== null || file.text === null) planned.push({ file, report: { ...refusedReport(kind, file), format: "unknown", tradingDates: [] }, bars: [] });
    else planned.push({ file, ...(await planFile(file.text)) });
  }
  dropRepeatedBars(planned);
  const { results, status } = uploadAnswer(planned);
  if (!planned.some((p) => p.bars.length > 0)) return { batchId: null, results, status: kind === "bhav" || status !== 200 ? status : 400 };
  const { id } = await context.db.transaction((tx) => stageBatch(tx, user.id, batchFileName(files.map((f) => f.name)), planned, kind));
  return { batchId: id, results, status };
}

/** A batch of `kind` by id for the page (null: none, or of another kind). */
export async function findUploadBatchView(context: Pick<AppContext, "db">, id: number, kind: UploadBatchKind = "bhav"): Promise<UploadBatchView | null> {
  const row = await findUploadBatch(context.db, id);
  return row && row.kind === kind ? toView(row) : null;
}

export const UPLOAD_HISTORY_PAGE = 20;

/** The upload history, newest first, UPLOAD_HISTORY_PAGE at a time (keyset: before a batch id). */
export async function listUploadHistory(
  context: Pick<AppContext, "db">,
  beforeId?: number,
  kind: UploadBatchKind = "bhav",
): Promise<{ batches: UploadBatchView[]; olderThan: number | null }> {
  await discardStalePreviews(context);
  const rows = await listUploadBatches(context.db, { kind, beforeId, limit: UPLOAD_HISTORY_PAGE + 1 });
  const page = rows.slice(0, UPLOAD_HISTORY_PAGE).map(toView);
  return { batches: page, olderThan: rows.length > UPLOAD_HISTORY_PAGE ? page[page.length - 1].id : null };
}

/** Locks a batch of `kind` for a change; a batch of another kind is not found. */
async function lockBhavBatch(db: AppDatabase, id: number, kind: UploadBatchKind): Promise<UploadBatchRow | null> {
  const row = await lockUploadBatch(db, id);
  return row && row.kind === kind ? row : null;
}

/**
 * Commits a previewed batch in one transaction: the bars are written and the values they replace
 * kept for an undo. Refused for a batch already committed or undone, a stale preview (discarded
 * then), or far dates not confirmed; a database failure leaves nothing written.
 */
export async function commitUploadBatch(
  context: Pick<AppContext, "db">,
  actor: AuditActor,
  id: number,
  options: { farDatesConfirmed: boolean; kind?: UploadBatchKind },
): Promise<Outcome<{ message: string }>> {
  const kind = options.kind ?? "bhav";
  try {
    if (kind === "minute") {
      // Partitions first, outside the transaction: a refused partition must not abort it (decision 003).
      const staged = await findUploadBatch(context.db, id);
      if (staged?.kind === "minute" && staged.state === "previewed") {
        await ensureMonthPartitions(context.db, (staged.summary as UploadSummary).dates.map((d) => istMidnight(d.date).getTime()));
      }
    }
    return await context.db.transaction(async (tx) => {
      const batch = await lockBhavBatch(tx, id, kind);
      if (!batch) return notFoundOutcome();
      if (batch.state === "committed") return refuse(UPLOAD_ALREADY_COMMITTED, undefined, 409);
      if (batch.state === "undone") return refuse(UPLOAD_ALREADY_UNDONE, undefined, 409);
      if (isStalePreview(batch.createdAt, new Date())) {
        await deleteUploadBatch(tx, id);
        return refuse(UPLOAD_PREVIEW_EXPIRED, undefined, 409);
      }
      const summary = batch.summary as UploadSummary;
      if (summary.farDates.length > 0 && !options.farDatesConfirmed) return refuse(FAR_DATES_NOT_CONFIRMED, "confirmFarDates");
      const done =
        kind === "minute"
          ? await commitMinuteBatch(tx, id, summary)
          : kind === "symbol-list"
            ? await commitSymbolList(tx, id, summary as SymbolListSummary)
            : await commitStagedBatch(tx, id, summary);
      await recordAudit(tx, [{ actor, action: "upload", entity: "upload", entityId: id, before: null, after: { fileName: batch.fileName, rows: done.rows, newRows: done.newRows, replacingRows: done.replacingRows } }]);
      if (kind === "symbol-list") {
        return succeed({
          message: `${POSTED_OK}: ${plural(done.newRows, "symbol", "symbols")} created (status off: activate them on the Symbols page), ${done.replacingRows} already listed left unchanged.`,
        });
      }
      const unit = kind === "minute" ? (["1-minute candle", "1-minute candles"] as const) : (["row", "rows"] as const);
      return succeed({
        message:
          `${POSTED_OK}: ${plural(done.rows, unit[0], unit[1])} stored (${done.newRows} new, ${done.replacingRows} replacing). ` +
          (kind === "minute" ? "A 1-minute upload cannot be undone." : `Upload ${id} can be undone from the history.`),
      });
    });
  } catch (error) {
    return refuse(bhavStoreFailure(error), undefined, 500);
  }
}

/**
 * Undoes a committed batch in one transaction: days it added are deleted, days it replaced get
 * their values back. Refused while a batch committed later wrote any of the same bars.
 */
export async function undoUploadBatch(context: Pick<AppContext, "db">, actor: AuditActor, id: number, kind: UploadBatchKind = "bhav"): Promise<Outcome<{ message: string }>> {
  return context.db.transaction(async (tx) => {
    const batch = await lockBhavBatch(tx, id, kind);
    if (!batch) return notFoundOutcome();
    if (kind === "minute") return refuse(MINUTE_UPLOAD_NO_UNDO, undefined, 409);
    if (kind === "symbol-list") return refuse(SYMBOL_LIST_NO_UNDO, undefined, 409);
    if (batch.state === "previewed") return refuse(UPLOAD_NOT_COMMITTED, undefined, 409);
    if (batch.state === "undone") return refuse(UPLOAD_ALREADY_UNDONE, undefined, 409);
    const later = await laterOverlappingBatch(tx, id, batch.committedAt ?? batch.createdAt);
    if (later) return refuse(undoLaterFirst(later), undefined, 409);
    await restoreBatchBars(tx, id);
    await refreshBarLevels(tx, await batchBarKeys(tx, id));
    await setUploadBatchState(tx, id, { state: "undone", undoneAt: new Date() });
    const summary = batch.summary as UploadSummary;
    await recordAudit(tx, [{ actor, action: "undo", entity: "upload", entityId: id, before: { fileName: batch.fileName, state: "committed" }, after: { state: "undone", newRowsRemoved: summary.newRows, replacedRowsRestored: summary.replacingRows } }]);
    return succeed({
      message: `Upload ${id} undone: ${plural(summary.newRows, "new row", "new rows")} removed, ${plural(summary.replacingRows, "replaced row", "replaced rows")} restored.`,
    });
  });
}

/** Discards a preview (nothing was written). */
export async function discardUploadBatch(context: Pick<AppContext, "db">, id: number, kind: UploadBatchKind = "bhav"): Promise<Outcome<{ message: string }>> {
  return context.db.transaction(async (tx) => {
    const batch = await lockBhavBatch(tx, id, kind);
    if (!batch) return notFoundOutcome();
    if (batch.state !== "previewed") return refuse(UPLOAD_ONLY_PREVIEW_DISCARDED, undefined, 409);
    await deleteUploadBatch(tx, id);
    return succeed({ message: `Preview discarded: nothing was stored from ${batch.fileName}.` });
  });
}

/**
 * Posted bhav copy rows (admin/chavi/bhavcopy): stored at once, as the API always has, but as a
 * committed batch (docs/decisions/142) so the Upload page's history lists it and can undo it.
 * The batch is staged and committed in one transaction; a failure leaves nothing written.
 */
export async function storePostedBhavCopy(
  context: Pick<AppContext, "db">,
  user: AuditActor,
  posted: readonly PostedBhavRow[],
): Promise<{ report: BhavImportReport; rows: BhavRowOutcome[]; batchId: number | null }> {
  const plan = await planPostedBhavRows(context.db, posted);
  let report = plan.report;
  let batchId: number | null = null;
  if (plan.bars.length > 0) {
    const file: UploadedFile = { name: `admin/chavi/bhavcopy (${plural(posted.length, "row", "rows")})`, size: 0, text: null, problem: null };
    try {
      batchId = await context.db.transaction(async (tx) => {
        const { id, summary } = await stageBatch(tx, user.id, file.name, [{ file, report: plan.report, bars: plan.bars }]);
        await lockUploadBatch(tx, id);
        const done = await commitStagedBatch(tx, id, summary);
        await recordAudit(tx, [{ actor: user, action: "upload", entity: "upload", entityId: id, before: null, after: { fileName: file.name, rows: done.rows, newRows: done.newRows, replacingRows: done.replacingRows } }]);
        return id;
      });
    } catch (error) {
      report = failedBhavReport(report, bhavStoreFailure(error));
    }
  }
  return { report: capReport(report), rows: postedRowOutcomes(report, posted.length), batchId };
}
