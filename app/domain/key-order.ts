// The Chavi Setting order: moving one key up or down, and checking a posted full order.

/** The ids with `id` moved one place up or down; unchanged at either end or when absent. */
export function moveInOrder(ids: readonly number[], id: number, direction: "up" | "down"): number[] {
  const next = [...ids];
  const i = next.indexOf(id);
  const j = direction === "up" ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= next.length) return next;
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** A posted order is accepted only when it names every key exactly once. */
export function isCompleteOrder(posted: readonly number[], existing: readonly number[]): boolean {
  if (posted.length !== existing.length || new Set(posted).size !== posted.length) return false;
  const known = new Set(existing);
  return posted.every((id) => known.has(id));
}
