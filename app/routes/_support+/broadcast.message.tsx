import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { Table } from "~/components/admin/admin-ui";
import { loadBroadcastPage } from "~/services/broadcasts.server";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Broadcast Message — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json(await loadBroadcastPage(context, requestUrl(request)));
}

export default function BroadcastMessagePage() {
  const { rows, nextHref, isFirstPage } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="broadcast-list-title">
      <div className="mb-3 flex items-center gap-3">
        <h1 id="broadcast-list-title" className="text-xl font-semibold">
          Broadcast Message
        </h1>
        <Link
          to="/broadcast/message/new"
          preventScrollReset
          className="ml-auto rounded-md bg-blue-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-700"
        >
          + Add
        </Link>
      </div>
      <Table caption="Broadcasts" headers={["User Name", "Message", "Created Date", "Sent To"]} empty={rows.length === 0} emptyText="No broadcasts yet.">
        {rows.map((row) => (
          <tr key={row.id} className="border-t border-slate-100 align-top dark:border-slate-800">
            <td className="px-3 py-1.5 whitespace-nowrap">{row.userName}</td>
            <td className="px-3 py-1.5 whitespace-pre-wrap break-words">{row.message}</td>
            <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">{row.createdAt}</td>
            <td data-field="target" className="px-3 py-1.5 break-words">{row.target}</td>
          </tr>
        ))}
      </Table>
      <nav aria-label="Pages" className="mt-3 flex gap-4 text-sm">
        {!isFirstPage ? (
          <Link to="/broadcast/message" className="text-blue-600 underline dark:text-blue-400">
            Newest
          </Link>
        ) : null}
        {nextHref ? (
          <Link to={nextHref} className="text-blue-600 underline dark:text-blue-400">
            Next
          </Link>
        ) : null}
      </nav>
      <Outlet />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
