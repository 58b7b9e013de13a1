// True once the page's JavaScript has taken over (false in the server's HTML and the first
// client render): what decides between the no-JavaScript form of a control and its richer one.
// A component mounted after hydration (a dialog route opened by a link) is true from its first
// render, so it never shows its no-JavaScript form for a frame.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
