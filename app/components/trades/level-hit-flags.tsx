// The SL/target watch's flags on a trade (docs/decisions/168): "SL hit 09:42:10 at 407.05",
// written by the server (levelHitFlags) so that the page shows them without JavaScript; the
// full IST date-time is the title.
import type { LevelHitFlagView } from "~/domain/trade-watch";

/**
 * `wrap`: in a tight table (the trade list at 1280 px, decision 150) a flag may break after its
 * time, "SL hit 09:42:10" over "at 407.05", rather than widen the Symbol column by its length.
 */
export function LevelHitFlags({ flags, className = "", wrap = false }: { flags: readonly LevelHitFlagView[]; className?: string; wrap?: boolean }) {
  if (flags.length === 0) return null;
  return (
    <span className={`flex flex-col items-start gap-0.5 ${className}`}>
      {flags.map((f) => (
        <span
          key={f.level}
          data-level-hit={f.level}
          title={`${f.text.split(" at ")[0]} — ${f.full} IST`}
          className={`${wrap ? "whitespace-normal text-[10px]" : "whitespace-nowrap text-[11px]"} rounded px-1 font-semibold ${
            f.level === "sl" ? "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200" : "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
          }`}
        >
          <time dateTime={f.at}>{wrap ? <WrappedText text={f.text} /> : f.text}</time>
        </span>
      ))}
    </span>
  );
}

/** "SL hit 09:42:10 at 407.05" that may break only before "at": two lines at most, each whole. */
function WrappedText({ text }: { text: string }) {
  const at = text.lastIndexOf(" at ");
  if (at < 0) return <>{text}</>;
  return (
    <>
      <span className="whitespace-nowrap">{text.slice(0, at)}</span> <span className="whitespace-nowrap">{text.slice(at + 1)}</span>
    </>
  );
}
