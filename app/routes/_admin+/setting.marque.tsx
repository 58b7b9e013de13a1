import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/schemas/parse";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { FormErrors, SubmitButton, TextField, TextareaField } from "~/components/ui/field";
import { istDateString } from "~/domain/dates";
import { latestBanner, saveBanner } from "~/services/settings.server";
import { marqueSchema } from "~/schemas/settings";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Marque Data — NSE Signals" }];

// The Marque Data modal of the settings page (role 1): the dashboard banner's title, date, subText.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const marque = await latestBanner(context);
  return json({ title: marque?.title ?? "", date: marque?.date ?? istDateString(new Date()), subText: marque?.subText ?? "" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  const submission = parseWithZod(await readForm(request), { schema: marqueSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { message } = await saveBanner(context, actor, submission.value);
  return redirectWithToast(context.cookies, request, "/setting", { type: "success", message });
}

export default function MarqueRoute() {
  const defaults = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { intent: "marque", ...defaults },
    ...checkOnSubmit(marqueSchema),
  });
  return (
    <RouteDialog title="Marque Data" closeTo="/setting">
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="marque" />
        <TextField label="Title" field={fields.title} autoComplete="off" />
        <TextField label="Date" field={fields.date} type="date" />
        <TextareaField label="Sub Text" field={fields.subText} rows={3} />
        <div>
          <SubmitButton pending={navigation.state === "submitting"}>Save</SubmitButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
