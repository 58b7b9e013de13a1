// FEED picks the price source: "simulated" (default), "replay:<folder>", "off", or the name of a
// registered live-rate provider (app/market/feed.ts).
import { providerFactory, providerReadsOwnCredentials, type PriceFeed, type ProviderCredentials } from "~/market/feed";
import type { TradingDayCheck } from "~/domain/trading-calendar";
import { createReplayFeed } from "./replay.server";
import { createSimulatedFeed } from "./simulated.server";

export interface FeedEnv {
  FEED?: string;
  FEED_SEED?: string;
  FEED_SPEED?: string;
  FEED_HOURS?: string;
}

export interface FeedDeps {
  /** Holidays for the simulated feed's exchange-hours mode. */
  isTradingDay?: TradingDayCheck;
  /** Decrypted credentials, for a provider feed. */
  providerCredentials?: ProviderCredentials;
  log?: (line: string) => void;
}

/** The seed a plain `FEED=simulated` uses, so that demo runs are reproducible by default. */
export const DEFAULT_FEED_SEED = 20_260_101;

const VALID_VALUES = 'FEED must be "simulated", "replay:<folder>", "off" or the name of a registered live-rate provider';

/** Builds the feed FEED names, or null for "off". Throws a clear error for a bad value. */
export function openFeedFromEnv(env: FeedEnv, deps: FeedDeps = {}): PriceFeed | null {
  const feed = (env.FEED ?? "").trim() || "simulated";
  if (feed === "off") return null;
  if (feed === "simulated") {
    return createSimulatedFeed({
      seed: parseSeed(env.FEED_SEED),
      hours: parseHours(env.FEED_HOURS),
      isTradingDay: deps.isTradingDay,
    });
  }
  if (feed.startsWith("replay:")) {
    const folder = feed.slice("replay:".length).trim();
    if (folder === "") throw new Error(`FEED=replay: needs a folder, e.g. replay:./data/intraday_1min. ${VALID_VALUES}.`);
    return createReplayFeed({ folder, speed: parseSpeed(env.FEED_SPEED), log: deps.log });
  }
  const factory = providerFactory(feed);
  if (!factory) throw new Error(`Unknown FEED ${JSON.stringify(feed)}: ${VALID_VALUES}.`);
  if (providerReadsOwnCredentials(feed)) return factory(deps.providerCredentials ?? { apiToken: "", apiSecret: "" });
  if (!deps.providerCredentials) {
    throw new Error(`FEED=${feed} needs the live-rate provider's API token and secret; none are stored.`);
  }
  return factory(deps.providerCredentials);
}

function parseSeed(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_FEED_SEED;
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`FEED_SEED must be an integer, got ${JSON.stringify(value)}`);
  return seed;
}

function parseSpeed(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 1;
  const speed = Number(value);
  if (!(Number.isFinite(speed) && speed > 0)) throw new Error(`FEED_SPEED must be a positive number, got ${JSON.stringify(value)}`);
  return speed;
}

function parseHours(value: string | undefined): "always" | "exchange" {
  if (value === undefined || value.trim() === "") return "always";
  if (value === "always" || value === "exchange") return value;
  throw new Error(`FEED_HOURS must be "always" or "exchange", got ${JSON.stringify(value)}`);
}
