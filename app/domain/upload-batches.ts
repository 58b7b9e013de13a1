// Upload batches (docs/decisions/142): a bhav copy is previewed before it is stored, committed as
// one batch, and can be undone. The rules here are pure: which dates are "far", when a preview
// has gone stale, and the shape of a batch's summary as the page shows it.
import { shiftYmd } from "./dates";

export const UPLOAD_BATCH_STATES = ["previewed", "committed", "undone"] as const;
export type UploadBatchState = (typeof UPLOAD_BATCH_STATES)[number];

/** A date more than this many days before today (IST) is far from the daily history. */
export const FAR_DATE_DAYS = 7;
/** A preview not committed within this many hours is discarded. */
export const STALE_PREVIEW_HOURS = 24;

/**
 * The dates of an upload that are far from today (IST): after it, or more than FAR_DATE_DAYS
 * before it. A bhav copy of 2020 is a mistake far more often than a backfill, and once
 * committed it stretches every daily chart back to 2020 (issue 19): it is shown, and must be confirmed.
 */
export function farUploadDates(dates: readonly string[], todayYmd: string): string[] {
  const earliest = shiftYmd(todayYmd, -FAR_DATE_DAYS);
  return dates.filter((d) => d > todayYmd || d < earliest);
}

/** True when a preview made at `createdAt` is older than STALE_PREVIEW_HOURS at `now`. */
export function isStalePreview(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() > STALE_PREVIEW_HOURS * 3_600_000;
}

/** The instant before which previews are stale. */
export function stalePreviewCutoff(now: Date): Date {
  return new Date(now.getTime() - STALE_PREVIEW_HOURS * 3_600_000);
}

/** One uploaded file of a batch, as its report was read (capped lists, exact counts). */
export interface UploadBatchFile<Report> {
  fileName: string;
  size: number;
  report: Report;
}

/** What a batch holds, kept with it (upload_batches.summary) and shown by the page. */
export interface UploadBatchSummary<Report> {
  files: UploadBatchFile<Report>[];
  /** Each trading day and how many bars the batch has for it. */
  dates: { date: string; rows: number }[];
  /** The symbol codes of the batch's bars (at most MAX_SUMMARY_SYMBOLS listed), and how many in all. */
  symbols: string[];
  symbolCount: number;
  /** Bars the batch writes; of them, days a symbol does not hold yet, and days it holds (replaced). */
  rows: number;
  newRows: number;
  replacingRows: number;
  /** Rows not written: symbol not listed, bad rows, rows not used (options, other series ...). */
  skipped: { notListed: number; bad: number; notUsed: number };
  /** The dates far from today (farUploadDates), today, and the latest day the daily table held. */
  farDates: string[];
  latestHeld: string | null;
  today: string;
}

export const MAX_SUMMARY_SYMBOLS = 200;

/** The box a far-dated preview asks to tick before Commit (the page and the refusal name it alike). */
export const FAR_DATES_CONFIRM_LABEL = "Store these dates anyway";
