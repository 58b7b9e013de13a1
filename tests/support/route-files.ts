// The route modules by their flat-route name: app/routes/_admin+/users.$id.edit.tsx is
// "users.$id.edit". Route files sit in area folders (remix.config.js, remix-flat-routes) whose
// leading underscore keeps them out of the URL, so a name still reads as its path.
import fs from "node:fs";
import path from "node:path";

export const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");

/** Every route file: its flat-route name → its absolute path, sorted by name. */
export function routeFiles(): Map<string, string> {
  const found: [string, string][] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(entry.name)) found.push([entry.name.replace(/\.tsx?$/, ""), full]);
    }
  };
  visit(ROUTES_DIR);
  const names = found.map(([name]) => name);
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length > 0) throw new Error(`two route files share a name: ${twice.join(", ")}`);
  return new Map(found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The route file names, sorted. */
export const routeNames = (): string[] => [...routeFiles().keys()];

/** A module loader by flat-route name, from an import.meta.glob of app/routes/**. */
export function byRouteName<T>(modules: Record<string, () => Promise<T>>): Record<string, () => Promise<T>> {
  return Object.fromEntries(Object.entries(modules).map(([file, load]) => [path.basename(file).replace(/\.tsx?$/, ""), load]));
}
