// Fills an empty database with the demo data set (demo-data.ts) in one transaction: a seed
// that fails part-way (for instance on a database that already holds the data) leaves nothing.
// Random-looking figures come from a PRNG with a fixed seed, so for a given `now` the data set
// is always the same; dates are computed from `now` on the IST calendar.
import { refreshTradeCharges } from "~/models/trade-charges.server";
import { hashPassword } from "~/auth/password.server";
import { deriveSecretKey } from "~/auth/secret-box.server";
import { sealTotpState } from "~/auth/totp.server";
import type { RoleId } from "~/domain/access";
import { TWO_FACTOR_REQUIRED_ROLES } from "~/domain/two-factor";
import { istDateString, istDayStartMs, istMidnight } from "~/domain/dates";
import { mulberry32 } from "~/market/feeds/prng";
import { roundToTick } from "~/market/feeds/simulated.server";
import { tradingDayCheckFromHolidays, tradingDaysBefore } from "~/domain/trading-calendar";
import type { AppDatabase, AppTransaction } from "~/db/client.server";
import {
  CUSTOMER_SUBSCRIBED_STOCKS,
  CUSTOMER_WATCHLISTS,
  DEFAULT_USER_SETTINGS,
  DEMO_ALERTS,
  DEMO_KEYS,
  DEMO_PASSWORD,
  DEMO_SECTORS,
  DEMO_SYMBOLS,
  DEMO_TOTP_SECRET,
  DEMO_TRADE_REASONS,
  DEMO_USERS,
  EMPLOYEE_WATCHLISTS,
  ADMIN_WATCHLISTS,
  INDEX_SECTOR,
  NSE_HOLIDAYS_2026,
  WELCOME_BANNER,
  type DemoSymbol,
  type DemoWatchlist,
} from "./demo-data";
import {
  alerts,
  calendarEntries,
  chaviUsers,
  chavis,
  dayOhlc,
  marquee,
  referencePoints,
  sectors,
  subscriptionDetails,
  subscriptions,
  symbolSuggestions,
  symbols,
  trades,
  userSectors,
  userSettings,
  userSymbols,
  users,
  watchlistSymbols,
  watchlists,
} from "~/db/schema";

export interface SeedSummary {
  sectors: number;
  symbols: number;
  users: number;
  userSettings: number;
  subscriptions: number;
  subscribedSymbols: number;
  symbolSuggestions: number;
  keys: number;
  keyAssignments: number;
  referencePoints: number;
  banners: number;
  calendarEntries: number;
  dayOhlc: number;
  watchlists: number;
  watchlistSymbols: number;
  trades: number;
  alerts: number;
}

export interface SeedOptions {
  now?: Date;
  log?: (line: string) => void;
  /** Runs last inside the seed's transaction: what must commit with the data (a progress marker). */
  inTransaction?: (tx: AppTransaction) => Promise<void>;
  /**
   * The server's session secret: with it the demo admin and sub-admin are enrolled in two-factor
   * sign-in with DEMO_TOTP_SECRET (sealed with a key derived from it), as their roles require
   * (docs/decisions/121). Without it they must set it up at their first sign-in.
   */
  appSecret?: string;
}

const PRNG_SEED = 0x5eed_2026;
const TRADE_DAYS = 10;
const TRADES_PER_DAY = 3;
const TODAY_TRADES = 4;
/** Target points stand this many steps from the reference price, far enough not to be hit at once. */
const TARGET_DISTANCE_STEPS = 10;
const WEEK_LOW_DISTANCE_STEPS = 6;
const TARGET_POINT_SYMBOLS = ["NIFTY-I", "BANKNIFTY-I"];
// An index is not traded itself; its futures are (NIFTY-I, BANKNIFTY-I).
const UNTRADABLE_SYMBOLS = new Set(["SENSEX"]);

const MARKET_OPEN_MINUTE = 9 * 60 + 15;
const LAST_EXIT_MINUTE = 15 * 60 + 25;

