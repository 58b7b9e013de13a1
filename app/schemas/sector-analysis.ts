import * as z from "zod";
import { isValidYmd } from "~/domain/dates";
import { recordId } from "~/schemas/record-id";

/** /sector-analysis-chart/{sector}: the sector id in the path. */
export const sectorParamSchema = recordId();

/** GET /sector-analysis-chart/{sector}?sector=ID&date=YYYY-MM-DD (the selector form). */
export const sectorChartQuerySchema = z.object({
  sector: recordId().optional().catch(undefined),
  date: z
    .string()
    .refine((v) => isValidYmd(v), "Please enter a valid date")
    .optional()
    .catch(undefined),
});
