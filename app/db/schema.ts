// One Drizzle schema for both drivers (PGlite and node-postgres).
// Prices are numeric read as numbers at the model boundary; times are timestamptz (UTC);
// the documents' 0/1 flags are booleans here and become 0/1 only in the JSON API.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  jsonb,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const price = (name: string) =>
  numeric(name, { precision: 14, scale: 2, mode: "number" });

export const tradeTypeEnum = pgEnum("trade_type", ["BUY", "SELL"]);
export const alertConditionEnum = pgEnum("alert_condition", [
  "Equal to",
  "Greater than",
  "Less than",
]);
export const trendEnum = pgEnum("trend", ["Buy", "Sell", "Neutral"]);
export const chaviTypeEnum = pgEnum("chavi_type", ["plus", "minus"]);
export const codePurposeEnum = pgEnum("code_purpose", ["signup", "reset"]);

// ---------------------------------------------------------------- people and sessions

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    roleId: smallint("role_id").notNull(),
    status: boolean("status").notNull().default(true),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    loginTimestamp: timestamp("login_timestamp", { withTimezone: true }),
    // Two-factor sign-in (TOTP): the secret sealed with secret-box; enabled once confirmed.
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    index("users_role_idx").on(t.roleId, t.id),
  ]
);

export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    // The last time the user proved who they are (sign-in or re-authentication).
    authenticatedAt: timestamp("authenticated_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [
    index("auth_sessions_user_idx").on(t.userId),
    index("auth_sessions_created_idx").on(t.createdAt),
  ]
);

// A password accepted for an account with two-factor sign-in: the second step's pending state.
// Only a hash of the challenge id (kept in a short-lived cookie) is stored.
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_challenges_user_idx").on(t.userId)]
);

// Every sign-in attempt, kept after the session ends so "who signed in yesterday" can be
// answered (docs/decisions/140-admin-console.md). `userId` is null when the name matched no
// account; `identifier` is what was typed. Pruned after the retention period.
export const loginEvents = pgTable(
  "login_events",
  {
    id: serial("id").primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    userId: integer("user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    identifier: text("identifier").notNull(),
    success: boolean("success").notNull(),
    // Why a failure failed (e.g. "bad-password", "inactive", "second-step"); null on success.
    reason: text("reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("login_events_time_idx").on(t.occurredAt, t.id),
    index("login_events_user_idx").on(t.userId, t.occurredAt),
  ]
);

// Two-factor recovery codes: each usable once; only a hash is stored.
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)]
);

// One-time codes (signup OTP) and links (password reset). Only a hash is stored.
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: codePurposeEnum("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("verification_codes_user_idx").on(t.userId, t.purpose)]
);

export const userSettings = pgTable(
  "user_settings",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    value: text("value").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("user_settings_user_name_unique").on(t.userId, t.name)]
);

// ---------------------------------------------------------------- instruments

