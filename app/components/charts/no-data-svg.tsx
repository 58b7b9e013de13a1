// What a server-drawn chart shows when it has nothing to draw: an SVG of the chart's own size,
// so the page does not jump when data arrives.
export function NoDataSvg({ title, width, height, chart }: { title: string; width: number; height: number; chart?: string }) {
  return (
    <svg role="img" aria-label={`${title}: no data`} viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" data-chart={chart}>
      <text x={width / 2} y={height / 2} textAnchor="middle" className="fill-slate-500 text-sm">
        No Data Found
      </text>
    </svg>
  );
}
