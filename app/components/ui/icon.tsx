// An icon from the app's sprite (icons.svg, built from lucide's paths by `npm run icons`): the
// page carries a reference, not the drawing, and React builds two elements instead of the whole
// path tree (docs/decisions/165). Icons are decoration here: every control that shows one has
// its name in text or aria-label, so the icon is hidden from assistive technology.
import spriteHref from "./icons.svg";
import type { IconName } from "./icon-names";

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className ? `icon ${className}` : "icon"}>
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
