// The seam every price source plugs into: the simulated feed, the CSV replay feed, and a
// licensed live-rate provider. The market engine starts one feed and receives its ticks.

/** One trade print (or quote update) from a feed. Times are epoch milliseconds (UTC). */
export interface FeedTick {
  symbolCode: string;
  price: number;
  /** Quantity of this print (the documents' LTQ). */
  volume: number;
  time: number;
  bid?: number;
  ask?: number;
}

/** What a feed needs to know about a symbol when it starts. */
export interface FeedSymbol {
  symbolCode: string;
  /** The price the symbol starts from: its previous close, else its reference price. */
  startPrice: number;
  /** The key-ladder step; a feed may use it for a realistic tick size. */
  step: number;
}

export interface PriceFeed {
  readonly name: string;
  /** A live provider's link state; a feed without one reports by its name (MarketEngine.feedStatus). */
  status?(): Omit<FeedStatusReport, "state"> & { state: FeedStatusReport["state"] };
  /** Starts producing ticks; `emit` may be called with a batch of ticks at once. */
  start(symbols: readonly FeedSymbol[], emit: (ticks: FeedTick[]) => void): void;
  /** The active symbols changed (MarketEngine.syncSymbols): stream these from now on. A feed without it keeps its start's. */
  follow?(symbols: readonly FeedSymbol[]): void;
  stop(): Promise<void>;
}

/** A licensed vendor's adapter is registered under a name and built from stored credentials. */
export interface ProviderCredentials {
  apiToken: string;
  apiSecret: string;
}

export type ProviderFactory = (credentials: ProviderCredentials) => PriceFeed;

const providers = new Map<string, { factory: ProviderFactory; readsOwnCredentials: boolean }>();

/**
 * `readsOwnCredentials`: the provider loads its credentials and session itself when it starts
 * (Kite, whose session changes daily), so the feed opens even before any are stored and stays
 * off until they are, instead of stopping the app.
 */
export function registerProvider(name: string, factory: ProviderFactory, options: { readsOwnCredentials?: boolean } = {}): void {
  providers.set(name, { factory, readsOwnCredentials: options.readsOwnCredentials ?? false });
}

export function providerFactory(name: string): ProviderFactory | undefined {
  return providers.get(name)?.factory;
}

export function providerReadsOwnCredentials(name: string): boolean {
  return providers.get(name)?.readsOwnCredentials ?? false;
}

/** What a feed says of itself for /healthz and /Token: a provider's link state, or that it is simulated or replayed. */
export interface FeedStatusReport {
  name: string;
  /** stale: connected in market hours, but no price for a while (since: the last price). */
  state: "simulated" | "replay" | "connecting" | "live" | "stale" | "reconnecting" | "off";
  /** Epoch ms the state began. */
  since: number;
  lastTickAt: number | null;
  detail: string | null;
}

/** A provider's instrument for a product symbol, as role 1 checks it on /Token and the symbol list. */
export interface FeedInstrument {
  symbolCode: string;
  status: "mapped" | "ambiguous" | "unknown";
  /** The provider's name for it ("NIFTY25DECFUT · NFO · expires 2025-12-30"), or why there is none. */
  text: string;
  /** The instrument role 1 chose by hand, if any (used when the day's dump lists it). */
  chosenToken: number | null;
}
