// The shell's data (app/root.tsx's loader, built by services/shell.server.ts) as components read
// it: the theme and, for a signed-in user, the shell. Typed here, so that a component never
// imports a route module for a type.
import { useRouteLoaderData } from "@remix-run/react";
import type { ShellData } from "./app-shell";

export interface RootData {
  theme: string;
  shell: ShellData | null;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
