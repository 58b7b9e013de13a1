// When a chart's library is worth its bytes (docs/decisions/155): once the chart has come into
// view, or at the page's first pointer, touch or key press, whichever is first. Until then the
// server-drawn SVG is the chart, and a phone that never scrolls to it never downloads a library.
import { useEffect, useState, type RefObject } from "react";

/**
 * How far into the viewport (px) the chart's top must come: a strip at the bottom edge is not "in
 * view". The phone's compact shell (docs/decisions/147) leaves ~150 px of the dashboard's chart on
 * screen at first paint at 390 x 844; that strip does not fetch the library, a screenful does.
 */
export const IN_VIEW_MARGIN_PX = 240;

const FIRST_INTERACTION = ["pointerdown", "touchstart", "keydown", "wheel"] as const;

export function useWantedWhenSeen(target: RefObject<Element | null>): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const listen = { capture: true, passive: true } as const;
    for (const type of FIRST_INTERACTION) window.addEventListener(type, want, listen);
    let observer: IntersectionObserver | undefined;
    const element = target.current;
    if (!element || typeof IntersectionObserver === "undefined") want();
    else {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), { rootMargin: `0px 0px -${IN_VIEW_MARGIN_PX}px 0px` });
      observer.observe(element);
    }
    return () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, want, listen);
      observer?.disconnect();
    };
  }, [wanted, target]);
  return wanted;
}
