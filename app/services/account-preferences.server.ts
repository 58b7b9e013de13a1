// One's own display choices that follow the account, not just the browser's cookie.
import type { AppContext } from "~/config/context";
import { setUserSetting } from "~/models/user.server";

/** The theme is also the user's Theme setting, so it follows them to another browser. */
export async function rememberTheme(context: Pick<AppContext, "db">, userId: number, theme: "light" | "dark"): Promise<void> {
  await setUserSetting(context.db, userId, "Theme", theme);
}
