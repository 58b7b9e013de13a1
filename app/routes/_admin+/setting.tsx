import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { forbidden, requireRouteAccess } from "~/auth/guards.server";
import { buttonClass, ListWithDialog, PageTitle, secondaryButtonClass } from "~/components/admin/admin-ui";
import { controlClass, FormErrors, SubmitButton } from "~/components/ui/field";
import { NumberField } from "~/components/ui/select-field";
import { canReach } from "~/domain/access";
import { formatIstDate } from "~/domain/dates";
import {
  CHART_COUNTS,
  CLOSE_ON_LEVEL_HIT_LABEL,
  CLOSE_ON_LEVEL_HIT_SETTING,
  INDICATOR_TOGGLES,
  parseStudies,
  settingPanelsFor,
  STUDY_NAMES,
  VIEW_CHART_MODES,
} from "~/domain/user-settings";
import type { Outcome } from "~/domain/outcome";
import { latestBanner, readSettings, saveIndicatorSetting, saveTradeSetting, saveViewSetting } from "~/services/settings.server";
import { readPreferences, writePreferences } from "~/auth/preferences.server";
import { INDICATOR_FIELD, indicatorSettingSchema, tradeSettingSchema, viewSettingSchema } from "~/schemas/settings";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";
import { pushSubscribeSchema, pushUnsubscribeSchema } from "~/schemas/push";
import { pushDeviceSettings, removePushSubscription, savePushSubscription } from "~/services/push.server";
import { PushOptIn } from "~/components/notifications/push-opt-in";