export const sectors = pgTable("sectors", {
  id: serial("id").primaryKey(),
  sectorName: text("sector_name").notNull().unique(),
  description: text("description").notNull().default(""),
  status: boolean("status").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const symbols = pgTable(
  "symbols",
  {
    id: serial("id").primaryKey(),
    symbolCode: text("symbol_code").notNull(),
    sectorId: integer("sector_id").references(() => sectors.id, {
      onDelete: "set null",
    }),
    segment: text("segment").notNull().default("NSE"),
    description: text("description").notNull().default(""),
    lotSize: integer("lot_size").notNull().default(1),
    step: price("step").notNull().default(1),
    audioScript: text("audio_script").notNull().default(""),
    status: boolean("status").notNull().default(true),
    dagluPer: numeric("daglu_per", { precision: 8, scale: 3, mode: "number" }),
    fromDagluPer: numeric("from_daglu_per", {
      precision: 8,
      scale: 3,
      mode: "number",
    }),
    toDagluPer: numeric("to_daglu_per", {
      precision: 8,
      scale: 3,
      mode: "number",
    }),
    // The price a fresh simulated feed starts from when no stored close exists yet.
    referencePrice: price("reference_price"),
    // The Kite instrument role 1 chose for this symbol where the rules find none or several
    // (docs/decisions/175); null: the rules decide.
    kiteInstrumentToken: bigint("kite_instrument_token", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("symbols_code_unique").on(sql`upper(${t.symbolCode})`),
    index("symbols_sector_idx").on(t.sectorId, t.id),
  ]
);

// Kite Connect's instrument dump of the day (issue 23; docs/decisions/175), as the mapping of
// the product's symbols reads it: loaded once a day by the Kite feed, read by the feed, /Token and
// the symbol list in any process. Options are left out: no product symbol maps to one, and they
// are nine rows in ten of the dump. Field names follow Kite's columns.
export const kiteInstruments = pgTable("kite_instruments", {
  instrumentToken: bigint("instrument_token", { mode: "number" }).primaryKey(),
  exchangeToken: bigint("exchange_token", { mode: "number" }).notNull(),
  tradingsymbol: text("tradingsymbol").notNull(),
  name: text("name").notNull(),
  lastPrice: doublePrecision("last_price").notNull(),
  expiry: date("expiry", { mode: "string" }),
  strike: doublePrecision("strike").notNull(),
  tickSize: doublePrecision("tick_size").notNull(),
  lotSize: integer("lot_size").notNull(),
  instrumentType: text("instrument_type").notNull(),
  segment: text("segment").notNull(),
  exchange: text("exchange").notNull(),
  // The IST day the dump was loaded on: the feed loads it again on a new day.
  listedOn: date("listed_on", { mode: "string" }).notNull(),
});

// A customer's subscription period and the symbols it covers.
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dateSubscribed: date("date_subscribed").notNull(),
    dateExpired: date("date_expired"),
    createdAt: createdAt(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId)]
);

export const subscriptionDetails = pgTable(
  "subscription_details",
  {
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    symbolId: integer("symbol_id")
      .notNull()
      .references(() => symbols.id, { onDelete: "cascade" }),
    sectorId: integer("sector_id").references(() => sectors.id, {
      onDelete: "set null",
    }),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.symbolId] })]
);

// The effective set of symbols a user may see (role 4: their subscription).
export const userSymbols = pgTable(
  "user_symbols",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    symbolId: integer("symbol_id")
      .notNull()
      .references(() => symbols.id, { onDelete: "cascade" }),
    sectorId: integer("sector_id").references(() => sectors.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.symbolId] }),
    index("user_symbols_symbol_idx").on(t.symbolId),
  ]
);

export const userSectors = pgTable(
  "user_sectors",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sectorId: integer("sector_id")
      .notNull()
      .references(() => sectors.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sectorId] })]
);

// ---------------------------------------------------------------- watchlists

export const watchlists = pgTable(
  "watchlists",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    watchlistName: text("watchlist_name").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("watchlists_user_idx").on(t.userId, t.position)]
);

export const watchlistSymbols = pgTable(
  "watchlist_symbols",
  {
    watchlistId: integer("watchlist_id")
      .notNull()
      .references(() => watchlists.id, { onDelete: "cascade" }),
    symbolId: integer("symbol_id")
      .notNull()
      .references(() => symbols.id, { onDelete: "cascade" }),
    sectorId: integer("sector_id").references(() => sectors.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.watchlistId, t.symbolId] })]
);

// ---------------------------------------------------------------- trades

