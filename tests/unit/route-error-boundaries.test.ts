// Every page route shows its own failure in its own place (issue 18, item 4): a route module
// that renders (has a default export) also exports the shared ErrorBoundary, so a new route
// cannot forget it. Resource routes (no default export) answer data and need none.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { routeFiles } from "../support/route-files";

describe("route error boundaries", () => {
  const pages = [...routeFiles().values()].filter((file) => /^export default/m.test(fs.readFileSync(file, "utf8")));

  it("finds the page routes", () => {
    expect(pages.length).toBeGreaterThan(50);
  });

  it("every page route exports the shared ErrorBoundary", () => {
    const missing = pages.filter((f) => !/export \{ RouteErrorBoundary as ErrorBoundary \} from "~\/components\/route-error";/.test(fs.readFileSync(f, "utf8")));
    expect(missing).toEqual([]);
  });
});
