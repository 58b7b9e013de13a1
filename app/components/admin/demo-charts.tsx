// Server-rendered SVG charts for the static demo pages (no chart library, no data calls).

export interface Slice {
  label: string;
  value: number;
  colour: string;
}

export function PieChart({ title, slices }: { title: string; slices: Slice[] }) {
  const total = slices.reduce((s, x) => s + x.value, 0);
  let angle = -Math.PI / 2;
  const paths = slices.map((slice) => {
    const sweep = (slice.value / total) * Math.PI * 2;
    const [x1, y1] = [50 + 40 * Math.cos(angle), 50 + 40 * Math.sin(angle)];
    angle += sweep;
    const [x2, y2] = [50 + 40 * Math.cos(angle), 50 + 40 * Math.sin(angle)];
    const large = sweep > Math.PI ? 1 : 0;
    return { ...slice, d: `M50,50 L${x1.toFixed(2)},${y1.toFixed(2)} A40,40 0 ${large} 1 ${x2.toFixed(2)},${y2.toFixed(2)} Z` };
  });
  return (
    <figure className="flex flex-col items-center gap-2 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <svg viewBox="0 0 100 100" className="h-40 w-40" role="img" aria-label={`${title}: ${slices.map((s) => `${s.label} ${s.value}`).join(", ")}`}>
        {paths.map((p) => (
          <path key={p.label} d={p.d} fill={p.colour} />
        ))}
      </svg>
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <ul className="flex flex-wrap justify-center gap-2 text-xs">
        {slices.map((s) => (
          <li key={s.label} className="flex items-center gap-1">
            <span className="inline-block h-2 w-2 rounded-full" style={{ background: s.colour }} />
            {s.label} ({Math.round((s.value / total) * 100)}%)
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** A baseline chart: values above the baseline green, below red. */
export function BaselineChart({ title, points, baseline }: { title: string; points: { label: string; value: number }[]; baseline: number }) {
  const values = points.map((p) => p.value);
  const min = Math.min(baseline, ...values);
  const max = Math.max(baseline, ...values);
  const y = (v: number) => 90 - ((v - min) / (max - min || 1)) * 80;
  const x = (i: number) => 5 + (i / Math.max(1, points.length - 1)) * 190;
  const line = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <figcaption className="mb-2 font-medium">{title}</figcaption>
      <svg viewBox="0 0 200 100" className="h-56 w-full" role="img" aria-label={`${title} over ${points.length} days`}>
        <line x1="0" x2="200" y1={y(baseline)} y2={y(baseline)} stroke="#94a3b8" strokeDasharray="3 2" strokeWidth="0.5" />
        <path d={line} fill="none" stroke="#2563eb" strokeWidth="1" />
        {points.map((p, i) => (
          <circle key={p.label} cx={x(i)} cy={y(p.value)} r="1.4" fill={p.value >= baseline ? "#26a69a" : "#ef5350"} />
        ))}
      </svg>
    </figure>
  );
}