export const trades = pgTable(
  "trades",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    symbolId: integer("symbol_id")
      .notNull()
      .references(() => symbols.id, { onDelete: "restrict" }),
    tradeType: tradeTypeEnum("trade_type").notNull(),
    quantity: integer("quantity").notNull().default(0),
    buyPrice: price("buy_price").notNull().default(0),
    sellPrice: price("sell_price").notNull().default(0),
    targetPrice: price("target_price").notNull().default(0),
    slPrice: price("sl_price").notNull().default(0),
    description: text("description").notNull().default(""),
    reasonToTrade: text("reason_to_trade").notNull().default(""),
    tradeDateTime: timestamp("trade_date_time", { withTimezone: true })
      .notNull()
      .defaultNow(),
    exitDateTime: timestamp("exit_date_time", { withTimezone: true }),
    // true = open. Closing freezes the PNL at the exit price.
    status: boolean("status").notNull().default(true),
    isVerified: boolean("is_verified").notNull().default(false),
    // The owner's own words for the trade, normalised (app/domain/trade-tags.ts), and its journal
    // note: free text after the fact, apart from the reason given at entry (docs/decisions/170).
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    note: text("note").notNull().default(""),
    // The first time (and price) the live price reached the SL and the target while the trade
    // was open (docs/decisions/168): null until then; an edit of that level clears it.
    slHitAt: timestamp("sl_hit_at", { withTimezone: true }),
    slHitPrice: price("sl_hit_price"),
    targetHitAt: timestamp("target_hit_at", { withTimezone: true }),
    targetHitPrice: price("target_hit_price"),
    // The Indian charges on the trade's executed orders so far (docs/decisions/173, 174): written
    // with every change of the trade, its exits, the rates or its owner's plan; null when no
    // rates were in force on its day.
    charges: numeric("charges", { precision: 24, scale: 2, mode: "string" }),
    // The tradebook import that opened the trade (docs/decisions/169): a later import's exits
    // continue such a trade; a trade entered by hand (null) is never touched by an import.
    tradebookImportId: integer("tradebook_import_id").references(
      (): AnyPgColumn => tradebookImports.id,
      { onDelete: "set null" }
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("trades_time_idx").on(t.tradeDateTime, t.id),
    index("trades_user_time_idx").on(t.userId, t.tradeDateTime, t.id),
    index("trades_symbol_idx").on(t.symbolId),
    // The tag filter (tags @> array[tag]) of the list, the calendar and the review.
    index("trades_tags_idx").using("gin", t.tags),
    // The calendar and the review read closed trades by exit time.
    index("trades_exit_time_idx").on(t.exitDateTime, t.id),
  ]
);

/**
 * A partial (or final) exit of a trade: `quantity` units closed at `price` (docs/decisions/167).
 * The trade's own quantity stays the opened quantity; what is still open is quantity minus the
 * exits. The exit price is the closing side: a SELL for a BUY trade, a BUY for a SELL trade.
 */
export const tradeExits = pgTable(
  "trade_exits",
  {
    id: serial("id").primaryKey(),
    tradeId: integer("trade_id")
      .notNull()
      .references(() => trades.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    price: price("price").notNull(),
    exitedAt: timestamp("exited_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("trade_exits_trade_idx").on(t.tradeId, t.exitedAt, t.id)]
);

/** A rate column of charge_rates: a percentage to 6 places (0.00297 %, docs/decisions/173). */
const rate = (name: string) =>
  numeric(name, { precision: 12, scale: 6, mode: "string" });

/**
 * The statutory charges of one segment (EQUITY_INTRADAY, EQUITY_DELIVERY, INDEX_FUTURES,
 * STOCK_FUTURES, app/domain/charges.ts) in force from `effective_from` until the segment's next
 * row, with the brokerage that applies to users without a plan of their own
 * (docs/decisions/173). Edited by role 1 on /charges.
 */
export const chargeRates = pgTable(
  "charge_rates",
  {
    id: serial("id").primaryKey(),
    segment: text("segment").notNull(),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    sttBuy: rate("stt_buy").notNull(),
    sttSell: rate("stt_sell").notNull(),
    exchange: rate("exchange").notNull(),
    sebi: rate("sebi").notNull(),
    stampBuy: rate("stamp_buy").notNull(),
    gst: rate("gst").notNull(),
    // "flat": rupees per executed order; "percent": a percentage of the order's value, at most the cap.
    brokerageKind: text("brokerage_kind").notNull(),
    brokerageValue: rate("brokerage_value").notNull(),
    brokerageCap: numeric("brokerage_cap", {
      precision: 14,
      scale: 2,
      mode: "string",
    }),
    updatedBy: integer("updated_by").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("charge_rates_segment_day_unique").on(
      t.segment,
      t.effectiveFrom
    ),
  ]
);

/** A user's own brokerage plan (their broker's), used instead of the segments' default brokerage. */
export const userBrokeragePlans = pgTable("user_brokerage_plans", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  value: rate("value").notNull(),
  cap: numeric("cap", { precision: 14, scale: 2, mode: "string" }),
  updatedAt: updatedAt(),
});

/**
 * A broker tradebook upload (docs/decisions/169): read once at upload, its checked fills and bad
 * rows kept for the preview (owned by the user who sent it, a day at most), then committed once.
 * A committed import keeps its per-row report.
 */
export const tradebookImports = pgTable(
  "tradebook_imports",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    format: text("format").notNull(),
    // previewed | committed
    state: text("state").notNull().default("previewed"),
    rowCount: integer("row_count").notNull(),
    fills: jsonb("fills").notNull(),
    errors: jsonb("errors").notNull(),
    report: jsonb("report"),
    createdAt: createdAt(),
    committedAt: timestamp("committed_at", { withTimezone: true }),
  },
  (t) => [index("tradebook_imports_user_idx").on(t.userId, t.createdAt)]
);

/**
 * The broker trades a user has imported, so a re-import skips them: one row per exchange trade
 * id (exchanges number their own trades), unique per user.
 */
export const importedBrokerTrades = pgTable(
  "imported_broker_trades",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    exchange: text("exchange").notNull(),
    brokerTradeId: text("broker_trade_id").notNull(),
    importId: integer("import_id")
      .notNull()
      .references(() => tradebookImports.id, { onDelete: "cascade" }),
    // The journal trade the fill went into (the first, when its order crossed zero); a deleted trade leaves the fill imported.
    tradeId: integer("trade_id").references(() => trades.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.exchange, t.brokerTradeId] }),
    index("imported_broker_trades_import_idx").on(t.importId),
  ]
);

