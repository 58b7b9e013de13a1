import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import stylesheet from "~/tailwind.css";
import { useNonce } from "~/components/nonce";
import { AppShell } from "~/components/layout/app-shell";
import { ToastRegion } from "~/components/ui/toast-region";
import { SocketProvider } from "~/realtime/socket-context";
import { getSessionLookup } from "~/auth/session.server";
import { idleSignOutMessage } from "~/domain/sessions";
import { takeToast } from "~/toast.server";
import { readPreferences } from "~/preferences.server";
import { getUserSetting } from "~/models/user.server";
import { getLatestTrend } from "~/models/symbol-suggestion.server";
import { countUnreadNotifications } from "~/models/notification.server";
import { DEFAULT_REFERENCE_SYMBOL, TOP_BAR_INDICES } from "~/domain/quotes";
import { NOT_FOUND_TEXT, sidebarLinksFor, BUILT_PATHS, ROLE_NAMES } from "~/domain/access";
import { mustEnrolTwoFactor, TWO_FACTOR_SETUP_PATH } from "~/domain/two-factor";
import { notificationsSince } from "~/domain/notifications";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "NSE Signals — market data and trading signals" },
  { name: "description", content: "Live NSE prices, charts, keys, alerts and a trade journal." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The root serves every page, signed in or not; each route guards itself.
  const session = await getSessionLookup(context, request);
  const user = session.kind === "active" ? session.user : null;
  const prefs = await readPreferences(context.cookies, request);
  const flashed = await takeToast(context.cookies, request);
  const { setCookie } = flashed;
  // A session that went idle ends on the page that finds it (e.g. /login after the socket was
  // refused): that page says why.
  const toast = session.kind === "idle" ? { type: "info" as const, message: idleSignOutMessage(session.idleMinutes) } : flashed.toast;

  let theme = prefs.theme;
  let shell = null;
  if (user) {
    if (!theme) theme = (await getUserSetting(context.db, user.id, "Theme")) === "dark" ? "dark" : "light";
    const since = notificationsSince(Date.now());
    const [niftyTrend, unreadNotifications] = await Promise.all([
      getLatestTrend(context.db, DEFAULT_REFERENCE_SYMBOL),
      countUnreadNotifications(context.db, user, since),
    ]);
    shell = {
      user: { id: user.id, name: user.name, roleId: user.roleId, roleName: ROLE_NAMES[user.roleId] },
      // An account that must set up two-factor sign-in first is offered only that (docs/decisions/121).
      nav: mustEnrolTwoFactor(user) ? [] : sidebarLinksFor(user.roleId),
      built: mustEnrolTwoFactor(user) ? [TWO_FACTOR_SETUP_PATH] : [...BUILT_PATHS],
      tickers: TOP_BAR_INDICES.map(({ code, label }) => {
        const q = context.liveBook.get(code);
        return { code, label, close: q?.last ?? null, change: q?.change ?? null, changePercent: q?.changePercent ?? null };
      }),
      niftyTrend,
      unreadNotifications,
      sidebarOpen: prefs.sidebarOpen,
      sidebarExpanded: prefs.sidebarExpanded,
    };
  }
  return json(
    { theme: theme ?? "light", toast, shell },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

export type RootLoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function Document({ theme, children }: { theme: string; children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" className={theme === "dark" ? "dark" : ""}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { theme, toast, shell } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <Document theme={theme}>
      <ToastRegion toast={toast} />
      {shell ? (
        <SocketProvider enabled>
          <AppShell shell={shell} theme={theme} currentPath={location.pathname + location.search}>
            <Outlet />
          </AppShell>
        </SocketProvider>
      ) : (
        <Outlet />
      )}
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const theme = data?.theme ?? "light";
  let title = "Something went wrong";
  let detail = "Please try again. If it keeps happening, contact support.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "Page not found";
      detail = NOT_FOUND_TEXT;
    } else if (error.status === 403) {
      title = "Not allowed";
      detail = (error.data as { message?: string })?.message ?? "You do not have permission to do this.";
    } else {
      detail = (error.data as { message?: string })?.message ?? detail;
    }
  } else if (error instanceof Error) {
    console.error(error);
  }
  return (
    <Document theme={theme}>
      <main className="mx-auto max-w-xl p-10 text-center">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-4 text-slate-600 dark:text-slate-300">{detail}</p>
        <p className="mt-6">
          <Link to="/" className="text-blue-600 underline dark:text-blue-400">
            Go to the start page
          </Link>
        </p>
      </main>
    </Document>
  );
}
