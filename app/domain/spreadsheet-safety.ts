// Exported cells must never run as formulas (CSV/formula injection, OWASP): a text cell that
// starts with =, +, -, @, a tab or a carriage return is prefixed with an apostrophe, which
// spreadsheets show as text. Only text is touched: numbers and dates stay typed values.

const FORMULA_TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r"]);

/** The text as an inert cell: a leading formula trigger gets an apostrophe in front. */
export function neutraliseFormulaText(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0]) ? `'${text}` : text;
}

export type ExportCellValue = string | number | Date | boolean | null;

/** Any export cell: strings are neutralised, every other value passes through unchanged. */
export function neutraliseCell<T extends ExportCellValue>(value: T): T {
  return (typeof value === "string" ? neutraliseFormulaText(value) : value) as T;
}
