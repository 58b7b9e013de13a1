// The upload page: its tab (a search param and a hidden field) and the files sent.
import * as z from "zod";

export const UPLOAD_TABS = ["reference", "bhav", "index", "minute", "symbols"] as const;
export type UploadTab = (typeof UPLOAD_TABS)[number];
export const UPLOAD_TAB_LABELS: Record<UploadTab, string> = { reference: "Reference Point", bhav: "Bhav Copy", index: "Index History", minute: "1-Minute Bars", symbols: "Symbol List" };
/** The tabs whose uploads are staged as daily bars, and the batch kind each stages (docs/decisions/142). */
export const BATCH_TAB_KINDS = { bhav: "bhav", index: "index-history", minute: "minute", symbols: "symbol-list" } as const;
export type BatchTab = keyof typeof BATCH_TAB_KINDS;
export const isBatchTab = (tab: UploadTab): tab is BatchTab => tab in BATCH_TAB_KINDS;

export const NO_FILES_CHOSEN = "Please choose at least one file to upload.";

/** ?tab=reference|bhav; anything else is the first tab. */
export const uploadTabSchema = z.enum(UPLOAD_TABS).catch("reference");

/** A file as the Upload page's reader gives it (app/services/uploads.server.ts UploadedFile). */
export const uploadedFileSchema = z.object({
  name: z.string(),
  size: z.number(),
  /** The file's text, or null when it was refused (problem says why). */
  text: z.string().nullable(),
  problem: z.string().nullable(),
});

/** POST admin/referencePoint/add: one or more `pointFile` files (the Reference Point tab's CSV, docs/product-rules.md R-D22). */
export const referencePointFilesSchema = z.object({
  pointFile: z.array(uploadedFileSchema, { error: NO_FILES_CHOSEN }).min(1, NO_FILES_CHOSEN),
});

export const uploadSchema = z.object({
  tab: z.enum(UPLOAD_TABS, { error: "Please choose Reference Point, Bhav Copy, Index History, 1-Minute Bars or Symbol List." }),
  fileCount: z.number().int().min(1, NO_FILES_CHOSEN),
});

export const INDEX_SYMBOL_MISSING = "Please give the symbol code of the index these files hold (e.g. NIFTY).";

/** The Index History tab's symbol: the files name none (app/market/index-history.server.ts). */
export const indexHistoryUploadSchema = z.object({
  symbol: z
    .string({ error: INDEX_SYMBOL_MISSING })
    .trim()
    .min(1, INDEX_SYMBOL_MISSING)
    .max(40, "A symbol code is at most 40 characters.")
    .transform((s) => s.toUpperCase()),
});

// ---------------------------------------------------------------- a staged bhav upload (docs/decisions/142)

export const UPLOAD_BATCH_INTENTS = ["commit", "discard", "undo"] as const;

/** An upload batch's id: a positive whole number (anything else is not found). */
export const uploadBatchIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Commit, Discard (a preview) or Undo (a committed upload); the far-date confirmation box. */
export const uploadBatchActionSchema = z.object({
  intent: z.enum(UPLOAD_BATCH_INTENTS),
  batchId: uploadBatchIdSchema,
  confirmFarDates: z.literal("on").optional(),
});

/** ?batch= (a preview or a batch of the history) and ?before= (the history's older page). */
export const uploadPageQuerySchema = z.object({
  batch: uploadBatchIdSchema.optional(),
  before: uploadBatchIdSchema.optional().catch(undefined),
});

// ---------------------------------------------------------------- posted bhav copy rows (API)

export const MAX_POSTED_BHAV_ROWS = 5000;
export const BHAV_ROWS_LIST = "Please send the bhav copy rows as a list";
export const BHAV_ROWS_EMPTY = "Please send at least one bhav copy row";
export const BHAV_ROWS_TOO_MANY = `Please send at most ${MAX_POSTED_BHAV_ROWS} bhav copy rows at a time`;
export const BHAV_ROW_OBJECT = "Each bhav copy row must be an object of the bhav copy's column names and values";
export const BHAV_COLUMN_NAME = "A bhav copy column name is at most 60 characters";
export const BHAV_VALUE = "Each bhav copy value must be a number or text of at most 200 characters";

/**
 * admin/chavi/bhavcopy: rows of a bhav copy as JSON objects under the CSV's column names
 * (e.g. INSTRUMENT, SYMBOL, EXPIRY_DT, …, SETTLE_PR, CONTRACTS, TIMESTAMP). What the values mean
 * is the upload's import's to judge, row by row; this only checks the shape.
 */
export const postedBhavRowsSchema = z
  .array(
    z.record(z.string().max(60, BHAV_COLUMN_NAME), z.union([z.string().max(200), z.number(), z.null()], { error: BHAV_VALUE }), { error: BHAV_ROW_OBJECT }),
    { error: BHAV_ROWS_LIST },
  )
  .min(1, BHAV_ROWS_EMPTY)
  .max(MAX_POSTED_BHAV_ROWS, BHAV_ROWS_TOO_MANY);
