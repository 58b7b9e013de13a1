import { useLayoutEffect, useState, type RefObject } from "react";

/**
 * The width of `box` in whole px, kept up to date as the box is resized (a window resize, the
 * sidebar, a phone turned); `initial` until the box is laid out. Measured before the first paint,
 * so what is drawn from it is drawn once at the right width.
 */
export function useBoxWidth(box: RefObject<HTMLElement | null>, initial: number): number {
  const [width, setWidth] = useState(initial);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const keep = (measured: number) => {
      const rounded = Math.round(measured);
      if (rounded > 0) setWidth(rounded);
    };
    keep(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) keep(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return width;
}