export async function seedDemoData(db: AppDatabase, options: SeedOptions = {}): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const random = mulberry32(PRNG_SEED);
  const today = istDateString(now);
  const holidays = new Set(NSE_HOLIDAYS_2026.map((h) => h.date));
  const isTradingDay = tradingDayCheckFromHolidays(holidays);
  const tradeDays = tradingDaysBefore(today, TRADE_DAYS, isTradingDay);
  const previousTradingDay = tradeDays[tradeDays.length - 1];

  // scrypt is slow on purpose: hash before the transaction opens rather than hold it open.
  const demoUsers = await Promise.all(
    Object.entries(DEMO_USERS).map(async ([key, user]) => ({
      key,
      ...user,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })),
  );

  const totpKey = options.appSecret ? deriveSecretKey(options.appSecret) : null;
  const demoTwoFactor = (roleId: RoleId) =>
    totpKey && TWO_FACTOR_REQUIRED_ROLES.includes(roleId)
      ? { totpSecret: sealTotpState({ secret: DEMO_TOTP_SECRET, lastStep: null }, totpKey), totpEnabledAt: now }
      : {};

  return db.transaction(async (tx) => {
    const sectorRows = await tx
      .insert(sectors)
      .values(DEMO_SECTORS.map((s) => ({ sectorName: s.name, description: s.description })))
      .returning({ id: sectors.id, name: sectors.sectorName });
    const sectorIdByName = new Map(sectorRows.map((s) => [s.name, s.id]));
    log(`sectors: ${sectorRows.length}`);

    const symbolRows = await tx
      .insert(symbols)
      .values(
        DEMO_SYMBOLS.map((s) => ({
          symbolCode: s.code,
          sectorId: sectorIdByName.get(s.sector),
          segment: s.segment,
          description: s.description,
          lotSize: s.lotSize,
          step: s.step,
          audioScript: s.audioScript,
          dagluPer: s.dagluPer,
          fromDagluPer: s.fromDagluPer,
          toDagluPer: s.toDagluPer,
          referencePrice: s.referencePrice,
        })),
      )
      .returning({ id: symbols.id, code: symbols.symbolCode, sectorId: symbols.sectorId });
    const demoSymbolByCode = new Map(DEMO_SYMBOLS.map((s) => [s.code, s]));
    const symbolByCode = new Map(
      symbolRows.map((row) => [row.code, { ...row, demo: demoSymbolByCode.get(row.code) as DemoSymbol }]),
    );
    const symbol = (code: string) => {
      const found = symbolByCode.get(code);
      if (!found) throw new Error(`Demo data names an unknown symbol: ${code}`);
      return found;
    };
    log(`symbols: ${symbolRows.length}`);

    const userRows = await tx
      .insert(users)
      .values(
        demoUsers.map((u) => ({
          name: u.name,
          username: u.username,
          email: u.email,
          passwordHash: u.passwordHash,
          roleId: u.roleId,
          status: true,
          emailVerifiedAt: now,
          ...demoTwoFactor(u.roleId),
        })),
      )
      .returning({ id: users.id, username: users.username });
    const userIdByUsername = new Map(userRows.map((u) => [u.username, u.id]));
    const adminId = userIdByUsername.get(DEMO_USERS.admin.username) as number;
    const employeeId = userIdByUsername.get(DEMO_USERS.employee.username) as number;
    const customerId = userIdByUsername.get(DEMO_USERS.customer.username) as number;
    log(`users: ${userRows.length}`);

    const settingRows = await tx
      .insert(userSettings)
      .values(
        userRows.flatMap((u) => Object.entries(DEFAULT_USER_SETTINGS).map(([name, value]) => ({ userId: u.id, name, value }))),
      )
      .returning({ id: userSettings.id });

    // The customer's subscription: all indices and a handful of stocks, for one year.
    const subscribed = [
      ...DEMO_SYMBOLS.filter((s) => s.sector === INDEX_SECTOR).map((s) => s.code),
      ...CUSTOMER_SUBSCRIBED_STOCKS,
    ].map(symbol);
    const [subscription] = await tx
      .insert(subscriptions)
      .values({ userId: customerId, dateSubscribed: today, dateExpired: sameDayNextYear(today) })
      .returning({ id: subscriptions.id });
    await tx
      .insert(subscriptionDetails)
      .values(subscribed.map((s) => ({ subscriptionId: subscription.id, symbolId: s.id, sectorId: s.sectorId })));
    await tx.insert(userSymbols).values(subscribed.map((s) => ({ userId: customerId, symbolId: s.id, sectorId: s.sectorId })));
    const subscribedSectorIds = [...new Set(subscribed.map((s) => s.sectorId).filter((id): id is number => id !== null))];
    await tx.insert(userSectors).values(subscribedSectorIds.map((sectorId) => ({ userId: customerId, sectorId })));
    log(`customer subscription: ${subscribed.length} symbols until ${sameDayNextYear(today)}`);

    const suggestionRows = await tx
      .insert(symbolSuggestions)
      .values({ symbolId: symbol("NIFTY-I").id, userId: adminId, trends: "Buy" })
      .returning({ id: symbolSuggestions.id });

    const keyRows = await tx
      .insert(chavis)
      .values(DEMO_KEYS.map((k, index) => ({ ...k, isactive: true, sortOrder: index + 1 })))
      .returning({ id: chavis.id });
    const keyAssignmentRows = await tx
      .insert(chaviUsers)
      .values(keyRows.flatMap((k) => [employeeId, customerId].map((userId) => ({ chaviId: k.id, userId }))))
      .returning({ chaviId: chaviUsers.chaviId });
    log(`keys: ${keyRows.length}`);

    // The previous session's bar gives the market engine its previous close and the key ladder its base.
    const previousDayBars = DEMO_SYMBOLS.map((s) => ({ symbol: s, ...previousDayBar(s, random) }));
    const dayOhlcRows = await tx
      .insert(dayOhlc)
      .values(
        previousDayBars.map((bar) => ({
          symbolId: symbol(bar.symbol.code).id,
          tradingDate: previousTradingDay,
          open: bar.open,
          high: bar.high,
          low: bar.low,
          close: bar.close,
          settlePrice: bar.close,
          volume: bar.volume,
        })),
      )
      .returning({ symbolId: dayOhlc.symbolId });
    log(`previous-day OHLC (${previousTradingDay}): ${dayOhlcRows.length}`);

    const referencePointRows = await tx
      .insert(referencePoints)
      .values(
        TARGET_POINT_SYMBOLS.flatMap((code) => {
          const { id, demo } = symbol(code);
          const bar = previousDayBars.find((b) => b.symbol.code === code) as (typeof previousDayBars)[number];
          const distance = TARGET_DISTANCE_STEPS * demo.step;
          const points = [
            { pointName: "MANDI_VISAMO_TARGET", displayName: "Mandi Visamo Target", price: demo.referencePrice - distance },
            { pointName: "TEJI_VISAMO_TARGET", displayName: "Teji Visamo Target", price: demo.referencePrice + distance },
            { pointName: "PIVOT", displayName: "Pivot", price: roundToTick((bar.high + bar.low + bar.close) / 3) },
            {
              pointName: "WEEK_LOW",
              displayName: "Week Low",
              price: Math.min(bar.low, demo.referencePrice - WEEK_LOW_DISTANCE_STEPS * demo.step),
            },
          ];
          return points.map((p, index) => ({ ...p, symbolId: id, date: today, priority: index + 1 }));
        }),
      )
      .returning({ id: referencePoints.id });

    const bannerRows = await tx
      .insert(marquee)
      .values({ title: WELCOME_BANNER.title, date: today, subText: WELCOME_BANNER.subText })
      .returning({ id: marquee.id });

    const calendarRows = await tx
      .insert(calendarEntries)
      .values(NSE_HOLIDAYS_2026.map((h) => ({ segment: "NSE", note: h.note, date: h.date, isHoliday: true })))
      .returning({ id: calendarEntries.id });

    const watchlistPlan: { userId: number; list: DemoWatchlist; position: number }[] = [
      ...ADMIN_WATCHLISTS.map((list, position) => ({ userId: adminId, list, position })),
      ...EMPLOYEE_WATCHLISTS.map((list, position) => ({ userId: employeeId, list, position })),
      ...CUSTOMER_WATCHLISTS.map((list, position) => ({ userId: customerId, list, position })),
    ];
    const watchlistRows = await tx
      .insert(watchlists)
      .values(watchlistPlan.map((w) => ({ userId: w.userId, watchlistName: w.list.name, position: w.position })))
      .returning({ id: watchlists.id });
    const watchlistSymbolRows = await tx
      .insert(watchlistSymbols)
      .values(
        watchlistPlan.flatMap((w, index) =>
          w.list.symbols.map(symbol).map((s) => ({ watchlistId: watchlistRows[index].id, symbolId: s.id, sectorId: s.sectorId })),
        ),
      )
      .returning({ watchlistId: watchlistSymbols.watchlistId });
    log(`watchlists: ${watchlistRows.length}`);

    const owners = [
      { userId: employeeId, pool: DEMO_SYMBOLS.filter((s) => !UNTRADABLE_SYMBOLS.has(s.code)) },
      { userId: customerId, pool: subscribed.map((s) => s.demo).filter((s) => !UNTRADABLE_SYMBOLS.has(s.code)) },
    ];
    const tradeValues = tradeDays.flatMap((day, dayIndex) =>
      Array.from({ length: TRADES_PER_DAY }, (_, k) => {
        const { userId, pool } = owners[(dayIndex * TRADES_PER_DAY + k) % owners.length];
        const traded = pool[Math.floor(random() * pool.length)];
        // Positions of the last few sessions are more often still open, as in a real journal.
        const openChance = dayIndex >= TRADE_DAYS - 3 ? 0.5 : 0.1;
        return { userId, symbolId: symbol(traded.code).id, ...demoTrade(traded, day, openChance, random) };
      }),
    );
    // A journal opened during a session shows that session's positions too: a few open trades
    // entered today before now, so the "Today" view of /trades is not empty.
    const nowSecond = istSecondOfDay(now);
    if (isTradingDay(today) && nowSecond > (MARKET_OPEN_MINUTE + 30) * 60) {
      const latestEntry = Math.min(nowSecond - 60, LAST_EXIT_MINUTE * 60);
      for (let k = 0; k < TODAY_TRADES; k++) {
        const { userId, pool } = owners[k % owners.length];
        const traded = pool[Math.floor(random() * pool.length)];
        tradeValues.push({ userId, symbolId: symbol(traded.code).id, ...demoTrade(traded, today, 1, random, latestEntry) });
      }
    }
    const tradeRows = await tx.insert(trades).values(tradeValues).returning({ id: trades.id });
    await refreshTradeCharges(tx, { tradeIds: tradeRows.map((r) => r.id) });
    log(`trades: ${tradeRows.length}`);

    const ownerIds = { employee: employeeId, customer: customerId };
    const alertRows = await tx
      .insert(alerts)
      .values(
        DEMO_ALERTS.map((a) => {
          const { id, demo } = symbol(a.symbol);
          return {
            userId: ownerIds[a.owner],
            symbolId: id,
            name: a.name,
            price: roundToTick(demo.referencePrice * (1 + a.offsetPercent / 100)),
            condition: a.condition,
            viewType: [...a.viewType],
            description: a.description,
          };
        }),
      )
      .returning({ id: alerts.id });
    log(`alerts: ${alertRows.length}`);
    if (options.inTransaction) await options.inTransaction(tx);

    return {
      sectors: sectorRows.length,
      symbols: symbolRows.length,
      users: userRows.length,
      userSettings: settingRows.length,
      subscriptions: 1,
      subscribedSymbols: subscribed.length,
      symbolSuggestions: suggestionRows.length,
      keys: keyRows.length,
      keyAssignments: keyAssignmentRows.length,
      referencePoints: referencePointRows.length,
      banners: bannerRows.length,
      calendarEntries: calendarRows.length,
      dayOhlc: dayOhlcRows.length,
      watchlists: watchlistRows.length,
      watchlistSymbols: watchlistSymbolRows.length,
      trades: tradeRows.length,
      alerts: alertRows.length,
    };
  });
}

