// The settings page's forms: one per panel, told apart by a hidden intent.
import * as z from "zod";
import { isValidYmd } from "~/domain/dates";
import { decimalNumber } from "~/schemas/decimal";
import { CHART_COUNTS, CLOSE_ON_LEVEL_HIT_SETTING, INDICATOR_TOGGLES, STUDY_NAMES, VIEW_CHART_MODES } from "~/domain/user-settings";

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
  tradeSeconds: decimalNumber({
    label: "Trade refresh time",
    scale: 0,
    min: 1,
    max: 86_400,
    messages: { required: ENTER_TRADE_SECONDS, notation: ENTER_TRADE_SECONDS, whole: "Please enter whole seconds", min: "Please enter at least 1 second", max: "Please enter at most 86400 seconds" },
  }),
  // A checkbox: absent when unticked (docs/decisions/168).
  closeTradeOnHit: z.boolean().default(false),
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

export const UNKNOWN_SETTING = "Unknown setting";

/** One setting's value, checked by the same field rule its settings-page form uses. */
const SETTING_VALUE_RULES: Record<string, z.ZodType> = {
  Theme: viewSettingSchema.shape.theme,
  viewChart: viewSettingSchema.shape.viewChart.unwrap(),
  chart: viewSettingSchema.shape.chart.unwrap(),
  tradeSeconds: tradeSettingSchema.shape.tradeSeconds,
  [CLOSE_ON_LEVEL_HIT_SETTING]: z.enum(["true", "false"], { error: `${CLOSE_ON_LEVEL_HIT_SETTING} must be true or false` }),
  ...Object.fromEntries(INDICATOR_TOGGLES.map((name) => [name, z.enum(["true", "false"], { error: `${name} must be true or false` })])),
  studies: z.preprocess((v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, indicatorSettingSchema.shape.studies.unwrap()),
};

/**
 * users/setting/add {name, value, id}: one named setting of the caller. The id is ignored (the name
 * names the caller's setting); it may be null, as setting/list answers it for a setting never saved.
 */
export const settingWriteSchema = z
  .object({
    name: z.enum(Object.keys(SETTING_VALUE_RULES) as [string, ...string[]], { error: UNKNOWN_SETTING }),
    value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())], { error: "Please enter a value" }),
    id: z.union([z.number(), z.string()]).nullable().optional(),
  })
  .transform((input, ctx) => {
    const raw = typeof input.value === "boolean" || typeof input.value === "number" ? String(input.value) : input.value;
    const checked = SETTING_VALUE_RULES[input.name].safeParse(raw);
    if (!checked.success) {
      ctx.addIssue({ code: "custom", path: ["value"], message: checked.error.issues[0]?.message ?? "Invalid value" });
      return z.NEVER;
    }
    const value = Array.isArray(checked.data) ? JSON.stringify(checked.data) : String(checked.data);
    return { name: input.name, value };
  });

/** POST users/setting/marque: the Marque Data form without its page intent. */
export const marqueWriteSchema = marqueSchema.omit({ intent: true });
