import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { describeRequest, formatLogLine } from "~/config/log.server";

const ABORT_DELAY = 5_000;

/**
 * A loader's or action's failure: one line saying which request failed and why, through the
 * log redaction (docs/decisions/114), never the query string, a cookie or a query's values.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(formatLogLine([`[request] ${describeRequest(request)} failed:`, error]));
};

/**
 * Renders the whole document, then answers it in one piece (docs/decisions/110, "Load"). No
 * route streams (no defer; the lazy charts are client-only), so streaming gained nothing here
 * and cost much: React writes the page in ~2 KB chunks, and each went through the web stream,
 * the compression middleware and a socket write of its own. One buffer is one compression pass
 * and one write, and lets the answer carry its Content-Length.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer | string, _encoding, done) {
              chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              const html = Buffer.concat(chunks);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              responseHeaders.set("Content-Length", String(html.byteLength));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(formatLogLine(["[render] failed:", error]));
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}
