// A user's settings and the dashboard banner (docs/product-rules.md R-AC2 Settings page, R-AC3; R-AC7
// Settings). The /setting page's panels and the JSON API (users/setting/*) save through
// saveSettings, so the rule "a role writes only the panels it sees" is applied once, here.
import { recordAudit, type AuditActor } from "~/models/audit-log.server";
import type * as z from "zod";
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { refuse, succeed, type Outcome } from "~/domain/outcome";
import { CLOSE_ON_LEVEL_HIT_SETTING, INDICATOR_TOGGLES, mayWriteSetting } from "~/domain/user-settings";
import { getLatestMarque, readUserSettingRows, readUserSettings, saveMarque, saveUserSettings, type Marque } from "~/models/settings.server";
import {
  INDICATOR_FIELD,
  MARQUE_SAVED,
  SETTING_SAVED,
  type indicatorSettingSchema,
  type marqueWriteSchema,
  type tradeSettingSchema,
  type viewSettingSchema,
} from "~/schemas/settings";

export type { Marque };

type Db = Pick<AppContext, "db">;
type SettingsUser = Pick<SessionUser, "id" | "roleId">;

export const SETTING_NOT_YOURS = "You do not have permission to change this setting.";

/** Every setting of the user, defaults filled in. */
export function readSettings(context: Db, user: Pick<SessionUser, "id">): Promise<Record<string, string>> {
  return readUserSettings(context.db, user.id);
}

/** Every setting of the user as {id, name, value} rows (id null for a default never saved). */
export function readSettingRows(context: Db, user: Pick<SessionUser, "id">) {
  return readUserSettingRows(context.db, user.id);
}

/** Several settings of the user, all or none; a setting of a panel the role does not see is refused (403). */
export async function saveSettings(context: Db, user: SettingsUser, values: Record<string, string>): Promise<Outcome<{ message: string }>> {
  if (Object.keys(values).some((name) => !mayWriteSetting(user.roleId, name))) return refuse(SETTING_NOT_YOURS, undefined, 403);
  await saveUserSettings(context.db, user.id, values);
  return succeed({ message: SETTING_SAVED });
}

/** The View Setting panel: the theme, and the chart mode and count when the form sends them. */
export function saveViewSetting(context: Db, user: SettingsUser, value: z.infer<typeof viewSettingSchema>) {
  const { theme, viewChart, chart } = value;
  return saveSettings(context, user, { Theme: theme, ...(viewChart ? { viewChart } : {}), ...(chart ? { chart } : {}) });
}

/** The Trade Setting panel: the list's refresh time and the close-on-SL/target choice. */
export function saveTradeSetting(context: Db, user: SettingsUser, value: z.infer<typeof tradeSettingSchema>) {
  return saveSettings(context, user, { tradeSeconds: String(value.tradeSeconds), [CLOSE_ON_LEVEL_HIT_SETTING]: String(value.closeTradeOnHit) });
}

/** The Indicator setting panel: each toggle as "true"/"false", the studies as a JSON list. */
export function saveIndicatorSetting(context: Db, user: SettingsUser, value: z.infer<typeof indicatorSettingSchema>) {
  const toggles = Object.fromEntries(INDICATOR_TOGGLES.map((name) => [name, String(value[INDICATOR_FIELD[name]])]));
  return saveSettings(context, user, { ...toggles, studies: JSON.stringify(value.studies) });
}

/** The banner the dashboard shows, or null when none is saved. */
export function latestBanner(context: Db): Promise<Marque | null> {
  return getLatestMarque(context.db);
}

/** Replaces the banner (one at a time). */
export async function saveBanner(context: Db, actor: AuditActor, input: z.infer<typeof marqueWriteSchema>): Promise<{ message: string }> {
  await context.db.transaction(async (tx) => {
    const before = await getLatestMarque(tx);
    const after = { title: input.title, date: input.date, subText: input.subText };
    await saveMarque(tx, after);
    await recordAudit(tx, [{ actor, action: "update", entity: "setting", entityId: "banner", before, after }]);
  });
  return { message: MARQUE_SAVED };
}
