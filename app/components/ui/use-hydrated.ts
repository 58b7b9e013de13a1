// True once the page's JavaScript has taken over (false in the server's HTML and the first
// client render): what decides between the no-JavaScript form of a control and its richer one.
import { useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
