// Links repeated on every row of a list (edit, exit, delete) as plain anchors that one listener
// on the document navigates inside the app (docs/decisions/178). A Remix <Link> renders three
// components and resolves its path two or three times on the server; /trades drew 60 of them,
// and the pages bench measured the lists at 0.94-0.96x of their CPU per request with these
// anchors (side by side). They carry data-discover, so Remix's route discovery finds their routes as it finds a Link's, and
// without JavaScript they are the same links.
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

const IN_APP_SELECTOR = "a[data-in-app]";

type AnchorProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

/**
 * An anchor to a path of this app, followed like a Link once hydrated. `to` starts with "/": it
 * is written as it is, not resolved against the route as a Link's is.
 */
export function InAppLink({ to, keepScroll = false, ...props }: AnchorProps & { to: string; keepScroll?: boolean }) {
  return <a {...props} href={to} data-discover="true" data-in-app="" data-keep-scroll={keepScroll ? "" : undefined} />;
}

interface ClickLike {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

interface AnchorLike {
  href: string;
  target: string;
  hasAttribute(name: string): boolean;
}

interface Here {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Where a click on an in-app anchor should go inside the app, or null when the browser should
 * have it: another button, a modifier key (a new tab or window), another target, a download,
 * another origin. Like a Link, going to the current address replaces the history entry; a
 * keepScroll link keeps the scroll position (a Link's preventScrollReset).
 */
export function inAppDestination(event: ClickLike, here: Here): { to: string; replace: boolean; preventScrollReset: boolean } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const element = event.target as { closest?: (selector: string) => unknown } | null;
  const anchor = typeof element?.closest === "function" ? (element.closest(IN_APP_SELECTOR) as AnchorLike | null) : null;
  if (!anchor || (anchor.target !== "" && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, here.origin);
  if (url.origin !== here.origin) return null;
  const to = url.pathname + url.search + url.hash;
  return { to, replace: to === here.pathname + here.search + here.hash, preventScrollReset: anchor.hasAttribute("data-keep-scroll") };
}

/** Follows in-app anchors inside the app: mounted once, at the root. */
export function useInAppLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const destination = inAppDestination(event, window.location);
      if (destination === null) return;
      event.preventDefault();
      navigate(destination.to, { replace: destination.replace, preventScrollReset: destination.preventScrollReset });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
