// Server-rendered toast: a role="status" region, so it is announced and visible with and
// without JavaScript. With JavaScript it can be dismissed.
import { useEffect, useState } from "react";
import type { ToastData } from "~/auth/cookies.server";

const toneClass: Record<ToastData["type"], string> = {
  success: "border-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-500 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  info: "border-blue-500 bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100",
};

export function ToastRegion({ toast }: { toast: ToastData | null }) {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    setHidden(false);
    if (!toast) return;
    // With JavaScript the toast fades after a while; without it, it stays until the next page.
    const timer = setTimeout(() => setHidden(true), 6000);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed bottom-4 right-4 z-50 flex max-w-sm flex-col gap-2">
      {toast && !hidden ? (
        <div className={`pointer-events-auto flex items-start gap-3 rounded-md border-l-4 px-4 py-3 shadow ${toneClass[toast.type]}`}>
          <p className="text-sm">{toast.message}</p>
          <button type="button" className="ml-auto text-xs opacity-70 hover:opacity-100" onClick={() => setHidden(true)} aria-label="Dismiss">
            ✕
          </button>
        </div>
      ) : null}
    </div>
  );
}
