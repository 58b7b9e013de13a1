// The signed-in frame: top bar, header toggle and sidebar. Every control is a link or a small
// form, so it works without JavaScript; JavaScript only makes the posts quieter (fetchers).
import { Form, Link, NavLink, useFetcher } from "@remix-run/react";
import { canReach, type NavLink as NavItem, type RoleId } from "~/domain/access";
import { direction } from "~/domain/quotes";
import { trendBadgeTone } from "~/domain/trend";
import { formatNumber, formatPercent } from "~/domain/format";
import { ThemeSwitch } from "./auth-card";
import { useLiveQuotes } from "~/components/realtime/socket-context";
import { LiveBroadcasts } from "~/components/chat/live-broadcasts";
import { NotificationCenter } from "~/components/notifications/notification-center";
import { ConnectionStatusIndicator } from "./connection-status";

export interface ShellData {
  user: { id: number; name: string; roleId: RoleId; roleName: string };
  nav: NavItem[];
  built: string[];
  tickers: { code: string; label: string; close: number | null; change: number | null; changePercent: number | null }[];
  niftyTrend: string | null;
  unreadNotifications: number;
  sidebarOpen: boolean;
  sidebarExpanded: boolean;
}

const toneColour = { up: "text-up", down: "text-down", flat: "text-slate-500 dark:text-slate-400" } as const;
const badgeColour = {
  buy: "bg-up text-white",
  sell: "bg-down text-white",
  neutral: "bg-blue-600 text-white",
} as const;

export function AppShell({
  shell,
  theme,
  currentPath,
  children,
}: {
  shell: ShellData;
  theme: string;
  currentPath: string;
  children: React.ReactNode;
}) {
  const linkable = (path: string) => shell.built.includes(path) && canReach(shell.user.roleId, path);
  return (
    <div className="flex min-h-screen flex-col">
      <LiveBroadcasts />
      <TopBar shell={shell} theme={theme} currentPath={currentPath} linkable={linkable} />
      <div className="flex flex-1">
        {shell.sidebarOpen ? <Sidebar shell={shell} currentPath={currentPath} /> : null}
        <main id="main" className="min-w-0 flex-1 p-4">
          <Header linkable={linkable} sidebarOpen={shell.sidebarOpen} currentPath={currentPath} />
          {children}
        </main>
      </div>
    </div>
  );
}

