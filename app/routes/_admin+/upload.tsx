import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { requireRole } from "~/auth/guards.server";
import { FormErrors, SubmitButton } from "~/components/ui/field";
import { formatNumber } from "~/domain/format";
import {
  BHAV_FORMATS_ACCEPTED,
  MAX_UPLOAD_MB,
  POSTED_ERROR,
  POSTED_OK,
  REFERENCE_HEADER,
  type ImportReport,
} from "~/market/import-report";
import { importUploads, readUpload, type UploadFileResult } from "~/services/uploads.server";
import { UPLOAD_TAB_LABELS, UPLOAD_TABS, uploadSchema, uploadTabSchema, type UploadTab } from "~/schemas/upload";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Upload — NSE Signals" }];

function tabOf(request: Request): UploadTab {
  return uploadTabSchema.parse(searchParamsOf(request).get("tab") ?? undefined);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json({ tab: tabOf(request) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, [1]);
  const { fields, files, problem } = await readUpload(request);
  if (problem) return json({ tab: tabOf(request), formError: problem, results: [] as UploadFileResult[] }, { status: 400 });
  const parsed = uploadSchema.safeParse({ tab: fields.get("tab") ?? tabOf(request), fileCount: files.length });
  if (!parsed.success) {
    return json({ tab: tabOf(request), formError: parsed.error.issues[0].message, results: [] as UploadFileResult[] }, { status: 400 });
  }
  const { results, status } = await importUploads(context, parsed.data.tab, files);
  return json({ tab: parsed.data.tab, formError: null, results }, { status });
}

export default function UploadPage() {
  const { tab } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const result = actionData && actionData.tab === tab ? actionData : null;
  return (
    <section aria-labelledby="upload-title" className="max-w-4xl">
      <h1 id="upload-title" className="mb-3 text-xl font-semibold">
        Upload
      </h1>
      {/* Tabs are links: switching is a navigation, so the chosen files are cleared. */}
      <nav aria-label="Upload type" className="mb-4 flex gap-2 border-b border-slate-200 dark:border-slate-800">
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
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {tab === "bhav" ? (
          <>
            {BHAV_FORMATS_ACCEPTED} Near-month futures are stored under SYMBOL-I (NIFTY → NIFTY-I), equities (series EQ) under their code;
            rows for symbols that are not listed are counted and skipped.
          </>
        ) : (
          <>
            A CSV file whose first line is <code className="text-xs">{REFERENCE_HEADER}</code>, dates as YYYY-MM-DD.
          </>
        )}{" "}
        Up to {MAX_UPLOAD_MB} MB per file.
      </p>
      <UploadForm key={tab} tab={tab} pending={navigation.state === "submitting"} formError={result?.formError ?? null} done={result} />
      {result && result.results.length > 0 ? <UploadResults results={result.results} /> : null}
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
            <p className="text-sm text-slate-500 peer-valid:hidden">No files selected</p>
            <p className="hidden text-sm text-slate-500 peer-valid:block">Files chosen: press Upload now.</p>
          </>
        ) : (
          <ul aria-label="Selected files" className="text-sm">
            {chosen.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                {f.name} <span className="text-slate-500">({formatBytes(f.size)})</span>
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

function FileReport({ result, index }: { result: UploadFileResult; index: number }) {
  const report: ImportReport = result.report;
  const titleId = `upload-result-${index}`;
  return (
    <article aria-labelledby={titleId} className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
      <h3 id={titleId} className="font-medium">
        {result.fileName} <span className="text-sm font-normal text-slate-500">({formatBytes(result.size)})</span>
      </h3>
      {report.formatLabel ? <p className="text-sm text-slate-500">{report.formatLabel}</p> : null}
      {report.fatal ? (
        <p className="mt-2 text-sm text-red-700 dark:text-red-400">
          {POSTED_ERROR}: {report.fatal}
        </p>
      ) : (
        <p className="mt-2 text-sm">
          {report.storedCount > 0 ? (
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
        <p className="mt-1 text-sm text-slate-500">
          {plural(report.ignored.count, "row", "rows")} not used: {report.ignored.reason}.
        </p>
      ) : null}
      {report.notes.map((n) => (
        <p key={n} className="mt-1 text-sm">
          {n}
        </p>
      ))}
      {report.errors.length > 0 ? (
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
      ) : null}
      {report.errorCount > report.errors.length ? (
        <p className="text-sm">… and {plural(report.errorCount - report.errors.length, "more bad row", "more bad rows")}.</p>
      ) : null}
      {report.stored.length > 0 ? (
        <details className="mt-3" open={report.stored.length <= 20}>
          <summary className="cursor-pointer text-sm font-medium">Stored rows</summary>
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr>
                <th className="pr-3">Line</th>
                <th className="pr-3">Symbol</th>
                <th className="pr-3">Stored</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {report.stored.map((s, i) => (
                <tr key={`${s.line}-${i}`}>
                  <td className="pr-3 tabular-nums">{s.line}</td>
                  <td className="pr-3">{s.symbolCode}</td>
                  <td className="pr-3">{s.detail}</td>
                  <td className="text-emerald-700 dark:text-emerald-400">{POSTED_OK}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </article>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
