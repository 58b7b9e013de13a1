// Market data uploads, for the Upload page and the JSON API (admin/referencePoint/add,
// admin/chavi/bhavcopy): reading a multipart upload with a per-file size limit, and importing
// each file by the page's tab. Each file is judged on its own: a file that is too large, empty or
// not recognised is reported and nothing of it is stored; the other files still go in.
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import type { AppContext } from "~/config/context";
import { importBhavCopy, importPostedBhavRows, type PostedBhavImport, type PostedBhavRow } from "~/market/bhav-import.server";
import {
  emptyReport,
  FILE_EMPTY,
  FILE_TOO_LARGE,
  MAX_UPLOAD_BYTES,
  ZIP_NOT_ACCEPTED,
  type ImportReport,
} from "~/market/import-report";
import { importReferencePoints } from "~/market/reference-import.server";
import type { UploadTab } from "~/schemas/upload";
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
 */
export async function readUpload(
  request: Request,
  options: { maxFileBytes?: number; maxFiles?: number; maxTotalBytes?: number; fileField?: string } = {},
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

/** Imports one uploaded file as the tab says: bhav copy or reference points. */
async function importUploadedFile(context: Pick<AppContext, "db">, tab: UploadTab, file: UploadedFile): Promise<UploadFileResult> {
  const kind = tab === "bhav" ? "bhav" : "reference";
  let report: ImportReport;
  if (file.problem !== null || file.text === null) report = emptyReport(kind, file.problem ?? FILE_EMPTY);
  else if (tab === "bhav") report = await importBhavCopy(context.db, file.text);
  else report = await importReferencePoints(context.db, file.text);
  return { fileName: file.name, size: file.size, report };
}

/** 200 when at least one file went in (even with bad rows); else 413 for a too-large file, else 400. */
export function uploadStatus(results: readonly UploadFileResult[]): 200 | 400 | 413 {
  if (results.some((r) => r.report.fatal === null)) return 200;
  if (results.some((r) => r.report.fatal === FILE_TOO_LARGE)) return 413;
  return 400;
}

/**
 * Imports the uploaded files one after the other (each its own transaction), as the tab says;
 * each file's report, and the answer's status (see uploadStatus).
 */
export async function importUploads(
  context: Pick<AppContext, "db">,
  tab: UploadTab,
  files: readonly UploadedFile[],
): Promise<{ results: UploadFileResult[]; status: 200 | 400 | 413 }> {
  const results: UploadFileResult[] = [];
  for (const file of files) results.push(await importUploadedFile(context, tab, file));
  return { results, status: uploadStatus(results) };
}

/** Posted bhav copy rows (the API) through the upload's bhav import, with each row's outcome. */
export function importPostedBhavCopy(context: Pick<AppContext, "db">, rows: readonly PostedBhavRow[]): Promise<PostedBhavImport> {
  return importPostedBhavRows(context.db, rows);
}
