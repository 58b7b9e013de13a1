import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { cellClass, PageTitle, Pagination, Table } from "~/components/admin/admin-ui";
import { ReportChart } from "~/components/reports/report-chart";
import { DateFilters, ExportLinks, FilterNotice } from "~/components/reports/report-ui";
import { controlClass } from "~/components/ui/field";
import { ROLE_NAMES, isRoleId } from "~/domain/access";
import { formatIstDate, formatIstDateTime } from "~/domain/dates";
import { MISSING_VALUE } from "~/domain/format";
import { PAGE_SIZE, parsePage } from "~/domain/paging";
import { filterQuery } from "~/domain/report-filters";
import { loginResultText } from "~/domain/login-history";
import { loadUserReport } from "~/services/reports.server";
import { parseUserReportParams, REPORT_ROLES, typedRange } from "~/schemas/report";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "User Reports — NSE Signals" }];

const day = (ymd: string | null) => (ymd ? formatIstDate(new Date(`${ymd}T12:00:00Z`)) : MISSING_VALUE);

// User Reports (docs/product-rules.md R-AC2): AllUser/LoginUser, role (default Customer), dates,
// Excel/Pdf, three profit charts over the role's trades, and the Users List, 10 per page.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  const report = parseUserReportParams(url.searchParams);
  const { input } = report;
  const page = parsePage(url.searchParams.get("page"));
  const { refused, rows, total, byMonth, byUser, byUserMonth } = await loadUserReport(context, report, { page, pageSize: PAGE_SIZE });
  return json({
    input,
    // The days in the form: what was typed when refused, the listed days otherwise (LoginUser: today by default).
    shownRange: refused ? typedRange(url.searchParams) : (report.days ?? { startDate: "", endDate: "" }),
    page,
    total,
    rows: rows.map((r) => ({
      key: r.key,
      username: r.username,
      email: r.email,
      role: isRoleId(r.roleId) ? ROLE_NAMES[r.roleId] : String(r.roleId),
      name: r.name,
      loginTime: r.loginTime ? formatIstDateTime(r.loginTime) : MISSING_VALUE,
      address: r.ip ?? MISSING_VALUE,
      agent: r.userAgent ?? MISSING_VALUE,
      result: r.success === undefined ? "" : loginResultText(r.success, r.reason ?? null),
      dateExpired: day(r.dateExpired),
      dateSubscribed: day(r.dateSubscribed),
      status: r.status ? "Active" : "Inactive",
    })),
    profitByMonth: byMonth,
    profitByUser: byUser,
    profitByUserMonth: byUserMonth,
    exportQuery: filterQuery({ mode: input.mode, role_id: input.role_id, startDate: input.startDate, endDate: input.endDate }),
  });
}

export default function UserReportPage() {
  const data = useLoaderData<typeof loader>();
  const { input } = data;
  const login = input.mode === "login";
  const modeHref = (mode: "all" | "login") => `?${filterQuery({ mode: mode === "login" ? "login" : undefined, role_id: input.role_id, startDate: input.startDate, endDate: input.endDate })}`;
  const months = [...new Set(data.profitByUserMonth.map((r) => r.month))].sort();
  const userNames = [...new Set(data.profitByUserMonth.map((r) => r.userName))];
  const perUserMonth = userNames.map((name) => ({
    name,
    data: months.map((m) => data.profitByUserMonth.find((r) => r.userName === name && r.month === m)?.totalProfit ?? 0),
  }));
  return (
    <section aria-labelledby="user-report-title">
      <PageTitle id="user-report-title" title="User Reports" action={<ExportLinks basePath="/reports/user/export" query={data.exportQuery} />} />
      <nav aria-label="Users shown" className="mb-3 inline-flex overflow-hidden rounded-md border border-slate-300 text-sm dark:border-slate-700">
        <Link to={modeHref("all")} aria-current={!login ? "page" : undefined} className={`px-3 py-1.5 ${!login ? "bg-blue-600 text-white" : ""}`}>
          AllUser
        </Link>
        <Link to={modeHref("login")} aria-current={login ? "page" : undefined} className={`px-3 py-1.5 ${login ? "bg-blue-600 text-white" : ""}`}>
          LoginUser
        </Link>
      </nav>
      <Form method="get" role="search" aria-label="Filter user report" className="mb-3 flex flex-wrap items-start gap-2">
        {login ? <input type="hidden" name="mode" value="login" /> : null}
        <label className="flex flex-col gap-1 text-sm font-medium">
          Role
          <select name="role_id" defaultValue={input.role_id} className={controlClass}>
            {REPORT_ROLES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <div className="self-end">
          {/* The user report's Apply has no date check in the browser (docs/product-rules.md R-AC5): the server says what is wrong. */}
          <DateFilters key={`${data.shownRange.startDate}:${data.shownRange.endDate}`} startDate={data.shownRange.startDate || undefined} endDate={data.shownRange.endDate || undefined} alwaysApply />
        </div>
      </Form>
      <FilterNotice message={input.rangeError} />
      <div className="mb-4 grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-3">
        <ReportChart id="chart-month" title="Profit by Month" categories={data.profitByMonth.map((p) => p.label)} series={[{ name: "Profit", data: data.profitByMonth.map((p) => p.value) }]} />
        <ReportChart id="chart-user" title="Profit by User" categories={data.profitByUser.map((p) => p.label)} series={[{ name: "Profit", data: data.profitByUser.map((p) => p.value) }]} />
        <ReportChart id="chart-user-month" title="Profit by User per Month" categories={months} series={perUserMonth} />
      </div>
      <h2 className="mb-2 text-lg font-semibold">Users List</h2>
      <Table
        caption="Users list"
        headers={login ? ["User Name", "Email", "Role", "Login Time", "Address", "Browser", "Result"] : ["User Name", "Email", "Role", "Expiry Date", "subscribed Date", "Status"]}
        empty={data.rows.length === 0}
      >
        {data.rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" className={`${cellClass} text-left font-medium`}>
              {r.username}
            </th>
            <td className={cellClass}>{r.email}</td>
            <td className={cellClass}>{r.role}</td>
            {login ? (
              <>
                <td className={cellClass}>{r.loginTime}</td>
                <td className={cellClass}>{r.address}</td>
                <td className={`${cellClass} max-w-xs truncate`} title={r.agent}>
                  {r.agent}
                </td>
                <td className={cellClass}>{r.result}</td>
              </>
            ) : (
              <>
                <td className={cellClass}>{r.dateExpired}</td>
                <td className={cellClass}>{r.dateSubscribed}</td>
                <td className={cellClass}>{r.status}</td>
              </>
            )}
          </tr>
        ))}
      </Table>
      <Pagination page={data.page} pageSize={PAGE_SIZE} total={data.total} label="Users" />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
