// The installable app's service worker (docs/decisions/154, 153). Served with no-cache from
// /sw.js (server.ts) so a new version is picked up at the next visit.
//
// Caching: the hashed build files (/build/*) and the icons are kept and answered from the
// cache first. Pages are never cached: a page shows prices, and a stored one would show old
// prices as if live. A page that cannot be reached answers the offline page, which says so.
// Everything else (loader data, the JSON API, the socket) goes to the network untouched.
//
// Push: shows the notification the server sent (title, body, url) and opens the url on a click.

const VERSION = "v1";
const SHELL_CACHE = `shell-${VERSION}`;
const ASSET_CACHE = `assets-${VERSION}`;
const OFFLINE_URL = "/offline.html";
const SHELL_FILES = [OFFLINE_URL, "/manifest.webmanifest", "/favicon.svg", "/icons/icon-192.png", "/icons/icon-512.png"];
// Hashed files of past deployments pile up; the oldest go past this many.
const MAX_ASSETS = 150;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== SHELL_CACHE && n !== ASSET_CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate") {
    event.respondWith(pageOrOffline(request));
    return;
  }
  if (url.pathname.startsWith("/build/")) {
    event.respondWith(cacheFirst(request, ASSET_CACHE));
    return;
  }
  if (SHELL_FILES.includes(url.pathname) || url.pathname.startsWith("/icons/")) {
    event.respondWith(cacheFirst(request, SHELL_CACHE));
    return;
  }
  // A client-side navigation asks for the next page's data (?_data=…). Offline, the answer is
  // Remix's "reload the document there", and that document load gets the offline page.
  if (url.searchParams.has("_data")) {
    event.respondWith(dataOrReload(request, url));
  }
});

async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch {
    const offline = await caches.match(OFFLINE_URL);
    return offline ?? new Response("You are offline — prices are not live", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

async function dataOrReload(request, url) {
  try {
    return await fetch(request);
  } catch {
    url.searchParams.delete("_data");
    url.searchParams.delete("index");
    return new Response(null, { status: 204, headers: { "X-Remix-Redirect": url.pathname + url.search, "X-Remix-Reload-Document": "true" } });
  }
}

async function cacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    if (cacheName === ASSET_CACHE) await trim(cache);
  }
  return response;
}

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}

self.addEventListener("push", (event) => {
  event.waitUntil(showPush(event));
});

async function showPush(event) {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  // The server pushes only to users with no tab open (docs/decisions/153); a tab opened since
  // and in front of the user already shows the news live.
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  if (windows.some((w) => w.focused && w.visibilityState === "visible")) return;
  await self.registration.showNotification(typeof data.title === "string" ? data.title : "NSE Signals", {
    body: typeof data.body === "string" ? data.body : "",
    tag: typeof data.tag === "string" ? data.tag : undefined,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url: safePath(data.url) },
  });
}

// Only a path of this site is opened: never another origin named in a payload.
function safePath(value) {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : "/dashboard";
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(safePath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (open.url !== target && "navigate" in open) await open.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
