// What each compression setting would cost on the largest page's HTML, measured in this process
// side by side: CPU per KB and the bytes it sends. The pipeline compresses dynamic HTML with the
// compression middleware's brotli at DYNAMIC_BROTLI_QUALITY (app/server/http-pipeline.server.ts); the build's
// static files are brotli at quality 11, written once at build time (scripts/precompress-build.mjs).
import zlib from "node:zlib";
import { DYNAMIC_BROTLI_QUALITY } from "~/server/http-pipeline.server";

interface Setting {
  label: string;
  compress: (input: Buffer) => Buffer;
  inUse?: string;
}

const brotli = (quality: number) => (input: Buffer) =>
  zlib.brotliCompressSync(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length } });

const SETTINGS: Setting[] = [
  { label: "gzip level 1", compress: (input) => zlib.gzipSync(input, { level: 1 }) },
  { label: "gzip level 6", compress: (input) => zlib.gzipSync(input, { level: 6 }), inUse: "to clients without brotli" },
  ...[1, 2, 3, 4, 5, 6].map((quality) => ({ label: `brotli quality ${quality}`, compress: brotli(quality), inUse: quality === DYNAMIC_BROTLI_QUALITY ? "dynamic HTML" : undefined })),
  { label: "brotli quality 11", compress: brotli(11), inUse: "build files, once at build time" },
];

function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** Each setting compresses `html` for at least 300 ms of CPU; the table gives the cost per KB and the size. */
export function printCompressionChoices(label: string, html: Buffer): void {
  const kb = html.byteLength / 1024;
  console.log(`\n  compression settings on ${label}'s ${kb.toFixed(1)} KB of HTML (this process, one core):`);
  const rows = SETTINGS.map((setting) => {
    let runs = 0;
    let size = 0;
    const started = cpuMicros();
    while (cpuMicros() - started < 300_000 || runs < 3) {
      size = setting.compress(html).byteLength;
      runs += 1;
    }
    const msPerPage = (cpuMicros() - started) / runs / 1000;
    return [setting.label, `${((msPerPage * 1000) / kb).toFixed(1)}`, msPerPage.toFixed(2), `${(size / 1024).toFixed(1)} KB`, `${((size / html.byteLength) * 100).toFixed(1)} %`, setting.inUse ?? ""];
  });
  const header = ["setting", "µs/KB", "ms/page", "sent", "of HTML", "in use for"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => "  " + cells.map((cell, i) => (i === 0 || i === 5 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
