// What a page says when its loader or action fails, and the boundary every route exports, so
// that a failure (a 404 in a dialog route, a refused action) is shown in place, inside the
// shell and the page around it, rather than replacing the whole screen. The root's boundary
// (app/root.tsx), for failures of the shell itself, says the same things.
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { NOT_FOUND_TEXT } from "~/domain/access";

export interface ErrorCopy {
  title: string;
  detail: string;
}

const GENERIC_DETAIL = "Please try again. If it keeps happening, contact support.";

/** The title and sentence for a thrown response or error. */
export function errorCopy(error: unknown): ErrorCopy {
  if (isRouteErrorResponse(error)) {
    const message = (error.data as { message?: unknown } | null)?.message;
    const said = typeof message === "string" && message.trim() !== "" ? message : null;
    if (error.status === 404) return { title: "Page not found", detail: said ?? NOT_FOUND_TEXT };
    if (error.status === 403) return { title: "Not allowed", detail: said ?? "You do not have permission to do this." };
    return { title: "Something went wrong", detail: said ?? GENERIC_DETAIL };
  }
  return { title: "Something went wrong", detail: GENERIC_DETAIL };
}

/** Every route's ErrorBoundary: the failure in the route's own place, with a way back. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) && error instanceof Error) console.error(error);
  const { title, detail } = errorCopy(error);
  // With JavaScript a dialog route's failure is drawn after its list, maybe below the fold (and
  // on a phone below the menu): it is brought into view and given focus, as a dialog would be.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "center" });
    panel.current?.focus();
  }, []);
  return (
    <section ref={panel} tabIndex={-1} role="alert" aria-labelledby="route-error-title" data-route-error className="mx-auto my-6 max-w-xl rounded-lg border border-slate-200 bg-white p-6 text-center dark:border-slate-800 dark:bg-slate-900">
      <h2 id="route-error-title" className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{detail}</p>
      <p className="mt-4">
        <Link to=".." className="text-blue-600 underline dark:text-blue-400">
          Go back
        </Link>
      </p>
    </section>
  );
}
