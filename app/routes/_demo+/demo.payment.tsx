import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useSearchParams } from "@remix-run/react";
import { demoLoader } from "~/auth/demo-guard.server";
import { buttonClass, PageTitle } from "~/components/admin/admin-ui";
import { controlClass } from "~/components/ui/field";

export const meta: MetaFunction = () => [{ title: "Payment demo — NSE Signals" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => demoLoader(request, context);

// A static payment form (docs/product-rules.md R-TD2 Demo pages): the button submits nowhere.
export default function PaymentDemo() {
  const [params] = useSearchParams();
  const tab = params.get("tab") === "paypal" ? "paypal" : "card";
  return (
    <section aria-labelledby="payment-title" className="max-w-md">
      <PageTitle id="payment-title" title="Payment demo" />
      <nav aria-label="Payment method" className="mb-4 flex gap-2">
        {(["card", "paypal"] as const).map((t) => (
          <Link key={t} to={t === "card" ? "?" : "?tab=paypal"} aria-current={tab === t ? "page" : undefined} className={`rounded-md px-3 py-1.5 text-sm font-medium ${tab === t ? "bg-blue-600 text-white" : "border border-slate-300 dark:border-slate-700"}`}>
            {t === "card" ? "Card" : "PayPal"}
          </Link>
        ))}
      </nav>
      {tab === "card" ? (
        <form className="flex flex-col gap-3" onSubmit={(e) => e.preventDefault()} action="#" aria-describedby="payment-note">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Name on card
            <input className={controlClass} autoComplete="off" />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Card number
            <input className={controlClass} inputMode="numeric" placeholder="4242 4242 4242 4242" autoComplete="off" />
          </label>
          <div className="flex gap-3">
            <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
              Expiry
              <input className={controlClass} placeholder="MM/YY" autoComplete="off" />
            </label>
            <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
              CVC
              <input className={controlClass} inputMode="numeric" autoComplete="off" />
            </label>
          </div>
          <button type="button" className={buttonClass}>
            Pay $253.00
          </button>
        </form>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm">You would be sent to PayPal to finish paying.</p>
          <button type="button" className={buttonClass}>
            Pay $253.00
          </button>
        </div>
      )}
      <p id="payment-note" className="mt-3 text-xs text-muted">
        A demo: no payment is taken.
      </p>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
