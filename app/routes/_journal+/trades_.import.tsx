import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { redirectWithToast } from "~/auth/toast.server";
import { linkClass, PageTitle } from "~/components/admin/admin-ui";
import { FormErrors, SubmitButton } from "~/components/ui/field";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { formatIstDateTime } from "~/domain/dates";
import { formatNumber } from "~/domain/format";
import { MAX_TRADEBOOK_MB, MAX_TRADEBOOK_ROWS, STALE_TRADEBOOK_HOURS, TRADEBOOK_COLUMNS_TEXT } from "~/domain/tradebook";
import { TRADEBOOK_FIELD } from "~/schemas/tradebook-import";
import { listRecentTradebookImports, stageTradebookUpload, TRADEBOOK_STAGED, TRADEBOOK_TOO_LARGE } from "~/services/tradebook-import.server";

export const meta: MetaFunction = () => [{ title: "Import tradebook — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  return json({ imports: await listRecentTradebookImports(context, user) });
}

/** A plain multipart post: staged, then the preview is a page of its own (a link, with or without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const staged = await stageTradebookUpload(context, user, request);
  if (!staged.ok) {
    const { message } = staged.problem;
    return json({ formError: message }, { status: message === TRADEBOOK_TOO_LARGE ? 413 : staged.problem.status });
  }
  return redirectWithToast(context.cookies, request, `/trades/import/${staged.value.id}`, { type: "info", message: TRADEBOOK_STAGED });
}

export default function ImportTradebookPage() {
  const { imports } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const uploading = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="import-title" className="max-w-4xl">
      <PageTitle
        id="import-title"
        title="Import tradebook"
        action={
          <Link to="/trades" className={linkClass}>
            Back to trades
          </Link>
        }
      />
      <p className="mb-2 text-sm">
        Upload the tradebook Zerodha Console exports (Reports → Tradebook), as CSV or Excel (.xlsx), up to {MAX_TRADEBOOK_MB} MB and{" "}
        {formatNumber(MAX_TRADEBOOK_ROWS, 0)} rows. You see a preview first; nothing reaches your journal until you confirm it.
      </p>
      <p className="mb-4 text-sm text-muted">
        Columns: <span className="break-words font-mono text-xs">{TRADEBOOK_COLUMNS_TEXT}</span>. Fills of one order become one entry or exit; buys and sells are
        matched first in, first out per symbol into round trips (a sell first is a short). Trades already imported are skipped.
      </p>
      <Form method="post" encType="multipart/form-data" className="mb-6 flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Tradebook file
          <input
            type="file"
            name={TRADEBOOK_FIELD}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            required
            aria-describedby={actionData?.formError ? "tradebook-error" : undefined}
            className="text-sm"
          />
        </label>
        <FormErrors id="tradebook-error" errors={actionData?.formError ? [actionData.formError] : undefined} />
        <div>
          <SubmitButton pending={uploading}>{uploading ? "Reading…" : "Upload and preview"}</SubmitButton>
        </div>
      </Form>
      <h2 className="mb-2 text-lg font-semibold">Your recent imports</h2>
      {imports.length === 0 ? (
        <p className="text-sm text-muted">No imports yet.</p>
      ) : (
        <ScrollRegion label="Recent imports">
          <table className="w-full text-sm [&_td]:border-t [&_td]:border-slate-100 [&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2 [&_th]:py-1.5 [&_th]:text-left dark:[&_td]:border-slate-800">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Uploaded (IST)</th>
                <th scope="col">Rows</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {imports.map((i) => (
                <tr key={i.id}>
                  <td>
                    <Link to={`/trades/import/${i.id}`} className={`${linkClass} break-all`}>
                      {i.fileName}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap">{formatIstDateTime(new Date(i.createdAt))}</td>
                  <td className="tabular-nums">{formatNumber(i.rowCount, 0)}</td>
                  <td>{i.state === "committed" ? "Imported" : "Preview"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <p className="mt-2 text-xs text-muted">A preview not confirmed within {STALE_TRADEBOOK_HOURS} hours is discarded.</p>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
