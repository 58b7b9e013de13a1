import { Form } from "@remix-run/react";
import { controlClass } from "~/components/ui/field";
import { secondaryButtonClass } from "./admin-ui";

export function DateRangeForm({ from, to }: { from: string; to: string }) {
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" aria-label="Date range">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Start Date
        <input type="date" name="from" defaultValue={from} max={to} className={controlClass} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        End Date
        <input type="date" name="to" defaultValue={to} min={from} className={controlClass} />
      </label>
      <button type="submit" className={secondaryButtonClass}>
        Apply
      </button>
    </Form>
  );
}
