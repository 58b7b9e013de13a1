// Report filters as the models take them: a picked date range becomes the half-open instant
// range of docs/product-rules.md R-D10. Pure; shared by the report pages and their exports.
import { inclusiveDateRange } from "./dates";

export function reportDateRange(input: { startDate?: string; endDate?: string }): { from: Date; to: Date } | undefined {
  return input.startDate && input.endDate ? inclusiveDateRange(input.startDate, input.endDate) : undefined;
}

/** The query string of a filter object (empty values left out), e.g. for the export links. */
export function filterQuery(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  return params.toString();
}