export const symbolSuggestions = pgTable(
  "symbol_suggestions",
  {
    id: serial("id").primaryKey(),
    symbolId: integer("symbol_id")
      .notNull()
      .references(() => symbols.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    trends: trendEnum("trends").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("symbol_suggestions_symbol_idx").on(t.symbolId, t.updatedAt)]
);

// ---------------------------------------------------------------- alerts and notifications

export const alerts = pgTable(
  "alerts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    symbolId: integer("symbol_id")
      .notNull()
      .references(() => symbols.id, { onDelete: "cascade" }),
    price: price("price").notNull(),
    condition: alertConditionEnum("condition").notNull(),
    viewType: text("view_type").array().notNull(),
    description: text("description").notNull(),
    note: text("note").notNull().default(""),
    alertType: text("alert_type").notNull().default("manual"),
    isMasterAlert: boolean("is_master_alert").notNull().default(false),
    isChaviAlert: boolean("is_chavi_alert").notNull().default(false),
    createdBy: text("created_by").notNull().default("User"),
    active: boolean("active").notNull().default(true),
    firedAt: timestamp("fired_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("alerts_symbol_active_idx").on(t.symbolId, t.active),
    index("alerts_user_idx").on(t.userId, t.id),
  ]
);

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    symbolId: integer("symbol_id").references(() => symbols.id, {
      onDelete: "set null",
    }),
    kind: text("kind").notNull().default("alert"),
    message: text("message").notNull(),
    view: text("view")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mp3Text: text("mp3_text").notNull().default(""),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_time_idx").on(t.userId, t.createdAt)]
);

// One row per device that asked to be told of alerts and trades while no tab is open
// (Web Push, docs/decisions/153). The endpoint is the push service's address for that
// device: unique, so a device that subscribes again replaces its row.
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ]
);

// ---------------------------------------------------------------- keys (chavi)

export const chavis = pgTable("chavis", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  displayName: text("display_name").notNull(),
  type: chaviTypeEnum("type").notNull(),
  srNo: integer("sr_no").notNull(),
  description: text("description").notNull().default(""),
  isactive: boolean("isactive").notNull().default(true),
  // Order set on the Chavi Setting page (drag or up/down).
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const chaviUsers = pgTable(
  "chavi_users",
  {
    chaviId: integer("chavi_id")
      .notNull()
      .references(() => chavis.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.chaviId, t.userId] }),
    index("chavi_users_user_idx").on(t.userId),
  ]
);

