// A user's settings (user_settings rows) read as one record, and the banner (marquee).
import { desc, eq, inArray, and } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { marquee, userSettings } from "~/db/schema";
import { SETTING_DEFAULTS } from "~/domain/user-settings";

/** Every setting of the user, defaults filled in for the ones never saved. */
export async function readUserSettings(db: AppDatabase, userId: number): Promise<Record<string, string>> {
  return userSettingsRecord(await userSettingsQuery(db, userId));
}

/** The user's saved settings as rows, to embed in another statement. */
export function userSettingsQuery(db: AppDatabase, userId: number) {
  return db
    .select({ name: userSettings.name, value: userSettings.value })
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), inArray(userSettings.name, Object.keys(SETTING_DEFAULTS))));
}

/** userSettingsQuery's rows as every setting, defaults filled in for the ones never saved. */
export function userSettingsRecord(rows: readonly { name: string; value: string }[]): Record<string, string> {
  return { ...SETTING_DEFAULTS, ...Object.fromEntries(rows.map((r) => [r.name, r.value])) };
}

/**
 * Every setting of the user as rows (the documents' Setting: id, name, value), in the defaults'
 * order; a setting never saved has its default value and no id (null).
 */
export async function readUserSettingRows(db: AppDatabase, userId: number): Promise<{ id: number | null; name: string; value: string }[]> {
  const rows = await db
    .select({ id: userSettings.id, name: userSettings.name, value: userSettings.value })
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), inArray(userSettings.name, Object.keys(SETTING_DEFAULTS))));
  const saved = new Map(rows.map((r) => [r.name, r]));
  return Object.entries(SETTING_DEFAULTS).map(([name, value]) => saved.get(name) ?? { id: null, name, value });
}

/** Several settings of one user in one transaction. */
export async function saveUserSettings(db: AppDatabase, userId: number, values: Record<string, string>): Promise<void> {
  const entries = Object.entries(values);
  if (entries.length === 0) return;
  await db.transaction(async (tx) => {
    for (const [name, value] of entries) {
      await tx
        .insert(userSettings)
        .values({ userId, name, value })
        .onConflictDoUpdate({ target: [userSettings.userId, userSettings.name], set: { value, updatedAt: new Date() } });
    }
  });
}

export interface Marque {
  title: string;
  date: string | null;
  subText: string;
}

/** The banner the dashboard shows: the latest saved one, as a row (none: no banner). */
export function latestMarqueQuery(db: AppDatabase) {
  return db.select({ title: marquee.title, date: marquee.date, subText: marquee.subText }).from(marquee).orderBy(desc(marquee.id)).limit(1);
}

/** The banner the dashboard shows: the latest saved one. */
export async function getLatestMarque(db: AppDatabase): Promise<Marque | null> {
  const [row] = await latestMarqueQuery(db);
  return row ?? null;
}

/** The documents post a one-element array: one banner at a time, so the table keeps one row. */
export async function saveMarque(db: AppDatabase, input: { title: string; date: string; subText: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(marquee);
    await tx.insert(marquee).values(input);
  });
}
