import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { PageTitle } from "~/components/admin/admin-ui";
import { KeyOrderList } from "~/components/admin/key-order-list";
import { keyOrderSchema } from "~/schemas/chavi";
import { listKeysInOrder, saveKeyOrder } from "~/services/keys.server";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Chavi Setting — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const keys = await listKeysInOrder(context);
  return json({ keys: keys.map((k) => ({ id: k.id, name: k.name, displayName: k.displayName, type: k.type, srNo: k.srNo, isactive: k.isactive })) });
}

// Save Order (a full order, from the drag list) or one Up/Down move (without JavaScript).
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, [1]);
  const form = await readForm(request);
  const parsed = keyOrderSchema.safeParse({ intent: form.get("intent"), order: form.getAll("order"), id: form.get("id"), direction: form.get("direction") });
  if (!parsed.success) return redirectWithToast(context.cookies, request, "/key-setting", { type: "error", message: "Something went wrong" });
  const outcome = await saveKeyOrder(context, parsed.data);
  return redirectWithToast(context.cookies, request, "/key-setting", outcome.ok ? { type: "success", message: outcome.value.message } : { type: "error", message: outcome.problem.message });
}

export default function KeySettingPage() {
  const { keys } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <section aria-labelledby="key-setting-title" className="max-w-2xl">
      <PageTitle id="key-setting-title" title="Chavi Setting" />
      <KeyOrderList keys={keys} pending={navigation.state === "submitting"} />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
