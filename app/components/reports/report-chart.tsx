// A report chart: a server-rendered SVG bar chart and a data table (works without JavaScript),
// then the ApexCharts bar chart once the browser has hydrated, loaded lazily so no other page
// pays for the library.
import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatNumber } from "~/domain/format";
import type { BarSeries } from "~/components/charts/apex-bars.client";

const ApexBars = lazy(() => import("~/components/charts/apex-bars.client"));

/** A chart's figures: counts as numbers, money as exact decimal text (docs/decisions/118). */
export interface ReportSeries {
  name: string;
  data: (number | string)[];
}

export function ReportChart({
  id,
  title,
  categories,
  series: figures,
  decimals = 2,
  stacked,
  children,
}: {
  id: string;
  title: string;
  categories: string[];
  series: ReportSeries[];
  decimals?: number;
  stacked?: boolean;
  /** Controls shown above the chart (its own date filter). */
  children?: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const empty = categories.length === 0;
  // Bars are drawn from numbers (a pixel does not need the last paisa); the table shows the exact figures.
  const series: BarSeries[] = figures.map((s) => ({ name: s.name, data: s.data.map(Number) }));
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
      <h2 id={id} className="mb-2 font-semibold">
        {title}
      </h2>
      {children}
      {empty ? (
        <p className="text-sm text-muted">No Data Found</p>
      ) : hydrated ? (
        // Clipped sideways, as the candle charts are (docs/decisions/147): ApexCharts sizes itself
        // to the width it measured first, which at 360 px was 5 px more than the card had.
        <div className="max-w-full overflow-x-clip">
          <Suspense fallback={<BarsSvg title={title} categories={categories} series={series} />}>
            <ApexBars categories={categories} series={series} height={260} stacked={stacked} />
          </Suspense>
        </div>
      ) : (
        <BarsSvg title={title} categories={categories} series={series} />
      )}
      {empty ? null : (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-600 dark:text-slate-300">Data of {title}</summary>
          <table className="mt-1 w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 text-left">
                  &nbsp;
                </th>
                {series.map((s) => (
                  <th key={s.name} scope="col" className="px-2 text-right">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {categories.map((c, i) => (
                <tr key={c}>
                  <th scope="row" className="px-2 text-left font-normal">
                    {c}
                  </th>
                  {figures.map((s) => (
                    <td key={s.name} className="px-2 text-right tabular-nums">
                      {formatNumber(s.data[i] ?? 0, decimals)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}

const COLOURS = ["#2563eb", "#16a34a", "#f59e0b", "#9333ea", "#0891b2", "#db2777"];

/** Grouped bars around a zero line: positive up, negative (losses) down in red. */
function BarsSvg({ title, categories, series }: { title: string; categories: string[]; series: BarSeries[] }) {
  const values = series.flatMap((s) => s.data);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const height = 160;
  const zero = 10 + (max / span) * (height - 20);
  const groupWidth = 300 / Math.max(1, categories.length);
  const barWidth = (groupWidth * 0.8) / Math.max(1, series.length);
  return (
    <svg viewBox={`0 0 300 ${height + 30}`} className="h-64 w-full" role="img" aria-label={`${title}: ${categories.length} bars`}>
      <line x1="0" x2="300" y1={zero} y2={zero} stroke="#94a3b8" strokeWidth="0.5" />
      {categories.map((c, i) =>
        series.map((s, k) => {
          const v = s.data[i] ?? 0;
          const h = (Math.abs(v) / span) * (height - 20);
          const x = i * groupWidth + groupWidth * 0.1 + k * barWidth;
          return (
            <rect key={`${c}-${s.name}`} x={x} y={v >= 0 ? zero - h : zero} width={Math.max(0.5, barWidth - 0.5)} height={Math.max(0.3, h)} fill={v < 0 ? "#ef5350" : COLOURS[k % COLOURS.length]}>
              <title>{`${c} ${s.name}: ${formatNumber(v)}`}</title>
            </rect>
          );
        }),
      )}
      {categories.length <= 12
        ? categories.map((c, i) => (
            <text key={c} x={i * groupWidth + groupWidth / 2} y={height + 20} fontSize="7" textAnchor="middle" fill="currentColor">
              {c.length > 12 ? `${c.slice(0, 11)}…` : c}
            </text>
          ))
        : null}
    </svg>
  );
}
