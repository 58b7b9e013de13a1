// The sector-analysis chart island: server-rendered SVG first (and without JavaScript), then the
// zoomable ApexCharts line once the library has loaded.
import { lazy, Suspense, useEffect, useState } from "react";
import { PercentageLineSvg, type PercentagePoint } from "./percentage-line-svg";

const PercentageLine = lazy(() => import("./percentage-line.client"));

export function PercentageLineChart({ points, title, dark, height = 400 }: { points: PercentagePoint[]; title: string; dark: boolean; height?: number }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const svg = <PercentageLineSvg points={points} title={title} height={height} />;
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900">
      {hydrated && points.length > 0 ? (
        <Suspense fallback={<div aria-busy="true"><p className="text-sm text-slate-500">Chart loading....</p>{svg}</div>}>
          <PercentageLine points={points} name={title} height={height} dark={dark} />
        </Suspense>
      ) : (
        svg
      )}
    </figure>
  );
}