function TopBar({
  shell,
  theme,
  currentPath,
  linkable,
}: {
  shell: ShellData;
  theme: string;
  currentPath: string;
  linkable: (path: string) => boolean;
}) {
  const tone = trendBadgeTone(shell.niftyTrend);
  // Server-rendered figures first; live quotes replace them once the socket delivers.
  const live = useLiveQuotes(shell.tickers.map((t) => t.code));
  const tickers = shell.tickers.map((t) => {
    const q = live[t.code];
    return q ? { ...t, close: q.last, change: q.change, changePercent: q.changePercent } : t;
  });
  return (
    <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
      <Link to="/dashboard" className="font-semibold text-blue-600 dark:text-blue-400">
        NSE Signals
      </Link>
      <ul aria-label="Index tickers" className="flex flex-wrap items-center gap-4 text-sm">
        {tickers.map((t) => {
          const dir = toneColour[direction(t.change)];
          return (
            <li key={t.code} data-symbol={t.code} className="flex items-baseline gap-1.5">
              <span className="font-medium">{t.label}</span>
              <span data-field="close" className="tabular-nums">{t.close === null ? "—" : formatNumber(t.close)}</span>
              <span data-field="change" className={`tabular-nums ${dir}`}>
                {t.change === null ? "—" : `${t.change > 0 ? "+" : ""}${formatNumber(t.change)}`}
              </span>
              <span data-field="changePercent" className={`tabular-nums ${dir}`}>
                {t.changePercent === null ? "" : `(${formatPercent(t.changePercent)})`}
              </span>
            </li>
          );
        })}
      </ul>
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeColour[tone]}`}
        data-tone={tone}
        aria-label={`Nifty trend: ${shell.niftyTrend ?? "none"}`}
      >
        Nifty {shell.niftyTrend ?? "—"}
      </span>
      <div className="ml-auto flex items-center gap-3 text-sm">
        <ConnectionStatusIndicator />
        <NotificationCenter initialUnread={shell.unreadNotifications} href={linkable("/notifications") ? "/notifications" : null} />
        {linkable("/support") ? (
          <Link to="/support" className="hover:underline">
            Live Chat
          </Link>
        ) : null}
        <ThemeSwitch theme={theme} currentPath={currentPath} />
        <UserMenu shell={shell} linkable={linkable} />
      </div>
    </header>
  );
}

function UserMenu({ shell, linkable }: { shell: ShellData; linkable: (path: string) => boolean }) {
  // <details> opens and closes without JavaScript.
  return (
    <details className="relative">
      <summary className="cursor-pointer list-none rounded-md px-2 py-1 hover:bg-slate-100 dark:hover:bg-slate-800">
        <span className="font-medium">{shell.user.name}</span>{" "}
        <span className="text-xs text-slate-500 dark:text-slate-400">({shell.user.roleName})</span>
      </summary>
      <div className="absolute right-0 z-40 mt-1 w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <nav aria-label="User menu" className="flex flex-col">
          {linkable("/setting") ? <MenuLink to="/setting">Settings</MenuLink> : null}
          {linkable("/settings/account") ? <MenuLink to="/settings/account">My Account</MenuLink> : null}
          {linkable("/settings/two-factor") ? <MenuLink to="/settings/two-factor">Two-factor sign-in</MenuLink> : null}
          <Form method="post" action="/logout">
            <button type="submit" className="w-full rounded px-3 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
              Logout
            </button>
          </Form>
        </nav>
      </div>
    </details>
  );
}

function MenuLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="rounded px-3 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
      {children}
    </Link>
  );
}

function Header({
  linkable,
  sidebarOpen,
  currentPath,
}: {
  linkable: (path: string) => boolean;
  sidebarOpen: boolean;
  currentPath: string;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <SidebarToggle
        field="sidebarOpen"
        value={!sidebarOpen}
        label={sidebarOpen ? "Close sidebar" : "Open sidebar"}
        currentPath={currentPath}
      />
      {linkable("/overview") && linkable("/dashboard") ? (
        <nav aria-label="View" className="inline-flex overflow-hidden rounded-md border border-slate-300 text-sm dark:border-slate-700">
          <ToggleLink to="/overview">Overview</ToggleLink>
          <ToggleLink to="/dashboard">Dashboard</ToggleLink>
        </nav>
      ) : null}
      {linkable("/trades") ? (
        <Link to="/trades/new" className="ml-auto rounded-md bg-blue-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-700">
          Trade
        </Link>
      ) : null}
    </div>
  );
}

function ToggleLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        `px-3 py-1.5 ${isActive ? "bg-blue-600 text-white" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`
      }
    >
      {children}
    </NavLink>
  );
}

function SidebarToggle({
  field,
  value,
  label,
  currentPath,
}: {
  field: "sidebarOpen" | "sidebarExpanded";
  value: boolean;
  label: string;
  currentPath: string;
}) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action="/preferences">
      <input type="hidden" name="intent" value={field} />
      <input type="hidden" name="value" value={String(value)} />
      <input type="hidden" name="redirectTo" value={currentPath} />
      <button
        type="submit"
        aria-label={label}
        title={label}
        className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        {field === "sidebarOpen" ? "☰" : value ? "»" : "«"}
      </button>
    </fetcher.Form>
  );
}

function Sidebar({ shell, currentPath }: { shell: ShellData; currentPath: string }) {
  const expanded = shell.sidebarExpanded;
  const groups: { key: NavItem["group"]; title: string }[] = [
    { key: "main", title: "Main" },
    { key: "admin", title: "Administration" },
    { key: "reports", title: "Reports" },
  ];
  return (
    <aside
      className={`shrink-0 border-r border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900 ${expanded ? "w-56" : "w-14"}`}
      data-expanded={expanded}
    >
      <div className="mb-2 flex justify-end">
        <SidebarToggle
          field="sidebarExpanded"
          value={!expanded}
          label={expanded ? "Collapse sidebar" : "Expand sidebar"}
          currentPath={currentPath}
        />
      </div>
      <nav aria-label="Sidebar">
        {groups.map(({ key, title }) => {
          const items = shell.nav.filter((n) => n.group === key);
          if (items.length === 0) return null;
          return (
            <div key={key} className="mb-3">
              {expanded ? <p className="px-2 text-xs font-semibold uppercase text-slate-500">{title}</p> : null}
              <ul>
                {items.map((item) => (
                  <li key={item.path}>
                    <NavLink
                      to={item.path}
                      title={item.label}
                      className={({ isActive }) =>
                        `block truncate rounded px-2 py-1.5 text-sm ${isActive ? "bg-blue-50 font-semibold text-blue-700 dark:bg-slate-800 dark:text-blue-300" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`
                      }
                    >
                      {expanded ? item.label : item.label.slice(0, 2)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
    </aside>
  );
}
