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
import { useEffect } from "react";
import stylesheet from "~/tailwind.css";
import { useNonce } from "~/components/nonce";
import { AppShell } from "~/components/layout/app-shell";
import { ToastRegion } from "~/components/ui/toast-region";
import { SocketProvider } from "~/components/realtime/socket-context";
import { errorCopy } from "~/components/route-error";
import { loadShell } from "~/services/shell.server";
import { useInAppLinks } from "~/components/ui/in-app-link";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installable app (docs/decisions/154).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [
  { title: "NSE Signals — market data and trading signals" },
  { name: "description", content: "Live NSE prices, charts, keys, alerts and a trade journal." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { data, setCookie } = await loadShell(context, request);
  return json(data, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

export type RootLoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function Document({ theme, children }: { theme: string; children: React.ReactNode }) {
  const nonce = useNonce();
  // Says when the page's JavaScript has taken over. A dialog route's served section turns into
  // the modal at that moment, so a journey that acts on a page opened by its URL waits for this
  // first (tests/e2e/support.ts, waitForHydration): a press in that instant was lost in a CI run.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en" className={theme === "dark" ? "dark" : ""}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2563eb" />
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
  useInAppLinks();
  return (
    <Document theme={theme}>
      <ToastRegion toast={toast} />
      {shell ? (
        <SocketProvider enabled identity={shell.user.id}>
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
  if (!isRouteErrorResponse(error) && error instanceof Error) console.error(error);
  const { title, detail } = errorCopy(error);
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
