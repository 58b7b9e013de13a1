// Counted subscriptions: the server hears SubAdd for a symbol's first user and SubRemove only
// when its last user leaves (issue 17: the top bar's NIFTY froze after leaving /dashboard).
import { describe, expect, it } from "vitest";
import { SymbolSubscriptions } from "~/realtime/symbol-subscriptions";

describe("SymbolSubscriptions", () => {
  it("keeps a symbol while any component still shows it", () => {
    const subs = new SymbolSubscriptions();
    // The top bar shows NIFTY-I and BANKNIFTY-I; the dashboard mounts with NIFTY-I.
    expect(subs.acquire(["NIFTY-I", "BANKNIFTY-I"])).toEqual(["NIFTY-I", "BANKNIFTY-I"]);
    expect(subs.acquire(["nifty-i"])).toEqual([]);
    // Leaving the dashboard must not unsubscribe what the top bar still needs.
    expect(subs.release(["NIFTY-I"])).toEqual([]);
    expect(subs.active()).toEqual(["BANKNIFTY-I", "NIFTY-I"]);
    // The last user leaves: now the server may stop sending it.
    expect(subs.release(["NIFTY-I", "BANKNIFTY-I"])).toEqual(["NIFTY-I", "BANKNIFTY-I"]);
    expect(subs.active()).toEqual([]);
  });

  it("counts a component asking for the same code twice once, and ignores releases of unknown codes", () => {
    const subs = new SymbolSubscriptions();
    expect(subs.acquire(["TCS", "tcs", ""])).toEqual(["TCS"]);
    expect(subs.release(["INFY"])).toEqual([]);
    expect(subs.release(["TCS", "TCS"])).toEqual(["TCS"]);
    expect(subs.release(["TCS"])).toEqual([]);
    expect(subs.active()).toEqual([]);
  });

  it("answers what a new connection must subscribe to", () => {
    const subs = new SymbolSubscriptions();
    subs.acquire(["SENSEX", "NIFTY-I"]);
    subs.acquire(["SENSEX"]);
    subs.release(["SENSEX"]);
    expect(subs.active()).toEqual(["NIFTY-I", "SENSEX"]);
  });
});
