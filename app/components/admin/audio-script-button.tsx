// The Audio Script play button: reads the script in hi-IN where a voice exists, otherwise logs
// and does nothing (it is a type="button": without JavaScript it does nothing either).
import { Icon } from "~/components/ui/icon";
import { speakHindi } from "~/domain/speech";

export function AudioScriptButton({ script, symbolCode }: { script: string; symbolCode: string }) {
  if (!script.trim()) return <span className="text-muted">—</span>;
  return (
    <button
      type="button"
      onClick={() => speakHindi(script)}
      title={script}
      aria-label={`Play audio script of ${symbolCode}`}
      className="inline-flex items-center gap-1 rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
    >
      <Icon name="play" className="h-3 w-3" />
      Play
    </button>
  );
}
