// An export writes its rows in a loop of awaits that never leave the microtask queue while the
// database hands over a batch (a thousand rows at a time), so a 100,000-row export held the event
// loop for tens of milliseconds at a stretch and pages and live prices waited behind it
// (bench/pages' "together" window). The writers ask at every row whether they have run for
// EXPORT_SLICE_MS; when they have, they give the loop a turn (setImmediate: after pending I/O).
import { setImmediate as nextTurn } from "node:timers/promises";

/** The longest an export's writer runs before it lets other work in. */
export const EXPORT_SLICE_MS = 5;

export interface EventLoopTurns {
  /** True when the writer has run EXPORT_SLICE_MS (or the given budget) since its last turn. */
  due(): boolean;
  /** Lets pending I/O and timers run, then starts a new slice. */
  take(): Promise<void>;
}

export function eventLoopTurns(budgetMs = EXPORT_SLICE_MS): EventLoopTurns {
  let sliceStart = performance.now();
  return {
    due: () => performance.now() - sliceStart >= budgetMs,
    take: async () => {
      await nextTurn();
      sliceStart = performance.now();
    },
  };
}
