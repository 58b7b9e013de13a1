import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { requireRole } from "~/auth/guards.server";
import { redirectWithToast } from "~/auth/toast.server";
import { FormErrors, SubmitButton } from "~/components/ui/field";
import { formatIstDate, formatIstDateTime, istMidnight } from "~/domain/dates";
import { formatNumber } from "~/domain/format";
import { NOT_FOUND_PROBLEM } from "~/domain/outcome";
import { FAR_DATE_DAYS, FAR_DATES_CONFIRM_LABEL, STALE_PREVIEW_HOURS } from "~/domain/upload-batches";
import {
  BHAV_FORMATS_ACCEPTED,
  MAX_UPLOAD_MB,
  POSTED_ERROR,
  POSTED_OK,
  REFERENCE_HEADER,
  type ImportReport,
} from "~/market/import-report";
import {
  commitUploadBatch,
  discardUploadBatch,
  findUploadBatchView,
  importReferenceUploads,
  listUploadHistory,
  previewBhavUploads,
  previewIndexHistoryUploads,
  previewMinuteUploads,
  previewSymbolListUploads,
  readUpload,
  undoUploadBatch,
  type UploadBatchView,
  type UploadFileResult,
} from "~/services/uploads.server";
import { INDEX_HISTORY_HEADER } from "~/market/index-history.server";
import {
  BATCH_TAB_KINDS,
  indexHistoryUploadSchema,
  isBatchTab,
  UPLOAD_TAB_LABELS,
  UPLOAD_TABS,
  uploadBatchActionSchema,
  uploadPageQuerySchema,
  uploadSchema,
  uploadTabSchema,
  type UploadTab,
} from "~/schemas/upload";
import { searchParamsOf } from "~/schemas/request-input.server";
import { ScrollRegion } from "~/components/ui/scroll-region";

export const meta: MetaFunction = () => [{ title: "Upload — NSE Signals" }];

function tabOf(request: Request): UploadTab {
  return uploadTabSchema.parse(searchParamsOf(request).get("tab") ?? undefined);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const tab = tabOf(request);
  const params = searchParamsOf(request);
  const query = uploadPageQuerySchema.safeParse({ batch: params.get("batch") ?? undefined, before: params.get("before") ?? undefined });
  const asked = params.get("batch") !== null;
  if (!isBatchTab(tab)) return json({ tab, batch: null, missingBatch: false, history: null });
  const kind = BATCH_TAB_KINDS[tab];
  const batch = query.success && query.data.batch !== undefined ? await findUploadBatchView(context, query.data.batch, kind) : null;
  // A preview that was discarded, expired or never was: the page says so instead of failing.
  const missingBatch = asked && batch === null;
  const history = await listUploadHistory(context, query.success ? query.data.before : undefined, kind);
  return json({ tab, batch, missingBatch, history });
}

interface ActionAnswer {
  tab: UploadTab;
  formError: string | null;
  results: UploadFileResult[];
  /** A refused Commit, Discard or Undo. */
  batchProblem: string | null;
}

const answer = (a: Partial<ActionAnswer> & { tab: UploadTab }, status: number) =>
  json<ActionAnswer>({ formError: null, results: [], batchProblem: null, ...a }, { status });

