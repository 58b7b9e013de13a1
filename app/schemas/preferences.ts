import * as z from "zod";
import { CHART_PAGE_TIMEFRAMES, type TimeframeId } from "~/domain/candles";

/** Where to go back after a preference post: only a local path, never another site. */
export const localPath = z
  .string()
  .max(2000)
  .refine((p) => p.startsWith("/") && !p.startsWith("//") && !p.includes("\\"), "Not a local path")
  .catch("/");

export const preferencesSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("theme"), theme: z.enum(["light", "dark"]), redirectTo: localPath }),
  z.object({ intent: z.literal("sidebarOpen"), value: z.enum(["true", "false"]), redirectTo: localPath }),
  z.object({ intent: z.literal("sidebarExpanded"), value: z.enum(["true", "false"]), redirectTo: localPath }),
  z.object({
    intent: z.literal("chartTimeframe"),
    value: z.enum(CHART_PAGE_TIMEFRAMES.map((t) => t.timeframe) as [TimeframeId, ...TimeframeId[]]),
    redirectTo: localPath,
  }),
]);
