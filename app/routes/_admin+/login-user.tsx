import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { cellClass, ExportLinks, FilterForm, PageSizeAndSort, PageTitle, Pagination, SearchField, Table } from "~/components/admin/admin-ui";
import { FilterNotice } from "~/components/reports/report-ui";
import { controlClass } from "~/components/ui/field";
import { FilterSelect } from "~/components/ui/select-field";
import { ROLE_NAMES, isRoleId, type RoleId } from "~/domain/access";
import { formatIstDate, formatIstDateTime, istMidnight } from "~/domain/dates";
import { MISSING_VALUE } from "~/domain/format";
import { loginResultText } from "~/domain/login-history";
import { LONG_PAGE_SIZE, parseIdParam, parsePage } from "~/domain/paging";
import { listSignedInAccounts } from "~/services/accounts.server";
import { listLoginHistory } from "~/services/login-history.server";
import { parseLoginHistoryQuery, typedRange } from "~/schemas/report";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Login Users — NSE Signals" }];

const FILTER_ROLES: RoleId[] = [1, 2, 3, 4];
/** The history's own page parameter: ?page stays the signed-in list's. */
const HISTORY_PAGE = "historyPage";

// Login Users (docs/product-rules.md R-AC9, 20 per page): the sign-in history for a day range
// (today in IST by default), every attempt with its address, browser and result, kept after
// sign-out (docs/decisions/141); and below it who is signed in now (the live sessions).
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  const page = parsePage(url.searchParams.get("page"));
  const { roleId, rows, total } = await listSignedInAccounts(context, { roleId: parseIdParam(url.searchParams.get("role_id")), page, pageSize: LONG_PAGE_SIZE });
  const query = parseLoginHistoryQuery(url.searchParams);
  const historyPage = parsePage(url.searchParams.get(HISTORY_PAGE));
  const listed = await listLoginHistory(context, { ...query, page: historyPage });
  type HistoryRow = { id: number; time: string; username: string; account: string; role: string; address: string; agent: string; success: boolean; result: string };
  const history: { refused: string | null; startDate: string; endDate: string; page: number; total: number; rows: HistoryRow[] } = listed.ok
    ? {
        refused: null,
        startDate: listed.value.startDate,
        endDate: listed.value.endDate,
        page: historyPage,
        total: listed.value.total,
        rows: listed.value.rows.map((r) => ({
          id: r.id,
          time: formatIstDateTime(r.occurredAt),
          username: r.username ?? MISSING_VALUE,
          account: r.email ?? r.identifier,
          role: r.roleId !== null && isRoleId(r.roleId) ? ROLE_NAMES[r.roleId] : MISSING_VALUE,
          address: r.ip ?? MISSING_VALUE,
          agent: r.userAgent ?? MISSING_VALUE,
          success: r.success,
          result: loginResultText(r.success, r.reason),
        })),
      }
    : // A half or reversed range: the message in the form, what was typed kept, nothing listed.
      { refused: listed.problem.message, ...typedRange(url.searchParams), page: 1, total: 0, rows: [] };
  return json({
    roleId,
    page,
    total,
    rows: rows.map((r) => ({ ...r, loginTime: formatIstDateTime(r.loginTime), lastSeenAt: formatIstDateTime(r.lastSeenAt) })),
    history,
    search: query.search,
    sorting: query.order,
    historyPageSize: query.pageSize,
  });
}

const shownDay = (ymd: string) => formatIstDate(istMidnight(ymd));

export default function LoginUsersPage() {
  const data = useLoaderData<typeof loader>();
  const { history } = data;
  return (
    <section aria-labelledby="login-users-title">
      <PageTitle id="login-users-title" title="Login Users" action={<ExportLinks path="/login-user/export" label="the sign-in history" />} />
      <div className="mb-3">
        <FilterForm label="Filter login users">
          <FilterSelect label="Role" name="role_id" value={data.roleId ? String(data.roleId) : ""} placeholder="All roles" options={FILTER_ROLES.map((r) => ({ value: r, label: ROLE_NAMES[r] }))} />
          <label className="flex flex-col gap-1 text-sm font-medium">
            Start Date
            <input type="date" name="startDate" defaultValue={history.startDate} key={`s-${history.startDate}`} className={controlClass} aria-invalid={history.refused ? true : undefined} aria-describedby={history.refused ? "login-range-error" : undefined} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            End Date
            <input type="date" name="endDate" defaultValue={history.endDate} key={`e-${history.endDate}`} className={controlClass} aria-invalid={history.refused ? true : undefined} aria-describedby={history.refused ? "login-range-error" : undefined} />
          </label>
          <SearchField value={data.search} label="Search account, name or address" />
          <PageSizeAndSort pageSize={data.historyPageSize} sorting={data.sorting} />
        </FilterForm>
        <div id="login-range-error" className="mt-2">
          <FilterNotice message={history.refused ?? undefined} />
        </div>
      </div>

      <h2 id="login-history-title" className="mb-1 text-lg font-semibold">
        Sign-in history
      </h2>
      {history.refused ? null : (
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
          {history.startDate === history.endDate ? `Sign-in attempts on ${shownDay(history.startDate)}` : `Sign-in attempts from ${shownDay(history.startDate)} to ${shownDay(history.endDate)}`} (India time)
        </p>
      )}
      <Table
        caption="Sign-in history"
        sorting={data.sorting}
        headers={[{ label: "Login Time", sort: "time" }, { label: "User Name", sort: "account" }, "Account", "Role", "Address", "Browser", { label: "Result", sort: "result" }]}
        empty={history.rows.length === 0}
      >
        {history.rows.map((r) => (
          <tr key={r.id}>
            <td className={cellClass}>{r.time}</td>
            <th scope="row" className={`${cellClass} text-left font-medium`}>
              {r.username}
            </th>
            <td className={cellClass}>{r.account}</td>
            <td className={cellClass}>{r.role}</td>
            <td className={cellClass}>{r.address}</td>
            <td className={`${cellClass} max-w-xs truncate`} title={r.agent}>
              {r.agent}
            </td>
            <td className={`${cellClass} ${r.success ? "" : "text-red-700 dark:text-red-400"}`}>{r.result}</td>
          </tr>
        ))}
      </Table>
      <Pagination page={history.page} pageSize={data.historyPageSize} total={history.total} label="Sign-in history" param={HISTORY_PAGE} />

      <h2 id="signed-in-now-title" className="mb-2 mt-6 text-lg font-semibold">
        Signed in now
      </h2>
      <Table caption="Login users" headers={["User Name", "Name", "Email", "Role", "Login Time", "Last Seen"]} empty={data.rows.length === 0}>
        {data.rows.map((r, i) => (
          <tr key={`${r.userId}-${r.loginTime}-${i}`}>
            <th scope="row" className={`${cellClass} text-left font-medium`}>
              {r.username}
            </th>
            <td className={cellClass}>{r.name}</td>
            <td className={cellClass}>{r.email}</td>
            <td className={cellClass}>{ROLE_NAMES[r.roleId]}</td>
            <td className={cellClass}>{r.loginTime}</td>
            <td className={cellClass}>{r.lastSeenAt}</td>
          </tr>
        ))}
      </Table>
      <Pagination page={data.page} pageSize={LONG_PAGE_SIZE} total={data.total} label="Login users" />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
