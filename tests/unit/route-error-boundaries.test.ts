// Every page route shows its own failure in its own place (issue 18, item 4): a route module
// that renders (has a default export) also exports the shared ErrorBoundary, so a new route
// cannot forget it. Resource routes (no default export) answer data and need none.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES = path.join(__dirname, "..", "..", "app", "routes");

describe("route error boundaries", () => {
  const files = fs.readdirSync(ROUTES).filter((f) => /\.tsx?$/.test(f));
  const pages = files.filter((f) => /^export default/m.test(fs.readFileSync(path.join(ROUTES, f), "utf8")));

  it("finds the page routes", () => {
    expect(pages.length).toBeGreaterThan(50);
  });

  it("every page route exports the shared ErrorBoundary", () => {
    const missing = pages.filter((f) => !/export \{ RouteErrorBoundary as ErrorBoundary \} from "~\/components\/route-error";/.test(fs.readFileSync(path.join(ROUTES, f), "utf8")));
    expect(missing).toEqual([]);
  });
});