/** A session's bar around the reference price: body within ±0.6 %, wicks up to 0.4 % more. */
function previousDayBar(s: DemoSymbol, random: () => number) {
  const ref = s.referencePrice;
  const open = roundToTick(ref * (1 + (random() - 0.5) * 0.012));
  const close = roundToTick(ref * (1 + (random() - 0.5) * 0.012));
  const high = roundToTick(Math.max(open, close) * (1 + random() * 0.004));
  const low = roundToTick(Math.min(open, close) * (1 - random() * 0.004));
  // SENSEX is an index without traded volume of its own.
  const volume = UNTRADABLE_SYMBOLS.has(s.code) ? 0 : s.lotSize * (500 + Math.floor(random() * 4500));
  return { open, high, low, close, volume };
}

/**
 * One journal entry on `day` (IST): entered during the session, and when closed, exited later the
 * same session. An open BUY has no sell price yet and an open SELL no buy price (both 0).
 */
function demoTrade(s: DemoSymbol, day: string, openChance: number, random: () => number, latestEntrySecond = (MARKET_OPEN_MINUTE + 300) * 60) {
  const tradeType = random() < 0.5 ? ("BUY" as const) : ("SELL" as const);
  const isOpen = random() < openChance;
  const entry = roundToTick(s.referencePrice * (1 + (random() - 0.5) * 0.04));
  // A slight upward lean so the demo journal shows more winners than losers.
  const exit = roundToTick(entry * (1 + (random() - 0.4) * 0.03));
  const direction = tradeType === "BUY" ? 1 : -1;
  const entrySecond = MARKET_OPEN_MINUTE * 60 + Math.floor(random() * (latestEntrySecond - MARKET_OPEN_MINUTE * 60));
  const exitSecond = entrySecond + 600 + Math.floor(random() * (LAST_EXIT_MINUTE * 60 - entrySecond - 600));
  const tradeDateTime = istInstant(day, entrySecond);
  const exitDateTime = isOpen ? null : istInstant(day, exitSecond);
  const reason = DEMO_TRADE_REASONS[Math.floor(random() * DEMO_TRADE_REASONS.length)];
  const isVerified = random() < 0.5;
  const quantity = s.lotSize * (1 + Math.floor(random() * 3));
  const exitPrice = isOpen ? 0 : exit;
  return {
    tradeType,
    quantity,
    buyPrice: tradeType === "BUY" ? entry : exitPrice,
    sellPrice: tradeType === "BUY" ? exitPrice : entry,
    targetPrice: roundToTick(entry * (1 + direction * 0.02)),
    slPrice: roundToTick(entry * (1 - direction * 0.01)),
    description: `${tradeType} ${s.code} intraday`,
    reasonToTrade: reason,
    tradeDateTime,
    exitDateTime,
    status: isOpen,
    isVerified,
    createdAt: tradeDateTime,
    updatedAt: exitDateTime ?? tradeDateTime,
  };
}

/** Seconds since midnight IST of an instant. */
function istSecondOfDay(instant: Date): number {
  return Math.floor((instant.getTime() - istDayStartMs(instant.getTime())) / 1000);
}

function istInstant(day: string, secondOfDay: number): Date {
  return new Date(istMidnight(day).getTime() + secondOfDay * 1000);
}

function sameDayNextYear(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  // 29 February rolls over to 1 March.
  return new Date(Date.UTC(year + 1, month - 1, date)).toISOString().slice(0, 10);
}

