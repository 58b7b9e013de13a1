import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { FormErrors, SubmitButton } from "~/components/ui/field";
import { NumberField, SelectField } from "~/components/ui/select-field";
import { applyBonusSplit, listBonusSplitSymbols } from "~/services/price-adjustments.server";
import { BONUS_OPERATIONS, bonusSplitSchema } from "~/schemas/bonus-split";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Bonus Splitting — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json({ symbols: await listBonusSplitSymbols(context) });
}

// A POST, never a GET (docs/product-rules.md R-D24): the documents' GET admin/dayohlc/list/{symbolId}/{number}/{operation}.
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, [1]);
  const submission = parseWithZod(await readForm(request), { schema: bonusSplitSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const applied = await applyBonusSplit(context, submission.value);
  if (!applied.ok) return json(replyWithProblem(submission, applied.problem), { status: applied.problem.status });
  return redirectWithToast(context.cookies, request, "/BonusSplitting", { type: "success", message: applied.value.message });
}

export default function BonusSplittingPage() {
  const { symbols } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const location = useLocation();
  // After a split (a redirect back here) the form starts empty, so a second click cannot repeat it.
  return <BonusSplitForm key={lastResult ? "answered" : location.key} symbols={symbols} lastResult={lastResult} />;
}

function BonusSplitForm({
  symbols,
  lastResult,
}: {
  symbols: { id: number; symbolCode: string }[];
  lastResult: ReturnType<typeof useActionData<typeof action>>;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bonusSplitSchema }),
  });
  return (
    <section aria-labelledby="bonus-title" className="max-w-lg">
      <h1 id="bonus-title" className="mb-1 text-xl font-semibold">
        Bonus Splitting
      </h1>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        Multiplies or divides every stored daily and 1-minute price of one symbol, for a bonus issue or a split.
      </p>
      {/* The documents' messages come from the server (and from Conform once JavaScript runs), not from the browser's own checks. */}
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField
          label="Symbol"
          field={fields.symbolId}
          placeholder="Select script"
          options={symbols.map((s) => ({ value: String(s.id), label: s.symbolCode }))}
        />
        <NumberField label="Number" field={fields.number} />
        <SelectField
          label="Operation"
          field={fields.operation}
          placeholder="Select operation"
          options={BONUS_OPERATIONS.map((o) => ({ value: o, label: o }))}
        />
        <SubmitButton pending={navigation.state === "submitting"}>Split Bonus</SubmitButton>
      </Form>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
