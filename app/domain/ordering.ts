// Reordering a list by buttons (the no-JavaScript way to move a key or a watchlist).

/** The ids with `id` moved one place up or down; unchanged at either end or when absent. */
export function moveInOrder(ids: readonly number[], id: number, direction: "up" | "down"): number[] {
  const next = [...ids];
  const i = next.indexOf(id);
  const j = direction === "up" ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= next.length) return next;
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}
