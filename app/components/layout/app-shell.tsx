// The signed-in frame: top bar, header toggle, sidebar, and on phones a menu drawer and a bottom
// navigation (docs/decisions/147). Every control is a link, a small form or a <details>, so it
// works without JavaScript; JavaScript only makes the posts quieter (fetchers) and closes the
// drawer on navigation and Escape.
import { useEffect } from "react";
import { Form, Link, NavLink, useFetcher, useLocation } from "@remix-run/react";
import { Icon } from "~/components/ui/icon";
import { shellNavigationFor, type NavLink as NavItem, type RoleId } from "~/domain/access";
import { direction } from "~/domain/quotes";
import { trendBadgeTone } from "~/domain/trend";
import { formatNumber, formatPercent } from "~/domain/format";
import { ThemeSwitch } from "./auth-card";
import { useLiveQuotes } from "~/components/realtime/socket-context";
import { LiveBroadcasts } from "~/components/chat/live-broadcasts";
import { NotificationCenter } from "~/components/notifications/notification-center";
import { ConnectionStatusIndicator } from "./connection-status";
import { MarketFeedBadge, useMarketFeed } from "./market-feed";
import type { FeedStatePayload } from "~/realtime/events";
import { NavIcon } from "./nav-icons";

export interface ShellData {
  user: { id: number; name: string; roleId: RoleId; roleName: string };
  /** Only the two-factor set-up page may be linked (docs/decisions/121); the links follow from the role (shellNavigationFor). */
  twoFactorSetupOnly: boolean;
  tickers: { code: string; label: string; close: number | null; change: number | null; changePercent: number | null }[];
  niftyTrend: string | null;
  /** Where prices come from when it is not the market: the simulated or replay feed (docs/decisions/175). */
  priceSource: "simulated" | "replay" | null;
  /** A live provider's feed state (FEED=kite), null for simulated or replayed prices. */
  marketFeed: FeedStatePayload | null;
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
  const { nav, bottomNav, linkable } = shellNavigationFor(shell.user.roleId, shell.twoFactorSetupOnly);
  return (
    <div className="flex min-h-screen min-w-0 flex-col">
      <LiveBroadcasts />
      <TopBar shell={shell} theme={theme} currentPath={currentPath} linkable={linkable} />
      <div className="flex min-w-0 flex-1">
        {/* The preference cookie rules the sidebar from the lg breakpoint up; below it the drawer shows it. */}
        <Sidebar shell={shell} nav={nav} currentPath={currentPath} />
        <main id="main" className={`min-w-0 flex-1 p-3 sm:p-4 ${bottomNav.length > 0 ? "pb-24 md:pb-4" : ""}`}>
          <Header linkable={linkable} sidebarOpen={shell.sidebarOpen} currentPath={currentPath} />
          {children}
        </main>
      </div>
      {bottomNav.length > 0 ? <BottomNav items={bottomNav} /> : null}
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
  const marketFeed = useMarketFeed(shell.marketFeed);
  // Server-rendered figures first; live quotes replace them once the socket delivers.
  const live = useLiveQuotes(shell.tickers.map((t) => t.code));
  const tickers = shell.tickers.map((t) => {
    const q = live[t.code];
    return q ? { ...t, close: q.last, change: q.change, changePercent: q.changePercent } : t;
  });
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 sm:gap-x-3 lg:flex-nowrap lg:px-4">
        <MenuDrawer />
        <Link to="/dashboard" className="shrink-0 font-semibold text-blue-600 dark:text-blue-400">
          NSE Signals
        </Link>
        {/* One line at every width: on a phone it is the bar's second row and scrolls in its own box. */}
        <div
          data-ticker-strip
          tabIndex={0}
          className="order-last flex w-full min-w-0 items-center gap-3 overflow-x-auto whitespace-nowrap pb-0.5 lg:order-none lg:w-auto lg:flex-1"
        >
          <ul aria-label="Index tickers" className="flex shrink-0 items-center gap-4 text-sm">
            {tickers.map((t) => {
              const dir = toneColour[direction(t.change)];
              return (
                <li key={t.code} data-symbol={t.code} className="flex shrink-0 items-baseline gap-1.5">
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
            className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeColour[tone]}`}
            data-tone={tone}
            aria-label={`Nifty trend: ${shell.niftyTrend ?? "none"}`}
          >
            Nifty {shell.niftyTrend ?? "—"}
          </span>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1.5 text-sm sm:gap-3">
          {shell.priceSource ? (
            <span
              data-price-source={shell.priceSource}
              title={shell.priceSource === "simulated" ? "Prices come from the simulated feed, not from the market" : "Prices are replayed from files, not live from the market"}
              className="shrink-0 rounded border border-amber-500 px-1 text-[10px] font-semibold uppercase leading-4 text-amber-700 dark:text-amber-300"
            >
              {shell.priceSource === "simulated" ? "Sim" : "Replay"}
              <span className="sr-only sm:not-sr-only">{shell.priceSource === "simulated" ? "ulated prices" : "ed prices"}</span>
            </span>
          ) : null}
          <MarketFeedBadge feed={marketFeed} />
          <ConnectionStatusIndicator marketLive={marketFeed === null || marketFeed.state === "live"} />
          <NotificationCenter initialUnread={shell.unreadNotifications} href={linkable("/notifications") ? "/notifications" : null} />
          {linkable("/support") ? (
            <Link to="/support" className="inline-flex items-center gap-1 rounded-md p-1 hover:underline sm:p-0">
              <Icon name="message-circle" className="h-5 w-5 sm:hidden" />
              <span className="sr-only sm:not-sr-only">Live Chat</span>
            </Link>
          ) : null}
          <ThemeSwitch theme={theme} currentPath={currentPath} />
          <UserMenu shell={shell} linkable={linkable} />
        </div>
      </div>
    </header>
  );
}

function UserMenu({ shell, linkable }: { shell: ShellData; linkable: (path: string) => boolean }) {
  // <details> opens and closes without JavaScript.
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md p-1 hover:bg-slate-100 sm:px-2 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        <Icon name="circle-user-round" className="h-5 w-5 sm:hidden" />
        {/* On a phone the name is read out, not shown: the bar keeps one line. */}
        <span className="sr-only sm:not-sr-only">
          <span className="font-medium">{shell.user.name}</span>{" "}
          <span className="text-xs text-slate-500 dark:text-slate-400">({shell.user.roleName})</span>
        </span>
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
        className="hidden lg:block"
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
  className,
}: {
  field: "sidebarOpen" | "sidebarExpanded";
  value: boolean;
  label: string;
  currentPath: string;
  className?: string;
}) {
  const fetcher = useFetcher();
  const icon = field === "sidebarOpen" ? "panel-left" : value ? "chevrons-right" : "chevrons-left";
  return (
    <fetcher.Form method="post" action="/preferences" className={className}>
      <input type="hidden" name="intent" value={field} />
      <input type="hidden" name="value" value={String(value)} />
      <input type="hidden" name="redirectTo" value={currentPath} />
      <button
        type="submit"
        aria-label={label}
        title={label}
        className="inline-flex items-center rounded-md border border-slate-300 p-1.5 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        <Icon name={icon} className="h-4 w-4" />
      </button>
    </fetcher.Form>
  );
}

/**
 * The one navigation of the shell (docs/decisions/165): the sidebar from the lg breakpoint up
 * (shown or not, wide or a strip of icons, as the preference cookie says), and below it the
 * menu drawer's panel, shown while the drawer's <details> is open (app/tailwind.css). It used to
 * be rendered twice, once for each; the second copy cost every signed-in page about 10 KB of
 * HTML and a sixth of its rendering.
 */
function Sidebar({ shell, nav, currentPath }: { shell: ShellData; nav: NavItem[]; currentPath: string }) {
  const expanded = shell.sidebarExpanded;
  return (
    <aside
      data-drawer-panel
      data-expanded={expanded}
      className={`menu-panel hidden shrink-0 border-r border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900 ${shell.sidebarOpen ? "lg:block" : ""} ${expanded ? "lg:w-56" : "lg:w-14"}`}
    >
      <div className="mb-3 flex items-center justify-between lg:hidden">
        <span className="font-semibold text-blue-600 dark:text-blue-400">NSE Signals</span>
        <Link
          to={currentPath}
          aria-label="Close menu"
          title="Close menu"
          onClick={(event) => {
            event.preventDefault();
            closeMenuDrawer();
          }}
          className="rounded-md p-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <Icon name="x" className="h-5 w-5" />
        </Link>
      </div>
      <div className="mb-2 hidden justify-end lg:flex">
        <SidebarToggle
          field="sidebarExpanded"
          value={!expanded}
          label={expanded ? "Collapse sidebar" : "Expand sidebar"}
          currentPath={currentPath}
        />
      </div>
      <SidebarNav nav={nav} expanded={expanded} />
    </aside>
  );
}

function menuDrawer(): HTMLDetailsElement | null {
  return document.querySelector<HTMLDetailsElement>("details[data-drawer]");
}

function closeMenuDrawer() {
  const drawer = menuDrawer();
  if (!drawer?.open) return;
  drawer.open = false;
  drawer.querySelector("summary")?.focus();
}

/**
 * Below the lg breakpoint the sidebar is a drawer (docs/decisions/147): a <details>, closed on
 * every page load, opened by its summary without JavaScript. While open, the summary's ::before
 * covers the page as a backdrop (app/tailwind.css), so a tap beside the drawer closes it; the
 * drawer's close link reloads the page without JavaScript. With JavaScript, Escape and every
 * navigation close it too.
 */
function MenuDrawer() {
  const location = useLocation();
  useEffect(() => {
    const drawer = menuDrawer();
    if (drawer) drawer.open = false;
  }, [location.pathname, location.search]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeMenuDrawer();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <details className="menu-drawer lg:hidden" data-drawer>
      <summary
        title="Menu"
        className="flex cursor-pointer list-none items-center rounded-md border border-slate-300 p-1.5 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
      >
        <Icon name="menu" className="h-5 w-5" />
        <span className="sr-only">Menu</span>
      </summary>
    </details>
  );
}

// The sidebar's link styles hang on its <nav>, not on each of its up to 38 links: every signed-in
// page carried them once per link (about 5 KB of an admin's 28 KB /notifications) and rendered
// a class function per link. The current page's link is the one NavLink marks aria-current.
const SIDEBAR_LINKS =
  "[&_a]:flex [&_a]:items-center [&_a]:gap-2 [&_a]:truncate [&_a]:rounded [&_a]:px-2 [&_a]:py-1.5 [&_a]:text-sm [&_a>span]:truncate " +
  "[&_a:not([aria-current]):hover]:bg-slate-100 dark:[&_a:not([aria-current]):hover]:bg-slate-800 " +
  "[&_a[aria-current]]:bg-blue-50 [&_a[aria-current]]:font-semibold [&_a[aria-current]]:text-blue-700 dark:[&_a[aria-current]]:bg-slate-800 dark:[&_a[aria-current]]:text-blue-300";
// Collapsed (lg and up): icons only, the names still read out.
const SIDEBAR_LINKS_COLLAPSED = "lg:[&_a]:justify-center lg:[&_a>span]:sr-only";
// A class function answering nothing: NavLink then writes no class at all (with none, or a string,
// it writes class="" or "active"); aria-current marks the current page's link.
const noClass = () => undefined;

/** The role's screens by group; collapsed (a preference of the lg sidebar) shows icons with the names for screen readers. */
function SidebarNav({ nav, expanded }: { nav: NavItem[]; expanded: boolean }) {
  const groups: { key: NavItem["group"]; title: string }[] = [
    { key: "main", title: "Main" },
    { key: "admin", title: "Administration" },
    { key: "reports", title: "Reports" },
  ];
  return (
    <nav aria-label="Menu" className={expanded ? SIDEBAR_LINKS : `${SIDEBAR_LINKS} ${SIDEBAR_LINKS_COLLAPSED}`}>
      {groups.map(({ key, title }) => {
        const items = nav.filter((n) => n.group === key);
        if (items.length === 0) return null;
        return (
          <div key={key} className="mb-3">
            <p className={`px-2 text-xs font-semibold uppercase text-muted ${expanded ? "" : "lg:hidden"}`}>{title}</p>
            <ul>
              {items.map((item) => (
                <li key={item.path}>
                  <NavLink to={item.path} title={item.label} className={noClass}>
                    <NavIcon path={item.path} />
                    <span>{item.label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/** The customer's main screens, one tap away on a phone (docs/decisions/147); hidden from md up. */
function BottomNav({ items }: { items: NavItem[] }) {
  return (
    <nav
      aria-label="Main screens"
      data-bottom-nav
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden dark:border-slate-800 dark:bg-slate-900"
    >
      <ul className="flex">
        {items.map((item) => (
          <li key={item.path} className="min-w-0 flex-1">
            <NavLink
              to={item.path}
              className={({ isActive }) =>
                `flex flex-col items-center gap-0.5 px-1 py-1.5 text-[11px] leading-tight ${isActive ? "font-semibold text-blue-700 dark:text-blue-300" : "text-slate-600 dark:text-slate-300"}`
              }
            >
              <NavIcon path={item.path} className="h-5 w-5" />
              <span className="max-w-full truncate">{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