export const meta: MetaFunction = () => [{ title: "Settings — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const panels = settingPanelsFor(user.roleId);
  const settings = await readSettings(context, user);
  const marque = panels.admin ? await latestBanner(context) : null;
  return json({
    push: await pushDeviceSettings(context, user),
    panels,
    // The access table decides whether the My Account link is shown (never a link the role may not follow).
    canOpenAccount: canReach(user.roleId, "/settings/account"),
    settings,
    studies: parseStudies(settings.studies),
    marque: marque ? { ...marque, shownDate: marque.date ? formatIstDate(new Date(`${marque.date}T12:00:00Z`)) : null } : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  // A setting of a panel the role does not see is refused by the service (403).
  const saved = (outcome: Outcome<{ message: string }>, headers?: HeadersInit) => {
    if (!outcome.ok) forbidden(outcome.problem.message);
    return redirectWithToast(context.cookies, request, "/setting", { type: "success", message: outcome.value.message }, { headers });
  };

  // The device opt-in for Web Push, posted by the page's script (docs/decisions/153): a JSON
  // answer, since there is no page to redirect to without JavaScript.
  if (intent === "push-subscribe" || intent === "push-unsubscribe") {
    const submission = parseWithZod(formData, { schema: intent === "push-subscribe" ? pushSubscribeSchema : pushUnsubscribeSchema });
    if (submission.status !== "success") {
      const message = Object.values(submission.error ?? {}).flat().find(Boolean) ?? "Something went wrong";
      return json({ intent, ok: false as const, message }, { status: 400 });
    }
    const value = submission.value;
    const outcome =
      value.intent === "push-subscribe"
        ? await savePushSubscription(context, user, value, request.headers.get("user-agent") ?? "")
        : await removePushSubscription(context, user, value.endpoint);
    if (!outcome.ok) return json({ intent, ok: false as const, message: outcome.problem.message }, { status: outcome.problem.status });
    return json({ intent, ok: true as const, message: outcome.value.message });
  }
  if (intent === "view") {
    const submission = parseWithZod(formData, { schema: viewSettingSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    const outcome = await saveViewSetting(context, user, submission.value);
    if (!outcome.ok) forbidden(outcome.problem.message);
    // The page is rendered with the theme cookie: switch it now, not at the next sign-in.
    const prefs = await readPreferences(context.cookies, request);
    return saved(outcome, { "Set-Cookie": await writePreferences(context.cookies, { ...prefs, theme: submission.value.theme }) });
  }
  if (intent === "trade") {
    const submission = parseWithZod(formData, { schema: tradeSettingSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    return saved(await saveTradeSetting(context, user, submission.value));
  }
  if (intent === "indicator") {
    const submission = parseWithZod(formData, { schema: indicatorSettingSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    return saved(await saveIndicatorSetting(context, user, submission.value));
  }
  return redirectWithToast(context.cookies, request, "/setting", { type: "error", message: "Something went wrong" });
}

export default function SettingsPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const { settings, panels } = data;
  return (
    <ListWithDialog>
      <section aria-labelledby="settings-title" className="flex max-w-3xl flex-col gap-6">
        <PageTitle
          id="settings-title"
          title="Settings"
          action={
            <span className="flex gap-2">
              {data.canOpenAccount ? <Link to="/settings/account" className={secondaryButtonClass}>My Account</Link> : null}
              <Link to="/settings/security" className={secondaryButtonClass}>Password and sessions</Link>
            </span>
          }
        />

        <Panel id="view-setting" title="View Setting">
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="view" />
            <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <legend className="mb-1 font-medium">Theme</legend>
              {(["light", "dark"] as const).map((t) => (
                <label key={t} className="flex items-center gap-1.5">
                  <input type="radio" name="theme" value={t} defaultChecked={settings.Theme === t} required />
                  {t === "light" ? "Light" : "Dark"}
                </label>
              ))}
            </fieldset>
            {panels.viewChart ? (
              <label className="flex flex-col gap-1 text-sm font-medium">
                Chart mode (viewChart)
                <select name="viewChart" defaultValue={settings.viewChart} className={controlClass}>
                  {VIEW_CHART_MODES.map((m) => (
                    <option key={m} value={m}>
                      {m === "normal" ? "Normal" : "Advance"}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {panels.chartCount ? (
              <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <legend className="mb-1 font-medium">Charts</legend>
                {CHART_COUNTS.map((c) => (
                  <label key={c} className="flex items-center gap-1.5">
                    <input type="radio" name="chart" value={c} defaultChecked={settings.chart === c} />
                    {c} {c === "1" ? "chart" : "charts"}
                  </label>
                ))}
              </fieldset>
            ) : null}
            <div>
              <SubmitButton pending={pending("view")}>Save View Setting</SubmitButton>
            </div>
          </Form>
        </Panel>

        {panels.trade ? (
          <Panel id="trade-setting" title="Trade Setting">
            <TradeSettingForm
              key={answer && answer.intent === "trade" ? "answered" : settings.tradeSeconds}
              tradeSeconds={settings.tradeSeconds}
              closeTradeOnHit={settings[CLOSE_ON_LEVEL_HIT_SETTING] === "true"}
              lastResult={answer && "result" in answer && answer.intent === "trade" ? answer.result : undefined}
              pending={pending("trade")}
            />
          </Panel>
        ) : null}

        <Panel id="push-setting" title="Notifications on this device">
          <PushOptIn publicKey={data.push.publicKey} devices={data.push.devices} />
        </Panel>

        {panels.admin ? (
          <>
            <Panel id="indicator-setting" title="Indicator setting">
              <Form method="post" className="flex flex-col gap-3">
                <input type="hidden" name="intent" value="indicator" />
                <fieldset className="flex flex-wrap gap-4 text-sm">
                  <legend className="mb-1 font-medium">Lines and markers</legend>
                  {INDICATOR_TOGGLES.map((name) => (
                    <label key={name} className="flex items-center gap-1.5">
                      <input type="checkbox" name={INDICATOR_FIELD[name]} defaultChecked={settings[name] === "true"} role="switch" />
                      {name}
                    </label>
                  ))}
                </fieldset>
                <fieldset className="flex flex-wrap gap-4 text-sm">
                  <legend className="mb-1 font-medium">Studies</legend>
                  {STUDY_NAMES.map((name) => (
                    <label key={name} className="flex items-center gap-1.5">
                      <input type="checkbox" name="studies" value={name} defaultChecked={data.studies.includes(name)} />
                      {name}
                    </label>
                  ))}
                </fieldset>
                <div>
                  <SubmitButton pending={pending("indicator")}>Save Indicator setting</SubmitButton>
                </div>
              </Form>
            </Panel>

            <Panel id="admin-tools" title="Admin tools">
              <div className="flex flex-wrap items-start gap-6">
                <Form method="post" action="/dayohlc/open" className="flex flex-col gap-1">
                  <input type="hidden" name="redirectTo" value="/setting" />
                  <button type="submit" className={buttonClass}>
                    Save Symbol&apos;s Open Data
                  </button>
                  <span className="text-xs text-muted">Stores today&apos;s open of every symbol from its first 1-minute candle.</span>
                </Form>
                <div className="flex flex-col gap-1">
                  <Link to="/setting/marque" className={secondaryButtonClass}>
                    Marque Data
                  </Link>
                  {data.marque ? (
                    <span className="text-xs text-muted" data-testid="current-marque">
                      Now showing: {data.marque.title}
                      {data.marque.shownDate ? ` (${data.marque.shownDate})` : ""}
                    </span>
                  ) : (
                    <span className="text-xs text-muted">No banner yet.</span>
                  )}
                </div>
              </div>
            </Panel>
          </>
        ) : null}
      </section>
    </ListWithDialog>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function TradeSettingForm({
  tradeSeconds,
  closeTradeOnHit,
  lastResult,
  pending,
}: {
  tradeSeconds: string;
  closeTradeOnHit: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  pending: boolean;
}) {
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { tradeSeconds },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: tradeSettingSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-3">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="trade" />
      <NumberField label="Trade refresh time (tradeSeconds)" field={fields.tradeSeconds} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="closeTradeOnHit" defaultChecked={closeTradeOnHit} className="mt-0.5 h-4 w-4" />
        <span>
          {CLOSE_ON_LEVEL_HIT_LABEL}
          <span className="block text-xs text-muted">At the price that reached it; the trade&apos;s PNL stays at that price.</span>
        </span>
      </label>
      <div>
        <SubmitButton pending={pending}>Save Trade Setting</SubmitButton>
      </div>
    </Form>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
