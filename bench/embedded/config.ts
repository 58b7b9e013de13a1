// What bench/embedded measures and the messages between it and its loader child.

/** RSS of every process of the app (server and embedded database), summed, at most (MB). */
export const TARGET_RSS_MB = 400;

/** Event-loop delay p99 of the server while pages, exports and ticks run together, at most (ms). */
export const TARGET_LOOP_P99_MS = 20;

/** No single query may hold the server's loop longer than this (ms): read as the loop's largest delay. */
export const TARGET_LONGEST_BLOCK_MS = 10;

export interface Prepared {
  type: "prepared";
  cookie: string;
  token: string;
  trades: number;
}
