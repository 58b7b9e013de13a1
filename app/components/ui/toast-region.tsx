// Server-rendered toast: a role="status" region, so it is announced and visible with and
// without JavaScript. With JavaScript it can be dismissed.
import { Icon } from "~/components/ui/icon";
import { useEffect, useState } from "react";
import type { ToastData } from "~/auth/cookies.server";

const toneClass: Record<ToastData["type"], string> = {
  success: "border-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-500 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  info: "border-blue-500 bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100",
};

export function ToastRegion({ toast }: { toast: ToastData | null }) {
  // The toast on screen. A later reload of the page's data (a live update, the trade list's
  // timer) answers no toast, since the flash is taken once; that must not cut this one short.
  const [shown, setShown] = useState(toast);
  useEffect(() => {
    if (toast) setShown(toast);
  }, [toast]);
  useEffect(() => {
    if (!shown) return;
    // With JavaScript the toast goes after a while; without it, a CSS animation hides it a little later.
    const timer = setTimeout(() => setShown(null), 6000);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed bottom-16 left-4 right-4 z-50 flex max-w-sm flex-col gap-2 sm:left-auto md:bottom-4">
      {shown ? (
        // toast-expire: without JavaScript too, the toast gives the screen back after a while (on a
        // phone it spans the width and would cover the controls under it for good).
        <div className={`toast-expire pointer-events-auto flex items-start gap-3 rounded-md border-l-4 px-4 py-3 shadow ${toneClass[shown.type]}`}>
          <p className="text-sm">{shown.message}</p>
          <button type="button" className="ml-auto text-xs opacity-70 hover:opacity-100" onClick={() => setShown(null)} aria-label="Dismiss">
            <Icon name="x" className="h-4 w-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