export const chaviEvents = pgTable(
  "chavi_events",
  {
    id: serial("id").primaryKey(),
    chaviId: integer("chavi_id")
      .notNull()
      .references(() => chavis.id, { onDelete: "cascade" }),
    symbolId: integer("symbol_id")
      .notNull()
      .references(() => symbols.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    price: price("price").notNull(),
    tradingDate: date("trading_date").notNull(),
    eventTime: timestamp("event_time", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [index("chavi_events_symbol_time_idx").on(t.symbolId, t.eventTime)]
);

// ---------------------------------------------------------------- reference and target points

export const referencePoints = pgTable(
  "reference_points",
  {
    id: serial("id").primaryKey(),
    symbolId: integer("symbol_id")
      .notNull()
      .references(() => symbols.id, { onDelete: "cascade" }),
    pointName: text("point_name").notNull(),
    displayName: text("display_name").notNull().default(""),
    price: price("price").notNull(),
    slPrice: price("sl_price"),
    date: date("date"),
    description: text("description").notNull().default(""),
    priority: integer("priority").notNull().default(0),
    lowRange: price("low_range"),
    highRange: price("high_range"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("reference_points_symbol_idx").on(t.symbolId, t.isActive)]
);

// ---------------------------------------------------------------- prices

export const dayOhlc = pgTable(
  "day_ohlc",
  {
    symbolId: integer("symbol_id")
      .notNull()
      .references(() => symbols.id, { onDelete: "cascade" }),
    tradingDate: date("trading_date").notNull(),
    open: price("open").notNull(),
    high: price("high").notNull(),
    low: price("low").notNull(),
    close: price("close").notNull(),
    settlePrice: price("settle_price"),
    volume: bigint("volume", { mode: "number" }).notNull().default(0),
    ma: price("ma"),
    md: price("md"),
    wa: price("wa"),
    wd: price("wd"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.symbolId, t.tradingDate] })]
);

// 1-minute candles; `ts` is the minute's start in UTC.
export const intradayOhlc = pgTable(
  "intraday_ohlc",
  {
    symbolId: integer("symbol_id").notNull(),
    ts: timestamp("ts", { withTimezone: true }).notNull(),
    open: price("open").notNull(),
    high: price("high").notNull(),
    low: price("low").notNull(),
    close: price("close").notNull(),
    volume: bigint("volume", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.symbolId, t.ts] })]
);

// Hourly rollup of intraday_ohlc: `bucket` is the start of an IST-aligned hour (docs/product-rules.md R-D13),
// each row the aggregate of that hour's minutes, kept in step by every minute writer
// (docs/decisions/081-hourly-candles.md). H1/H2/H4 are served from it.
export const hourlyOhlc = pgTable(
  "hourly_ohlc",
  {
    symbolId: integer("symbol_id").notNull(),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    open: price("open").notNull(),
    high: price("high").notNull(),
    low: price("low").notNull(),
    close: price("close").notNull(),
    volume: bigint("volume", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.symbolId, t.bucket] })]
);

export const sectorAnalysisPoints = pgTable(
  "sector_analysis_points",
  {
    sectorId: integer("sector_id")
      .notNull()
      .references(() => sectors.id, { onDelete: "cascade" }),
    ts: timestamp("ts", { withTimezone: true }).notNull(),
    percentage: numeric("percentage", {
      precision: 6,
      scale: 2,
      mode: "number",
    }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sectorId, t.ts] })]
);

// One upload of a price file: previewed (rows staged, nothing written), committed (rows
// written, each row's previous values kept) or undone (previous values put back).
export const uploadBatches = pgTable(
  "upload_batches",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, {
      onDelete: "set null",
    }),
    state: text("state").notNull().default("previewed"),
    // Counts and per-row report of the parse (rows read, new, replacing, skipped, problems).
    summary: jsonb("summary").notNull(),
    createdAt: createdAt(),
    committedAt: timestamp("committed_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [index("upload_batches_time_idx").on(t.createdAt, t.id)]
);

// A daily bar an upload carries: the new values, and once committed the values it replaced
// (`previous` null = the bar was new, so undo deletes it).
export const uploadBatchBars = pgTable(
  "upload_batch_bars",
  {
    batchId: integer("batch_id")
      .notNull()
      .references(() => uploadBatches.id, { onDelete: "cascade" }),
    symbolId: integer("symbol_id")
      .notNull()
      .references(() => symbols.id, { onDelete: "cascade" }),
    tradingDate: date("trading_date").notNull(),
    open: price("open").notNull(),
    high: price("high").notNull(),
    low: price("low").notNull(),
    close: price("close").notNull(),
    settlePrice: price("settle_price"),
    volume: bigint("volume", { mode: "number" }).notNull().default(0),
    previous: jsonb("previous"),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.symbolId, t.tradingDate] }),
    index("upload_batch_bars_bar_idx").on(t.symbolId, t.tradingDate),
  ]
);

