// Reloads the page's data for a live event or a timer, but never while a navigation, a form
// submission or another reload is in flight. A reload started then cancels the submission's own
// reload after the server has already handed that one the flashed toast (app/auth/toast.server.ts
// takes it once), so "Conversation marked resolved" was never shown. A reload asked for meanwhile
// runs once, when everything has settled.
import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

export function useSettledRevalidate(): () => void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  // Read by the returned function, which stays the same across renders (socket listeners keep it).
  const latest = useRef({ busy, revalidate: revalidator.revalidate });
  latest.current = { busy, revalidate: revalidator.revalidate };
  const [owed, setOwed] = useState(false);
  useEffect(() => {
    if (!owed || busy) return;
    setOwed(false);
    latest.current.revalidate();
  }, [owed, busy]);
  return useCallback(() => {
    if (latest.current.busy) setOwed(true);
    else latest.current.revalidate();
  }, []);
}
