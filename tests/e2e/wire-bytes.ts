// Bytes on the wire of a page's first load, per request, read from Chromium's network events
// (encodedDataLength: compressed body plus headers), sorted into the parts that weigh on it.
import type { BrowserContext, CDPSession, Page } from "@playwright/test";

export const KB = 1024;

export interface WireRequest {
  url: string;
  type: string;
  bytes: number;
  encoding: string;
  part: string;
}

/** Which part of the first load a request belongs to, by what it holds. */
export function partOf(url: string, type: string, text: string): string {
  if (type === "Document") return "document (HTML)";
  if (type === "Font" || /\.(woff2?|ttf|otf)(\?|$)/.test(url)) return "fonts";
  if (type === "Stylesheet" || /\.css(\?|$)/.test(url)) return "CSS";
  if (/socket\.io\//.test(url)) return "socket.io polling";
  if (/apexcharts|ApexCharts/.test(text)) return "apexcharts";
  if (/lightweight-charts|LightweightCharts|fancy-canvas/.test(text)) return "lightweight-charts";
  if (/engine\.io|socket\.io-client|Socket\.IO/i.test(text) && /\.js(\?|$)/.test(url)) return "socket.io-client chunk";
  if (/\/build\/routes\//.test(url)) return "route chunks";
  if (/\/build\/(entry|root|manifest)/.test(url)) return "entry, root and manifest";
  if (/\/build\/_shared\//.test(url)) return "shared chunks (react, remix, ...)";
  if (/\.js(\?|$)/.test(url)) return "other JavaScript";
  return `other (${type})`;
}

/**
 * Starts counting on `page` (a fresh tab): cache off, optional throttling. Answers a reader of
 * every finished request so far.
 */
export async function countWireBytes(context: BrowserContext, page: Page, throttle?: { latency: number; downloadThroughput: number; uploadThroughput: number }) {
  const cdp: CDPSession = await context.newCDPSession(page);
  const meta = new Map<string, { url: string; type: string; encoding: string }>();
  const done: { id: string; bytes: number }[] = [];
  cdp.on("Network.requestWillBeSent", (e: { requestId: string; request: { url: string }; type?: string }) => {
    meta.set(e.requestId, { url: e.request.url, type: e.type ?? "Other", encoding: "" });
  });
  cdp.on("Network.responseReceived", (e: { requestId: string; type: string; response: { headers: Record<string, string> } }) => {
    const m = meta.get(e.requestId);
    if (m) {
      m.type = e.type;
      m.encoding = e.response.headers["content-encoding"] ?? e.response.headers["Content-Encoding"] ?? "";
    }
  });
  cdp.on("Network.loadingFinished", (e: { requestId: string; encodedDataLength: number }) => {
    done.push({ id: e.requestId, bytes: e.encodedDataLength });
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (throttle) await cdp.send("Network.emulateNetworkConditions", { offline: false, ...throttle });
  const bodies = new Map<string, string>();
  // Reading a body is asynchronous: each read's promise is kept, and `requests` waits for them.
  const reads: Promise<void>[] = [];
  page.on("response", (response) => {
    if (!/\.js(\?|$)/.test(response.url())) return;
    reads.push(
      response
        .text()
        .then((t) => void bodies.set(response.url(), t.slice(0, 300_000)))
        .catch(() => {}),
    );
  });
  return {
    total: () => done.reduce((sum, d) => sum + d.bytes, 0),
    requests: async (): Promise<WireRequest[]> => {
      await Promise.all(reads);
      return done.map((d) => {
        const m = meta.get(d.id) ?? { url: "?", type: "Other", encoding: "" };
        return { ...m, bytes: d.bytes, part: partOf(m.url, m.type, bodies.get(m.url) ?? "") };
      });
    },
  };
}

/** The requests summed by part, heaviest first, as lines for the test's log. */
export function breakdown(requests: readonly WireRequest[]): string {
  const parts = new Map<string, { bytes: number; count: number }>();
  for (const r of requests) {
    const p = parts.get(r.part) ?? { bytes: 0, count: 0 };
    p.bytes += r.bytes;
    p.count += 1;
    parts.set(r.part, p);
  }
  return [...parts]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([part, p]) => `  ${part.padEnd(36)} ${(p.bytes / KB).toFixed(1).padStart(7)} KB in ${p.count}`)
    .join("\n");
}