/** Commit or Discard a preview, or Undo a committed upload (docs/decisions/142). */
async function batchAction(request: Request, context: ActionFunctionArgs["context"], user: { id: number; username: string }, fields: FormData) {
  // The tab the form was posted from says which kind of batch it acts on (a bhav batch is not found from Index History).
  const requested = tabOf(request);
  const tab = isBatchTab(requested) ? requested : "bhav";
  const kind = BATCH_TAB_KINDS[tab];
  const parsed = uploadBatchActionSchema.safeParse({
    intent: fields.get("intent"),
    batchId: fields.get("batchId"),
    confirmFarDates: fields.get("confirmFarDates") ?? undefined,
  });
  if (!parsed.success) return answer({ tab, batchProblem: NOT_FOUND_PROBLEM.message }, 404);
  const { intent, batchId } = parsed.data;
  const outcome =
    intent === "commit"
      ? await commitUploadBatch(context, user, batchId, { farDatesConfirmed: parsed.data.confirmFarDates === "on", kind })
      : intent === "discard"
        ? await discardUploadBatch(context, batchId, kind)
        : await undoUploadBatch(context, user, batchId, kind);
  if (!outcome.ok) return answer({ tab, batchProblem: outcome.problem.message }, outcome.problem.status);
  const to = intent === "commit" ? `/upload?tab=${tab}&batch=${batchId}` : `/upload?tab=${tab}`;
  return redirectWithToast(context.cookies, request, to, { type: "success", message: outcome.value.message });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRole(request, context, [1]);
  const { fields, files, problem } = await readUpload(request);
  if (problem) return answer({ tab: tabOf(request), formError: problem }, 400);
  if (fields.get("intent") !== null) return batchAction(request, context, user, fields);
  const parsed = uploadSchema.safeParse({ tab: fields.get("tab") ?? tabOf(request), fileCount: files.length });
  if (!parsed.success) return answer({ tab: tabOf(request), formError: parsed.error.issues[0].message }, 400);
  if (parsed.data.tab === "reference") {
    const { results, status } = await importReferenceUploads(context, files);
    return answer({ tab: "reference", results }, status);
  }
  const tab = parsed.data.tab;
  let staged;
  if (tab === "index") {
    const symbol = indexHistoryUploadSchema.safeParse({ symbol: fields.get("symbol") ?? undefined });
    if (!symbol.success) return answer({ tab, formError: symbol.error.issues[0].message }, 400);
    staged = await previewIndexHistoryUploads(context, user, symbol.data.symbol, files);
  } else if (tab === "minute") {
    staged = await previewMinuteUploads(context, user, files);
  } else if (tab === "symbols") {
    staged = await previewSymbolListUploads(context, user, files);
  } else {
    staged = await previewBhavUploads(context, user, files);
  }
  // Staged, not stored: the preview is a page of its own (a link, with or without JavaScript).
  const { batchId, results, status } = staged;
  if (batchId !== null) return redirectWithToast(context.cookies, request, `/upload?tab=${tab}&batch=${batchId}`, { type: "info", message: "Check the preview, then Commit or Discard." });
  return answer({ tab, results }, status);
}

