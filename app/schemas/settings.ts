// The settings page's forms: one per panel, told apart by a hidden intent.
import * as z from "zod";
import { isValidYmd } from "~/domain/dates";
import { CHART_COUNTS, INDICATOR_TOGGLES, STUDY_NAMES, VIEW_CHART_MODES } from "~/domain/user-settings";

export const SETTING_SAVED = "Setting saved successfully";
export const MARQUE_SAVED = "Marque data saved successfully";
export const ENTER_TRADE_SECONDS = "Please enter the trade refresh time in seconds";

export const viewSettingSchema = z.object({
  intent: z.literal("view"),
  theme: z.enum(["light", "dark"], { error: "Please select a theme" }),
  viewChart: z.enum(VIEW_CHART_MODES, { error: "Please select a chart mode" }).optional(),
  chart: z.enum(CHART_COUNTS, { error: "Please select 1, 2 or 4 charts" }).optional(),
});

export const tradeSettingSchema = z.object({
  intent: z.literal("trade"),
  tradeSeconds: z.number({ error: ENTER_TRADE_SECONDS }).int("Please enter whole seconds").min(1, "Please enter at least 1 second").max(86_400, "Please enter at most 86400 seconds"),
});

// "Show Targets" is posted as ShowTargets (a field name without a space).
export const indicatorSettingSchema = z.object({
  intent: z.literal("indicator"),
  MA: z.boolean().default(false),
  WA: z.boolean().default(false),
  MD: z.boolean().default(false),
  WD: z.boolean().default(false),
  Daglu: z.boolean().default(false),
  Swing: z.boolean().default(false),
  ShowTargets: z.boolean().default(false),
  studies: z.array(z.enum(STUDY_NAMES)).default([]),
});

export const INDICATOR_FIELD: Record<(typeof INDICATOR_TOGGLES)[number], keyof z.infer<typeof indicatorSettingSchema>> = {
  MA: "MA",
  WA: "WA",
  MD: "MD",
  WD: "WD",
  Daglu: "Daglu",
  Swing: "Swing",
  "Show Targets": "ShowTargets",
};

export const marqueSchema = z.object({
  intent: z.literal("marque"),
  title: z.string({ error: "Please enter a title" }).trim().min(1, "Please enter a title").max(200, "Title is too long"),
  date: z.string({ error: "Please enter a date" }).refine(isValidYmd, "Please enter a date"),
  subText: z.string().trim().max(500, "Sub text is too long").default(""),
});
