import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// The installable app's service worker (public/sw.js, docs/decisions/154): production builds
// only (in development it would answer stale build files over the rebuilt ones), and after the
// page has loaded so its first fetches never compete with the page's own.
if (process.env.NODE_ENV === "production" && "serviceWorker" in navigator) {
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => console.warn("[sw] registration failed:", error));
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
