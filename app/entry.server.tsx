import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { describeRequest, formatLogLine } from "~/config/log.server";

/**
 * A loader's or action's failure: one line saying which request failed and why, through the
 * log redaction (docs/decisions/114), never the query string, a cookie or a query's values.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(formatLogLine([`[request] ${describeRequest(request)} failed:`, error]));
};

/**
 * Renders the whole document to one string, then answers it in one piece (docs/decisions/110,
 * "Load"; docs/decisions/176). No route streams (no defer) and nothing suspends on the server
 * (the lazy charts and the notification dialog load only after hydration), so renderToString
 * writes the same document as renderToPipeableStream waiting for onAllReady did, without the
 * stream's cost: it wrote the page in ~2 KB chunks, each encoded to bytes on its own, through a
 * Writable; the pages bench measured the string at 0.91-0.94x of the stream's CPU per page. One
 * buffer is one compression pass and one write, and lets the answer carry its Content-Length.
 * A render that throws reaches Remix, which renders the route's error boundary.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  const html = Buffer.from(
    "<!DOCTYPE html>" +
      renderToString(
        <NonceProvider value={nonce}>
          <RemixServer context={remixContext} url={request.url} />
        </NonceProvider>,
      ),
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Length", String(html.byteLength));
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