export default function UploadPage() {
  const { tab, batch, missingBatch, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const result = actionData && actionData.tab === tab ? actionData : null;
  const busy = navigation.state === "submitting";
  return (
    <section aria-labelledby="upload-title" className="max-w-4xl">
      <h1 id="upload-title" className="mb-3 text-xl font-semibold">
        Upload
      </h1>
      {/* Tabs are links: switching is a navigation, so the chosen files are cleared. */}
      <nav aria-label="Upload type" className="mb-4 flex flex-wrap gap-x-2 border-b border-slate-200 dark:border-slate-800">
        {UPLOAD_TABS.map((t) => (
          <Link
            key={t}
            to={`?tab=${t}`}
            aria-current={t === tab ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              t === tab ? "border-blue-600 text-blue-700 dark:text-blue-400" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300"
            }`}
          >
            {UPLOAD_TAB_LABELS[t]}
          </Link>
        ))}
      </nav>
      {result?.batchProblem ? <FormErrors errors={[result.batchProblem]} /> : null}
      {missingBatch ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
          This upload is no longer here: a preview is discarded when it is discarded or not committed within {STALE_PREVIEW_HOURS} hours. Upload the file again.
        </p>
      ) : null}
      {batch ? <BatchPanel batch={batch} busy={busy} tab={tab} /> : null}
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {tab === "symbols" ? (
          <>
            NSE&apos;s index constituent list as CSV, first line <code className="break-all text-xs">Company Name,Industry,Symbol,Series,ISIN Code</code>. Symbols not listed
            yet are created with status off (activate them on the Symbols page), industries not yet a sector become sectors; symbols already listed are left
            unchanged. Previewed first: nothing is created until you commit it.
          </>
        ) : tab === "minute" ? (
          <>
            Vendor 1-minute bars as CSV without a header: <code className="break-all text-xs">Ticker,YYYYMMDD,HH:MM,Open,High,Low,Close,Volume</code>, each bar stamped at
            its end (IST). TICKER_F1 is stored under TICKER-I; bars of tickers that are not listed are counted and skipped. Previewed first: nothing is stored
            until you commit it, and a committed 1-minute upload cannot be undone.
          </>
        ) : tab === "index" ? (
          <>
            A daily index history as CSV, first line <code className="break-all text-xs">{INDEX_HISTORY_HEADER}</code>, dates as YYYY-MM-DD or DD/MM/YYYY, one index per
            upload: name its symbol below. A row with only a close is stored flat at its close. Previewed first: nothing is stored until you commit it.
          </>
        ) : tab === "bhav" ? (
          <>
            {BHAV_FORMATS_ACCEPTED} Near-month futures are stored under SYMBOL-I (NIFTY → NIFTY-I), equities (series EQ) under their code;
            rows for symbols that are not listed are counted and skipped. A bhav copy is previewed first: nothing is stored until you commit it.
          </>
        ) : (
          <>
            A CSV file whose first line is <code className="break-all text-xs">{REFERENCE_HEADER}</code>, dates as YYYY-MM-DD.
          </>
        )}{" "}
        Up to {MAX_UPLOAD_MB} MB per file.
      </p>
      {/* A new preview (a redirect, not an action answer) starts with an empty selection too. */}
      <UploadForm key={`${tab}-${batch?.id ?? ""}`} tab={tab} pending={busy} formError={result?.formError ?? null} done={result} />
      {result && result.results.length > 0 ? <UploadResults results={result.results} /> : null}
      {history ? <UploadHistory batches={history.batches} olderThan={history.olderThan} busy={busy} tab={tab} /> : null}
    </section>
  );
}

const ymdOnScreen = (ymd: string) => formatIstDate(istMidnight(ymd));

const STATE_LABELS: Record<UploadBatchView["state"], string> = { previewed: "Preview", committed: "Committed", undone: "Undone" };

/** A staged, committed or undone bhav upload: what it holds and what can be done with it. */
function BatchPanel({ batch, busy, tab }: { batch: UploadBatchView; busy: boolean; tab: UploadTab }) {
  const { summary } = batch;
  const staged = batch.state === "previewed";
  const far = summary.farDates;
  const titleId = `upload-batch-${batch.id}`;
  return (
    <section aria-labelledby={titleId} className="mb-6 flex flex-col gap-3 rounded-lg border border-slate-300 p-3 sm:p-4 dark:border-slate-700">
      <h2 id={titleId} className="break-words text-lg font-semibold">
        {staged ? "Preview" : `Upload ${batch.id}: ${STATE_LABELS[batch.state]}`} — {batch.fileName}
      </h2>
      {staged ? <p className="text-sm">Nothing is stored yet. Check the dates and counts, then Commit or Discard.</p> : null}
      {batch.state === "undone" ? <p className="text-sm">This upload was undone: the days it added were removed and the days it replaced got their values back.</p> : null}
      {staged && far.length > 0 ? (
        <div role="alert" className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-semibold">
            Warning: {far.length === 1 ? "1 date is" : `${far.length} dates are`} far from today
          </p>
          <p>
            {far.map(ymdOnScreen).join(", ")}: more than {FAR_DATE_DAYS} days before today ({ymdOnScreen(summary.today)}) or after it. The latest day held is{" "}
            {summary.latestHeld ? ymdOnScreen(summary.latestHeld) : "none"}. Committing puts these days into every {tab === "minute" ? "intraday" : "daily"} chart.
          </p>
        </div>
      ) : null}
      <dl aria-label="Counts" className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">{tab === "minute" ? (staged ? "Minutes to store" : "Minutes stored") : staged ? "Rows to store" : "Rows stored"}</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(summary.rows, 0)}</dd>
        </div>
        <div>
          <dt className="text-muted">{tab === "symbols" ? "New symbols" : "New"}</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(summary.newRows, 0)}</dd>
        </div>
        <div>
          <dt className="text-muted">{tab === "symbols" ? "Already listed" : "Replacing"}</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(summary.replacingRows, 0)}</dd>
        </div>
        <div>
          <dt className="text-muted">Skipped</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(summary.skipped.notListed + summary.skipped.bad, 0)}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Skipped: {tab === "symbols" ? null : <>{plural(summary.skipped.notListed, "row", "rows")} whose symbol is not listed, </>} {plural(summary.skipped.bad, "bad row", "bad rows")} (listed below){tab === "bhav" ? "; " : "."}
        {tab === "bhav" ? <>{plural(summary.skipped.notUsed, "row", "rows")} not used (options, later expiries, other series).</> : null}
      </p>
      {summary.dates.length > 0 ? (
        <div className="text-sm">
          <h3 className="font-medium">Dates</h3>
          <ul aria-label="Dates" className="flex flex-wrap gap-x-3 gap-y-1">
            {summary.dates.map((d) => (
              <li key={d.date} className={far.includes(d.date) ? "font-semibold text-amber-800 dark:text-amber-300" : undefined}>
                {ymdOnScreen(d.date)} <span className="text-muted">({plural(d.rows, tab === "minute" ? "minute" : "row", tab === "minute" ? "minutes" : "rows")})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="text-sm">
        <h3 className="font-medium">
          {tab === "symbols" ? "New symbols" : "Symbols"} ({formatNumber(summary.symbolCount, 0)})
        </h3>
        <p className="break-words">
          {summary.symbols.join(", ")}
          {summary.symbolCount > summary.symbols.length ? ", …" : ""}
        </p>
      </div>
      {staged ? (
        <div className="flex flex-wrap items-end gap-3">
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="commit" />
            <input type="hidden" name="batchId" value={batch.id} />
            {far.length > 0 ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="confirmFarDates" required className="h-4 w-4" />
                {FAR_DATES_CONFIRM_LABEL}
              </label>
            ) : null}
            <SubmitButton pending={busy}>Commit</SubmitButton>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="discard" />
            <input type="hidden" name="batchId" value={batch.id} />
            <button
              type="submit"
              disabled={busy}
              className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              Discard
            </button>
          </Form>
        </div>
      ) : null}
      {summary.files.map((f, i) => (
        <FileReport key={`${f.fileName}-${i}`} result={f} index={i} mode={staged ? "staged" : batch.state === "undone" ? "undone" : "stored"} />
      ))}
    </section>
  );
}

function UploadHistory({ batches, olderThan, busy, tab }: { batches: UploadBatchView[]; olderThan: number | null; busy: boolean; tab: UploadTab }) {
  return (
    <section aria-labelledby="upload-history-title" className="mt-8">
      <h2 id="upload-history-title" className="mb-2 text-lg font-semibold">
        Upload history
      </h2>
      {batches.length === 0 ? (
        <p className="text-sm text-muted">No {UPLOAD_TAB_LABELS[tab]} uploads yet.</p>
      ) : (
        <ScrollRegion label="Upload history">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th className="pr-3">Upload</th>
                <th className="pr-3">File</th>
                <th className="pr-3">By</th>
                <th className="pr-3">When</th>
                <th className="pr-3">State</th>
                <th className="pr-3">Rows (new / replacing)</th>
                <th>Action</th>
              </tr>
            </thead>
            <tbody>
              {batches.map((b) => (
                <tr key={b.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                  <td className="pr-3 tabular-nums">
                    <Link to={`/upload?tab=${tab}&batch=${b.id}`} className="text-blue-700 underline dark:text-blue-400">
                      {b.id}
                    </Link>
                  </td>
                  <td className="max-w-[16rem] break-words pr-3">{b.fileName}</td>
                  <td className="pr-3">{b.uploadedBy ?? "—"}</td>
                  <td className="whitespace-nowrap pr-3">{formatIstDateTime(new Date(b.undoneAt ?? b.committedAt ?? b.createdAt))}</td>
                  <td className="pr-3">{STATE_LABELS[b.state]}</td>
                  <td className="whitespace-nowrap pr-3 tabular-nums">
                    {formatNumber(b.summary.rows, 0)} ({formatNumber(b.summary.newRows, 0)} / {formatNumber(b.summary.replacingRows, 0)})
                  </td>
                  <td>
                    {b.state === "committed" && (tab === "minute" || tab === "symbols") ? (
                      <span className="text-muted">Cannot be undone</span>
                    ) : b.state === "committed" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="undo" />
                        <input type="hidden" name="batchId" value={b.id} />
                        <button
                          type="submit"
                          disabled={busy}
                          aria-label={`Undo upload ${b.id}`}
                          className="rounded-md border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
                        >
                          Undo
                        </button>
                      </Form>
                    ) : b.state === "previewed" ? (
                      <Link to={`/upload?tab=${tab}&batch=${b.id}`} className="text-blue-700 underline dark:text-blue-400">
                        Open preview
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {olderThan !== null ? (
        <Link to={`/upload?tab=${tab}&before=${olderThan}`} className="mt-2 inline-block text-sm text-blue-700 underline dark:text-blue-400">
          Older uploads
        </Link>
      ) : null}
    </section>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, 1)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), 1)} MB`;
}

function UploadForm({ tab, pending, formError, done }: { tab: UploadTab; pending: boolean; formError: string | null; done: unknown }) {
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ name: string; size: number }[]>([]);
  const [dragging, setDragging] = useState(false);
  const sync = () => setChosen(Array.from(inputRef.current?.files ?? [], (f) => ({ name: f.name, size: f.size })));
  // After an upload the report is shown and the selection starts empty again.
  useEffect(() => {
    if (done) formRef.current?.reset();
  }, [done]);
  const onDrop = (event: React.DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const input = inputRef.current;
    if (!input || event.dataTransfer.files.length === 0) return;
    const merged = new DataTransfer();
    for (const f of Array.from(input.files ?? [])) merged.items.add(f);
    for (const f of Array.from(event.dataTransfer.files)) merged.items.add(f);
    input.files = merged.files;
    sync();
  };
  return (
    <Form ref={formRef} method="post" encType="multipart/form-data" onReset={() => setChosen([])} className="flex flex-col gap-3">
      <FormErrors errors={formError ? [formError] : undefined} />
      <input type="hidden" name="tab" value={tab} />
      {tab === "index" ? (
        <label className="flex flex-col gap-1 text-sm font-medium">
          Symbol of the index
          <input name="symbol" required maxLength={40} autoCapitalize="characters" className="max-w-xs rounded-md border border-slate-300 px-3 py-2 font-normal dark:border-slate-700 dark:bg-slate-900" />
        </label>
      ) : null}
      <div
        data-testid="drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col gap-2 rounded-lg border-2 border-dashed p-6 ${
          dragging ? "border-blue-500 bg-blue-50 dark:bg-blue-950" : "border-slate-300 dark:border-slate-700"
        }`}
      >
        <label htmlFor="upload-files" className="text-sm font-medium">
          Drag and drop {UPLOAD_TAB_LABELS[tab]} files here, or choose them
        </label>
        <input
          ref={inputRef}
          id="upload-files"
          name="files"
          type="file"
          multiple
          required
          accept=".csv,text/csv"
          onChange={sync}
          className="peer text-sm"
        />
        {chosen.length === 0 ? (
          <>
            {/* Without JavaScript the list cannot name the files; CSS swaps the note once some are chosen. */}
            <p className="text-sm text-muted peer-valid:hidden">No files selected</p>
            <p className="hidden text-sm text-muted peer-valid:block">Files chosen: press Upload now.</p>
          </>
        ) : (
          <ul aria-label="Selected files" className="text-sm">
            {chosen.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                {f.name} <span className="text-muted">({formatBytes(f.size)})</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex gap-2">
        <SubmitButton pending={pending}>{pending ? "Uploading…" : "Upload now"}</SubmitButton>
        <button
          type="reset"
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          Cancel
        </button>
      </div>
    </Form>
  );
}

function UploadResults({ results }: { results: UploadFileResult[] }) {
  return (
    <section aria-labelledby="upload-results-title" className="mt-6 flex flex-col gap-4">
      <h2 id="upload-results-title" className="text-lg font-semibold">
        Result
      </h2>
      {results.map((r, i) => (
        <FileReport key={`${r.fileName}-${i}`} result={r} index={i} />
      ))}
    </section>
  );
}

function plural(n: number, one: string, many: string): string {
  return `${formatNumber(n, 0)} ${n === 1 ? one : many}`;
}

/** One file's report: as stored (a reference-point file, a committed upload), as staged (a preview), or undone. */
function FileReport({ result, index, mode = "stored" }: { result: UploadFileResult; index: number; mode?: "stored" | "staged" | "undone" }) {
  const report: ImportReport = result.report;
  const titleId = `upload-result-${index}`;
  return (
    <article aria-labelledby={titleId} className="min-w-0 rounded-md border border-slate-200 p-3 sm:p-4 dark:border-slate-800">
      <h3 id={titleId} className="break-words font-medium">
        {result.fileName} <span className="text-sm font-normal text-muted">({formatBytes(result.size)})</span>
      </h3>
      {report.formatLabel ? <p className="text-sm text-muted">{report.formatLabel}</p> : null}
      {report.fatal ? (
        <p className="mt-2 text-sm text-red-700 dark:text-red-400">
          {POSTED_ERROR}: {report.fatal}
        </p>
      ) : (
        <p className="mt-2 text-sm">
          {report.storedCount > 0 && mode === "staged" ? (
            <span>Ready to store: {plural(report.storedCount, "row", "rows")}.</span>
          ) : report.storedCount > 0 && mode === "undone" ? (
            <span>{plural(report.storedCount, "row was", "rows were")} stored, then undone.</span>
          ) : report.storedCount > 0 ? (
            <span className="text-emerald-700 dark:text-emerald-400">
              {POSTED_OK}: {plural(report.storedCount, "row", "rows")} stored.
            </span>
          ) : (
            <span>No rows stored.</span>
          )}{" "}
          {report.errorCount > 0 ? (
            <span className="text-red-700 dark:text-red-400">{plural(report.errorCount, "bad row", "bad rows")} listed below.</span>
          ) : null}
        </p>
      )}
      {report.skipped.count > 0 ? (
        <p className="mt-1 text-sm">
          {plural(report.skipped.count, "row", "rows")} skipped: the symbol is not listed
          {report.skipped.codes.length > 0
            ? ` (${report.skipped.codes.join(", ")}${report.skipped.symbolCount > report.skipped.codes.length ? `, … ${plural(report.skipped.symbolCount, "symbol", "symbols")} in all` : ""})`
            : ""}
          .
        </p>
      ) : null}
      {report.ignored.count > 0 ? (
        <p className="mt-1 text-sm text-muted">
          {plural(report.ignored.count, "row", "rows")} not used: {report.ignored.reason}.
        </p>
      ) : null}
      {report.notes.map((n) => (
        <p key={n} className="mt-1 text-sm">
          {n}
        </p>
      ))}
      {report.errors.length > 0 ? (
        <ScrollRegion label="Bad rows">
          <table className="mt-3 w-full text-left text-sm">
            <caption className="text-left font-medium">Bad rows</caption>
            <thead>
              <tr>
                <th className="pr-3">Line</th>
                <th className="pr-3">Status</th>
                <th>Reason</th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((e, i) => (
                <tr key={`${e.line}-${i}`}>
                  <td className="pr-3 tabular-nums">{e.line}</td>
                  <td className="pr-3 text-red-700 dark:text-red-400">{POSTED_ERROR}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      {report.errorCount > report.errors.length ? (
        <p className="text-sm">… and {plural(report.errorCount - report.errors.length, "more bad row", "more bad rows")}.</p>
      ) : null}
      {report.stored.length > 0 ? (
        <details className="mt-3" open={report.stored.length <= 20}>
          <summary className="cursor-pointer text-sm font-medium">{mode === "staged" ? "Rows to store" : "Stored rows"}</summary>
          <ScrollRegion label={mode === "staged" ? "Rows to store" : "Stored rows"}>
            <table className="mt-2 w-full text-left text-sm">
              <thead>
                <tr>
                  <th className="pr-3">Line</th>
                  <th className="pr-3">Symbol</th>
                  <th className="pr-3">{mode === "staged" ? "To store" : "Stored"}</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {report.stored.map((s, i) => (
                  <tr key={`${s.line}-${i}`}>
                    <td className="pr-3 tabular-nums">{s.line}</td>
                    <td className="pr-3">{s.symbolCode}</td>
                    <td className="pr-3">{s.detail}</td>
                    <td className={mode === "stored" ? "text-emerald-700 dark:text-emerald-400" : undefined}>{mode === "staged" ? "Ready" : mode === "undone" ? "Undone" : POSTED_OK}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </details>
      ) : null}
    </article>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
