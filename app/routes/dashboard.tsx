import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { ROLE_NAMES } from "~/domain/access";

export const meta: MetaFunction = () => [{ title: "Dashboard — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  return json({ name: user.name, roleName: ROLE_NAMES[user.roleId] });
}

export default function DashboardPage() {
  const { name, roleName } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-xl font-semibold">
        Dashboard
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Signed in as {name} ({roleName}).
      </p>
    </section>
  );
}