// ---------------------------------------------------------------- calendar

export const calendarEntries = pgTable(
  "calendar_entries",
  {
    id: serial("id").primaryKey(),
    segment: text("segment").notNull(),
    note: text("note").notNull(),
    date: date("date").notNull(),
    isWeekFirstDay: boolean("is_week_first_day").notNull().default(false),
    isWeekLastDay: boolean("is_week_last_day").notNull().default(false),
    isHoliday: boolean("is_holiday").notNull().default(false),
    isMonthFirstDay: boolean("is_month_first_day").notNull().default(false),
    isMonthLastDay: boolean("is_month_last_day").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("calendar_entries_date_idx").on(t.date, t.id),
    index("calendar_segment_date_idx").on(t.segment, t.date),
  ]
);

// ---------------------------------------------------------------- chat and broadcast

export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiverId: integer("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    emp: boolean("emp").notNull().default(false),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_pair_idx").on(t.senderId, t.receiverId, t.createdAt),
    index("messages_receiver_unread_idx").on(t.receiverId, t.readAt),
  ]
);

export const broadcasts = pgTable(
  "broadcasts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    // Who it is for (docs/decisions/146): "everyone", "roles" (target_roles) or "users"
    // (broadcast_recipients). A row from before targeting is "everyone".
    audience: text("audience").notNull().default("everyone"),
    targetRoles: smallint("target_roles").array(),
    createdAt: createdAt(),
  },
  (t) => [index("broadcasts_time_idx").on(t.createdAt, t.id)]
);

/** The chosen users of a broadcast whose audience is "users". */
export const broadcastRecipients = pgTable(
  "broadcast_recipients",
  {
    broadcastId: integer("broadcast_id")
      .notNull()
      .references(() => broadcasts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.broadcastId, t.userId] }),
    index("broadcast_recipients_user_idx").on(t.userId, t.broadcastId),
  ]
);

/**
 * A support conversation's state, named by its client (docs/decisions/040, 146): resolved when
 * resolved_at is set, with who resolved it; no row (or resolved_at null) is open.
 */
export const supportConversations = pgTable(
  "support_conversations",
  {
    clientId: integer("client_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedById: integer("resolved_by_id").references(() => users.id, {
      onDelete: "set null",
    }),
    updatedAt: updatedAt(),
  },
  (t) => [index("support_conversations_resolved_idx").on(t.resolvedAt)]
);

// ---------------------------------------------------------------- settings, banner, provider

export const marquee = pgTable("marquee", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  date: date("date"),
  subText: text("sub_text").notNull().default(""),
  updatedAt: updatedAt(),
});

// Live-rate provider credentials, encrypted at rest (docs/product-rules.md R-D23).
export const apiSecrets = pgTable("api_secrets", {
  id: serial("id").primaryKey(),
  apiTokenEnc: text("api_token_enc").notNull(),
  apiSecretEnc: text("api_secret_enc").notNull(),
  authenticationDate: timestamp("authentication_date", { withTimezone: true }),
  // A provider with a daily login (Kite Connect, docs/decisions/175): the day's access token,
  // sealed like the credentials, and when it lapses.
  sessionTokenEnc: text("session_token_enc"),
  sessionExpiresAt: timestamp("session_expires_at", { withTimezone: true }),
  // New credentials typed for a daily-login provider, sealed, kept apart until its login accepts
  // them: a typo never replaces working credentials and their session (docs/decisions/175).
  pendingApiTokenEnc: text("pending_api_token_enc"),
  pendingApiSecretEnc: text("pending_api_secret_enc"),
  updatedBy: integer("updated_by").references(() => users.id, {
    onDelete: "set null",
  }),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- audit

// Who created, changed, switched, deleted or uploaded what and when, with the values before
// and after; written in the same transaction as the change it records.
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    actorId: integer("actor_id").references(() => users.id, {
      onDelete: "set null",
    }),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_time_idx").on(t.occurredAt, t.id),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_actor_idx").on(t.actorId, t.occurredAt),
  ]
);

// ---------------------------------------------------------------- the store's own state

// Facts about the store itself, e.g. how far the demo seed got (docs/decisions/114).
export const appState = pgTable("app_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});
