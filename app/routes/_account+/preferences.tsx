import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { optionalUser } from "~/auth/guards.server";
import { readPreferences, writePreferences } from "~/auth/preferences.server";
import { preferencesSchema } from "~/schemas/preferences";
import { rememberTheme } from "~/services/account-preferences.server";
import { readForm } from "~/schemas/request-input.server";

// Theme and sidebar switches post here: a plain form without JavaScript, a fetcher with it.
export async function loader(_args: LoaderFunctionArgs) {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await optionalUser(request, context);
  const parsed = preferencesSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return json({ message: "Unknown preference" }, { status: 400 });
  const prefs = await readPreferences(context.cookies, request);
  const input = parsed.data;
  if (input.intent === "theme") {
    prefs.theme = input.theme;
    if (user) await rememberTheme(context, user.id, input.theme);
  } else if (input.intent === "sidebarOpen") {
    prefs.sidebarOpen = input.value === "true";
  } else if (input.intent === "sidebarExpanded") {
    prefs.sidebarExpanded = input.value === "true";
  } else {
    prefs.chartTimeframe = input.value;
  }
  return redirect(input.redirectTo, { headers: { "Set-Cookie": await writePreferences(context.cookies, prefs) } });
}
