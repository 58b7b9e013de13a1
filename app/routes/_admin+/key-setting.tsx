import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireRole } from "~/auth/guards.server";
import { PageTitle, secondaryButtonClass } from "~/components/admin/admin-ui";
import { useHydrated } from "~/components/ui/use-hydrated";
import { SubmitButton } from "~/components/ui/field";
import { isCompleteOrder, moveInOrder } from "~/domain/key-order";
import { listChavisInOrder, saveChaviOrder } from "~/models/chavi-admin.server";
import { keyOrderSchema } from "~/schemas/chavi";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Chavi Setting — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const keys = await listChavisInOrder(context.db);
  return json({ keys: keys.map((k) => ({ id: k.id, name: k.name, displayName: k.displayName, type: k.type, srNo: k.srNo, isactive: k.isactive })) });
}

// Save Order (a full order, from the drag list) or one Up/Down move (without JavaScript).
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, [1]);
  const form = await readForm(request);
  const parsed = keyOrderSchema.safeParse({ intent: form.get("intent"), order: form.getAll("order"), id: form.get("id"), direction: form.get("direction") });
  const fail = (message: string) => redirectWithToast(context.cookies, request, "/key-setting", { type: "error", message });
  if (!parsed.success) return fail("Something went wrong");
  const current = (await listChavisInOrder(context.db)).map((k) => k.id);
  const next = parsed.data.intent === "move" ? moveInOrder(current, parsed.data.id, parsed.data.direction) : parsed.data.order;
  // A stale page (a key added or deleted meanwhile) must not drop keys from the order.
  if (!isCompleteOrder(next, current)) return fail("The key list changed meanwhile: reload and order again");
  await saveChaviOrder(context.db, next);
  return redirectWithToast(context.cookies, request, "/key-setting", { type: "success", message: "Key order saved successfully" });
}

type Key = ReturnType<typeof useLoaderData<typeof loader>>["keys"][number];

export default function KeySettingPage() {
  const { keys } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [order, setOrder] = useState<Key[]>(keys);
  const [dragged, setDragged] = useState<number | null>(null);
  useEffect(() => setOrder(keys), [keys]);
  const dropOn = (targetId: number) => {
    if (dragged === null || dragged === targetId) return;
    setOrder((prev) => {
      const from = prev.findIndex((k) => k.id === dragged);
      const to = prev.findIndex((k) => k.id === targetId);
      const next = [...prev];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved);
      return next;
    });
  };
  return (
    <section aria-labelledby="key-setting-title" className="max-w-2xl">
      <PageTitle id="key-setting-title" title="Chavi Setting" />
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {hydrated ? "Drag the keys into order, then Save Order. " : ""}The Up and Down buttons move one key and save at once.
      </p>
      <ol aria-label="Key order" className="flex flex-col gap-1">
        {order.map((k, index) => (
          <li
            key={k.id}
            data-key={k.name}
            draggable={hydrated}
            onDragStart={() => setDragged(k.id)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              dropOn(k.id);
              setDragged(null);
            }}
            className={`flex items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm dark:border-slate-800 dark:bg-slate-900 ${hydrated ? "cursor-move" : ""} ${dragged === k.id ? "opacity-50" : ""}`}
          >
            <span className="w-6 tabular-nums text-slate-500">{index + 1}</span>
            <span className="font-medium">{k.name}</span>
            <span className="text-slate-500">
              {k.displayName} · {k.type} · Sr No {k.srNo}
              {k.isactive ? "" : " · off"}
            </span>
            <span className="ml-auto flex gap-1">
              {(["up", "down"] as const).map((direction) => (
                <Form method="post" key={direction}>
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="id" value={k.id} />
                  <input type="hidden" name="direction" value={direction} />
                  <button
                    type="submit"
                    disabled={(direction === "up" && index === 0) || (direction === "down" && index === order.length - 1)}
                    aria-label={`Move ${k.name} ${direction}`}
                    className={`${secondaryButtonClass} px-2 py-0.5 disabled:opacity-40`}
                  >
                    {direction === "up" ? "↑ Up" : "↓ Down"}
                  </button>
                </Form>
              ))}
            </span>
          </li>
        ))}
      </ol>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="save-order" />
        {order.map((k) => (
          <input key={k.id} type="hidden" name="order" value={k.id} />
        ))}
        <SubmitButton pending={navigation.state === "submitting"}>Save Order</SubmitButton>
      </Form>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
