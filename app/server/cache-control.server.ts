// What the app answers (pages, ?_data requests, resource routes, the JSON API) is built for one
// signed-in person, so no shared cache may keep it and no browser may store it (a page left open
// on a shared machine must not come back from the cache after sign-out) (docs/decisions/117).
// An answer that says otherwise keeps its own (the chart data's short private max-age). Static
// files are answered before this and keep their long-lived caching.
import type { RequestHandler, Response as ExpressResponse } from "express";

export const PRIVATE_NO_STORE = "private, no-store";

/** Sets `Cache-Control: private, no-store` on every answer that has none when its head is written. */
export function privateByDefault(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ExpressResponse, ...args: unknown[]) {
      if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", PRIVATE_NO_STORE);
      return (writeHead as (...a: unknown[]) => ExpressResponse).apply(this, args);
    } as ExpressResponse["writeHead"];
    next();
  };
}
