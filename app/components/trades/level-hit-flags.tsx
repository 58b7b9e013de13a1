// The SL/target watch's flags on a trade (docs/decisions/168): "SL hit 09:42:10 at 407.05",
// written by the server (levelHitFlags) so that the page shows them without JavaScript; the
// full IST date-time is the title.
import type { LevelHitFlagView } from "~/domain/trade-watch";

export function LevelHitFlags({ flags, className = "" }: { flags: readonly LevelHitFlagView[]; className?: string }) {
  if (flags.length === 0) return null;
  return (
    <span className={`flex flex-col items-start gap-0.5 ${className}`}>
      {flags.map((f) => (
        <span
          key={f.level}
          data-level-hit={f.level}
          title={`${f.text.split(" at ")[0]} — ${f.full} IST`}
          className={`whitespace-nowrap rounded px-1 text-[11px] font-semibold ${
            f.level === "sl" ? "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200" : "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
          }`}
        >
          <time dateTime={f.at}>{f.text}</time>
        </span>
      ))}
    </span>
  );
}
