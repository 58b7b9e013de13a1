import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { ROLE_NAMES } from "~/domain/access";

export const meta: MetaFunction = () => [{ title: "My Account — NSE Signals" }];

// My Account is a static form in the documents: it shows the account; details change through
// support, the password on /settings/security.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  return json({ name: user.name, username: user.username, email: user.email, roleName: ROLE_NAMES[user.roleId] });
}

export default function MyAccountPage() {
  const account = useLoaderData<typeof loader>();
  const rows: [string, string][] = [
    ["Name", account.name],
    ["User Name", account.username],
    ["Email Address", account.email],
    ["Role", account.roleName],
  ];
  return (
    <section aria-labelledby="account-title" className="max-w-lg">
      <h1 id="account-title" className="mb-4 text-xl font-semibold">
        My Account
      </h1>
      <form className="flex flex-col gap-3" aria-describedby="account-note">
        {rows.map(([label, value]) => (
          <label key={label} className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{label}</span>
            <input readOnly value={value} className="rounded-md border border-slate-300 bg-slate-100 px-3 py-2 dark:border-slate-700 dark:bg-slate-800" />
          </label>
        ))}
      </form>
      <p id="account-note" className="mt-4 text-sm text-slate-600 dark:text-slate-300">
        To change these details, contact support.{" "}
        <Link to="/settings/security" className="text-blue-600 underline dark:text-blue-400">
          Change your password or sign out other devices
        </Link>
        .
      </p>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
