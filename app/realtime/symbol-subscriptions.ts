// Counted symbol subscriptions of one socket. The server keeps one set of symbols per socket,
// so a component that unsubscribes on unmount would remove a symbol another mounted component
// (the top bar's NIFTY ticker) still shows. Each mounted user holds a count; the server hears
// SubAdd when a symbol's first user arrives and SubRemove only when its last user leaves.
// Pure: no socket, no React.

export class SymbolSubscriptions {
  private readonly counts = new Map<string, number>();

  /** Adds one user of each code; answers the codes that had none before (to SubAdd). */
  acquire(codes: Iterable<string>): string[] {
    const added: string[] = [];
    for (const code of normalise(codes)) {
      const count = this.counts.get(code) ?? 0;
      this.counts.set(code, count + 1);
      if (count === 0) added.push(code);
    }
    return added;
  }

  /** Removes one user of each code; answers the codes left with none (to SubRemove). */
  release(codes: Iterable<string>): string[] {
    const removed: string[] = [];
    for (const code of normalise(codes)) {
      const count = this.counts.get(code) ?? 0;
      if (count <= 1) {
        if (count === 1) removed.push(code);
        this.counts.delete(code);
      } else {
        this.counts.set(code, count - 1);
      }
    }
    return removed;
  }

  /** Every code with at least one user: what a new connection subscribes to. */
  active(): string[] {
    return [...this.counts.keys()].sort();
  }
}

/** Upper-cased and without repeats, so one component asking twice counts once. */
function normalise(codes: Iterable<string>): string[] {
  return [...new Set([...codes].map((code) => code.toUpperCase()).filter((code) => code !== ""))];
}
