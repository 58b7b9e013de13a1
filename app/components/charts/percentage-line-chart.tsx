// The sector-analysis chart island: server-rendered SVG first (and without JavaScript), then the
// zoomable ApexCharts line once the chart is in view or the page is first touched and the library
// has loaded (docs/decisions/155).
import { lazy, Suspense, useRef } from "react";
import { PercentageLineSvg, type PercentagePoint } from "./percentage-line-svg";
import { useWantedWhenSeen } from "./use-wanted-when-seen";

const PercentageLine = lazy(() => import("./percentage-line.client"));

export function PercentageLineChart({ points, title, dark, height = 400 }: { points: PercentagePoint[]; title: string; dark: boolean; height?: number }) {
  const figure = useRef<HTMLElement>(null);
  const wanted = useWantedWhenSeen(figure);
  const svg = <PercentageLineSvg points={points} title={title} height={height} />;
  return (
    <figure ref={figure} className="rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900">
      {wanted && points.length > 0 ? (
        <Suspense fallback={<div aria-busy="true"><p className="text-sm text-slate-500">Chart loading....</p>{svg}</div>}>
          <PercentageLine points={points} name={title} height={height} dark={dark} />
        </Suspense>
      ) : (
        svg
      )}
    </figure>
  );
}
