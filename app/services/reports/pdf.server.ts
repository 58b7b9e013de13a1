// PDF export through pdfkit, streamed: rows are drawn as they come and each finished page
// leaves at once. Every page repeats the table header and carries its page number; the first
// page prints the report's filters. Text cells are cut to their column (no wrapping: one line
// per row keeps 100k rows fast and the pages regular).
import { PassThrough, type Readable } from "node:stream";
import PDFDocument from "pdfkit";
import { formatNumber, formatPercent, MISSING_VALUE } from "~/domain/format";
import { exportIstDate, exportIstDateTime } from "./cells";
import type { CellKind, ExportColumn, ExportTotals } from "./columns";
import { eventLoopTurns } from "./event-loop-turns.server";

const MARGIN = 28;
const FONT_SIZE = 7.5;
const ROW_HEIGHT = 13;
const HIGH_WATER = 1 << 20;
/** Cells never cut: a figure or a time is drawn smaller instead, so no digit is lost. */
const UNCUT_KINDS: ReadonlySet<CellKind> = new Set(["money", "percent", "integer", "datetime", "date"]);

export interface PdfOptions<Row> {
  title: string;
  filters: readonly string[];
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row>;
  /** Asked once the rows are drawn: the bold totals line under the table (none for no rows). */
  totals?: () => ExportTotals;
}

export function pdfReadable<Row>(options: PdfOptions<Row>): Readable {
  const output = new PassThrough({ highWaterMark: HIGH_WATER });
  const doc = new PDFDocument({ size: "A4", layout: "landscape", margin: MARGIN, info: { Title: options.title } });
  doc.pipe(output);
  void writePdf(doc, options).catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/** A cell as printed; an absent value (null) is "—" (docs/decisions/143; WinAnsi has the em dash). */
export function pdfCellText(kind: CellKind, value: string | number | Date | null): string {
  if (value === null) return MISSING_VALUE;
  if (value instanceof Date) return kind === "date" ? exportIstDate(value) : exportIstDateTime(value);
  if (typeof value === "number" || kind === "money" || kind === "percent") {
    if (kind === "integer") return String(value);
    // Money arrives as exact decimal text and is grouped from its digits (docs/decisions/118).
    if (kind === "percent") return formatPercent(value);
    return formatNumber(value, 2);
  }
  return value;
}

async function writePdf<Row>(
  doc: PDFKit.PDFDocument,
  { title, filters, columns, rows, totals }: PdfOptions<Row>,
): Promise<void> {
  const usable = doc.page.width - MARGIN * 2;
  const totalWidth = columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => (c.width / totalWidth) * usable);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));
  // Roughly how many characters fit a column at this font size (Helvetica averages ~0.5 em).
  const maxChars = widths.map((w) => Math.max(3, Math.floor((w - 4) / (FONT_SIZE * 0.52))));
  const bottom = () => doc.page.height - MARGIN - 14;
  let pageNumber = 0;

  /** `kinds` says which cells may be cut; without it (the header row) none is: a header is drawn smaller. */
  const drawLine = (cells: readonly string[], y: number, bold: boolean, kinds?: readonly CellKind[]) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(FONT_SIZE);
    cells.forEach((text, i) => {
      // Left-aligned: right-aligning numbers needs widthOfString per cell, which doubles the
      // glyph and kerning work that dominates a 100k-row export.
      if (text.length <= maxChars[i]) {
        doc.text(text, xs[i] + 2, y, { lineBreak: false });
      } else if (!kinds || UNCUT_KINDS.has(kinds[i])) {
        // A figure or a time is never cut (a PNL beyond 2^53 paise keeps every digit): it is drawn smaller.
        doc.fontSize(Math.max(3, (FONT_SIZE * maxChars[i]) / text.length));
        doc.text(text, xs[i] + 2, y, { lineBreak: false });
        doc.fontSize(FONT_SIZE);
      } else {
        doc.text(`${text.slice(0, maxChars[i] - 3)}...`, xs[i] + 2, y, { lineBreak: false });
      }
    });
  };

  const startPage = (first: boolean): number => {
    pageNumber += 1;
    let y = MARGIN;
    if (first) {
      doc.font("Helvetica-Bold").fontSize(13).text(title, MARGIN, y, { lineBreak: false });
      y += 18;
      doc.font("Helvetica").fontSize(8.5);
      for (const line of filters) {
        doc.text(line, MARGIN, y, { lineBreak: false });
        y += 11;
      }
      y += 4;
    }
    // Page number in the footer: margins are lifted so pdfkit does not start a new page.
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font("Helvetica").fontSize(8).text(`Page ${pageNumber}`, MARGIN, doc.page.height - MARGIN, { lineBreak: false });
    doc.page.margins.bottom = savedBottom;
    doc.rect(MARGIN, y - 2, usable, ROW_HEIGHT).fill("#e2e8f0").fillColor("#000000");
    drawLine(
      columns.map((c) => c.header),
      y + 1,
      true,
    );
    return y + ROW_HEIGHT;
  };

  const kinds = columns.map((c) => c.kind);
  let y = startPage(true);
  let written = 0;
  const turns = eventLoopTurns();
  for await (const row of rows) {
    if (turns.due()) await turns.take();
    if (y + ROW_HEIGHT > bottom()) {
      doc.addPage();
      y = startPage(false);
    }
    drawLine(
      columns.map((c) => pdfCellText(c.kind, c.value(row))),
      y,
      false,
      kinds,
    );
    y += ROW_HEIGHT;
    written += 1;
    // A slow reader: wait for the buffered pages to drain before drawing more.
    if (written % 200 === 0) {
      while (doc.readableLength > HIGH_WATER) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  if (written === 0) doc.font("Helvetica").fontSize(FONT_SIZE).text("No Data Found", MARGIN + 2, y, { lineBreak: false });
  if (totals && written > 0) {
    if (y + ROW_HEIGHT > bottom()) {
      doc.addPage();
      y = startPage(false);
    }
    const { label, values } = totals();
    const cells = columns.map((c) => (c.header in values ? pdfCellText(c.kind, values[c.header]) : ""));
    doc.moveTo(MARGIN, y - 1).lineTo(MARGIN + usable, y - 1).lineWidth(0.5).stroke();
    drawLine(cells, y, true, kinds);
    // The label runs over the empty cells up to the first figure.
    const firstFigure = cells.findIndex((text) => text !== "");
    const labelChars = Math.floor(((firstFigure > 0 ? xs[firstFigure] : MARGIN + usable) - MARGIN - 4) / (FONT_SIZE * 0.55));
    const shown = label.length <= labelChars ? label : `${label.slice(0, Math.max(0, labelChars - 3))}...`;
    doc.font("Helvetica-Bold").fontSize(FONT_SIZE).text(shown, MARGIN + 2, y, { lineBreak: false });
  }
  doc.end();
}
