// The Chavi Setting order: moving one key up or down, and checking a posted full order.

export { moveInOrder } from "./ordering";

/** A posted order is accepted only when it names every key exactly once. */
export function isCompleteOrder(posted: readonly number[], existing: readonly number[]): boolean {
  if (posted.length !== existing.length || new Set(posted).size !== posted.length) return false;
  const known = new Set(existing);
  return posted.every((id) => known.has(id));
}
