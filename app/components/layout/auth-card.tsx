// The frame of the signed-out pages (login, signup, code, reset).
import { Form, useLocation } from "@remix-run/react";
import { Icon } from "~/components/ui/icon";
import { useRootData } from "./use-root-data";

/** The theme switch comes back to this page: with its query when `keepSearch` (the code page keeps its ?email=). */
export function AuthCard({ title, children, keepSearch = false }: { title: string; children: React.ReactNode; keepSearch?: boolean }) {
  const theme = useRootData()?.theme ?? "light";
  const location = useLocation();
  const currentPath = keepSearch ? location.pathname + location.search : location.pathname;
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div className="mb-6 flex items-center justify-between">
          <p className="text-sm font-semibold tracking-wide text-blue-600 dark:text-blue-400">NSE Signals</p>
          <ThemeSwitch theme={theme} currentPath={currentPath} />
        </div>
        <h1 className="mb-4 text-xl font-semibold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function ThemeSwitch({ theme, currentPath }: { theme: string; currentPath: string }) {
  const next = theme === "dark" ? "light" : "dark";
  return (
    <Form method="post" action="/preferences" className="inline">
      <input type="hidden" name="intent" value="theme" />
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={currentPath} />
      <button
        type="submit"
        aria-label={`Switch to ${next} theme`}
        title={`Switch to ${next} theme`}
        className="inline-flex items-center gap-1 rounded-md border border-slate-300 p-1.5 text-sm hover:bg-slate-100 sm:px-2 sm:py-1 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        {theme === "dark" ? <Icon name="sun" className="h-4 w-4" /> : <Icon name="moon" className="h-4 w-4" />}
        {/* The word only where there is room: the phone's top bar keeps one line (docs/decisions/147). */}
        <span className="hidden sm:inline">{theme === "dark" ? "Light" : "Dark"}</span>
      </button>
    </Form>
  );
}
