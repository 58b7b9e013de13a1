// The page's classes for a green/red/neutral figure: the theme's AA tones of app/tailwind.css
// (docs/decisions/151), not the chart colours, which are drawn on a chart and never read as text.
import type { Tone } from "~/domain/targets";

/** Text (and an outline in the same tone). */
export const TONE_TEXT: Record<Tone, string> = {
  up: "text-up border-up",
  down: "text-down border-down",
  neutral: "text-muted border-slate-400",
};

/** A filled chip with white text. */
export const TONE_FILL: Record<Tone, string> = {
  up: "bg-up text-white",
  down: "bg-down text-white",
  neutral: "bg-slate-600 text-white",
};
