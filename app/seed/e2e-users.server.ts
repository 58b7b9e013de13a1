// A user made for one end-to-end journey: created like the demo account of its role (settings,
// keys, watchlists, a customer's symbols), with a session written for it, so a journey signs in
// without the form and shares no account with another (docs/decisions/131). Served only by the
// test hook (app/server/e2e-hooks.server.ts), which a real deployment never mounts.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import * as z from "zod";
import type { AppServices } from "~/config/context";
import { resolveSessionSecret } from "~/config/env.server";
import { hashPassword } from "~/auth/password.server";
import { deriveSecretKey } from "~/auth/secret-box.server";
import { newTotpSecret, sealTotpState } from "~/auth/totp.server";
import { createAuthSession } from "~/models/auth-session.server";
import { createUserWithSubscription } from "~/models/user-admin.server";
import { symbolsByCodes } from "~/models/symbol.server";
import { authSessions, chaviUsers, chavis, userSettings, users, watchlistSymbols, watchlists } from "~/db/schema";
import { istDateString, istMidnight } from "~/domain/dates";
import { insertKeyEvents } from "~/models/market-events.server";
import { TWO_FACTOR_REQUIRED_ROLES } from "~/domain/two-factor";
import type { RoleId } from "~/domain/access";
import {
  ADMIN_WATCHLISTS,
  CUSTOMER_SUBSCRIBED_STOCKS,
  CUSTOMER_WATCHLISTS,
  DEFAULT_USER_SETTINGS,
  DEMO_SYMBOLS,
  EMPLOYEE_WATCHLISTS,
  INDEX_SECTOR,
  type DemoWatchlist,
} from "./demo-data";

const newUserSchema = z.object({
  role: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  /** Symbol codes subscribed; by default a customer gets the demo customer's (every index and its stocks). */
  symbols: z.array(z.string()).optional(),
  /** Two-factor sign-in on (with its secret answered); by default on for the roles that must use it. */
  twoFactor: z.boolean().optional(),
  /** The demo watchlists of the role, as the demo account of that role has them. */
  watchlists: z.boolean().default(true),
  /** How long ago the session's sign-in was (0: now): an older one is stale for a sensitive admin action. */
  signedInSecondsAgo: z.number().int().min(0).max(24 * 60 * 60).default(0),
  /**
   * Key events of today on one of the user's symbols, on its first key, ending now (a journey that
   * pages through a long day of keys). Pick a symbol no other journey reads keys of: every user
   * holding that key sees them.
   */
  keyEventsToday: z.object({ symbol: z.string(), count: z.number().int().min(1).max(1000) }).optional(),
  /** A short word for the name and email, so a failing journey's user is easy to find. */
  label: z.string().regex(/^[a-z0-9-]{1,20}$/).default("user"),
});

export type E2eNewUser = z.input<typeof newUserSchema>;

export interface E2eUserAnswer {
  id: number;
  name: string;
  username: string;
  email: string;
  password: string;
  roleId: RoleId;
  totpSecret: string | null;
  cookie: { name: string; value: string; expires: number };
}

const ROLE_WORDS: Record<RoleId, string> = { 1: "Admin", 2: "Subadmin", 3: "Employee", 4: "Customer" };
const CUSTOMER_SYMBOLS = [...DEMO_SYMBOLS.filter((s) => s.sector === INDEX_SECTOR).map((s) => s.code), ...CUSTOMER_SUBSCRIBED_STOCKS];
const WATCHLISTS_OF_ROLE: Record<RoleId, readonly DemoWatchlist[]> = { 1: ADMIN_WATCHLISTS, 2: [], 3: EMPLOYEE_WATCHLISTS, 4: CUSTOMER_WATCHLISTS };

/** Creates the user, its settings, keys and watchlists like a demo account of its role, and a session. */
export async function createE2eUser(services: Pick<AppServices, "db" | "env" | "cookies">, input: E2eNewUser): Promise<E2eUserAnswer> {
  const spec = newUserSchema.parse(input);
  const db = services.db;
  const roleId = spec.role as RoleId;
  const tag = `${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
  // The role's word leads the name, as the demo accounts are named after their roles.
  const name = `${ROLE_WORDS[roleId]} ${spec.label} ${tag}`;
  const username = `e2e_${spec.label.replace(/-/g, "_")}_${tag}`;
  const email = `e2e.${spec.label}.${tag}@example.test`;
  const password = `pw-${randomBytes(12).toString("base64url")}`;
  const codes = spec.symbols ?? (roleId === 4 ? CUSTOMER_SYMBOLS : []);
  const byCode = await symbolsByCodes(db, codes);
  const missing = codes.filter((code) => !byCode.has(code));
  if (missing.length > 0) throw new z.ZodError([{ code: "custom", path: ["symbols"], message: `unknown symbols: ${missing.join(", ")}` }]);
  const today = istDateString(new Date());
  const id = await createUserWithSubscription(db, {
    name,
    username,
    email,
    passwordHash: await hashPassword(password),
    roleId,
    sectorIds: [],
    symbolIds: [...byCode.values()].map((s) => s.id),
    dateSubscribed: today,
    dateExpired: null,
  });
  await db.insert(userSettings).values(Object.entries(DEFAULT_USER_SETTINGS).map(([setting, value]) => ({ userId: id, name: setting, value })));
  // The demo employee and customer hold every key (app/seed/seed.server.ts).
  if (roleId === 3 || roleId === 4) {
    const keys = await db.select({ id: chavis.id }).from(chavis);
    if (keys.length > 0) await db.insert(chaviUsers).values(keys.map((k) => ({ chaviId: k.id, userId: id })));
  }
  if (spec.keyEventsToday) await storeKeyEventsToday(db, spec.keyEventsToday, byCode);
  if (spec.watchlists) {
    const lists = WATCHLISTS_OF_ROLE[roleId];
    const listSymbols = await symbolsByCodes(db, lists.flatMap((l) => l.symbols));
    for (const [position, list] of lists.entries()) {
      const [row] = await db.insert(watchlists).values({ userId: id, watchlistName: list.name, position }).returning({ id: watchlists.id });
      const members = list.symbols.map((code) => listSymbols.get(code)).filter((s) => s !== undefined);
      if (members.length > 0) await db.insert(watchlistSymbols).values(members.map((s) => ({ watchlistId: row.id, symbolId: s.id, sectorId: s.sectorId })));
    }
  }
  const twoFactor = spec.twoFactor ?? TWO_FACTOR_REQUIRED_ROLES.includes(roleId);
  let totpSecret: string | null = null;
  if (twoFactor) {
    totpSecret = newTotpSecret();
    const sealed = sealTotpState({ secret: totpSecret, lastStep: null }, deriveSecretKey(resolveSessionSecret(services.env)));
    await db.update(users).set({ totpSecret: sealed, totpEnabledAt: new Date() }).where(eq(users.id, id));
  }
  const session = await createAuthSession(db, id, { userAgent: "e2e-hooks", ip: "127.0.0.1" });
  if (spec.signedInSecondsAgo > 0) {
    await db.update(authSessions).set({ authenticatedAt: new Date(Date.now() - spec.signedInSecondsAgo * 1000) }).where(eq(authSessions.id, session.id));
  }
  const header = await services.cookies.session.serialize(session.id, { expires: session.expiresAt });
  const value = header.slice(header.indexOf("=") + 1, header.indexOf(";"));
  return {
    id,
    name,
    username,
    email,
    password,
    roleId,
    totpSecret,
    cookie: { name: services.cookies.session.name, value, expires: Math.floor(session.expiresAt.getTime() / 1000) },
  };
}

/** `count` key events of today on `symbol`, one key's BUY and SELL in turn, spaced up to a second apart and ending now. */
async function storeKeyEventsToday(db: AppServices["db"], { symbol, count }: { symbol: string; count: number }, subscribed: Awaited<ReturnType<typeof symbolsByCodes>>) {
  const target = subscribed.get(symbol);
  if (!target) throw new z.ZodError([{ code: "custom", path: ["keyEventsToday", "symbol"], message: `not one of the user's symbols: ${symbol}` }]);
  const [key] = await db.select({ id: chavis.id, displayName: chavis.displayName }).from(chavis).orderBy(chavis.sortOrder, chavis.id).limit(1);
  if (!key) throw new Error("no key to store events of");
  const now = Date.now();
  const tradingDate = istDateString(new Date(now));
  const step = Math.max(1, Math.min(1000, Math.floor((now - istMidnight(tradingDate).getTime()) / (count + 1))));
  // Prices of their own, so two such days on one symbol (a retried journey) never read alike.
  const priceBase = 1000 + randomBytes(2).readUInt16BE() * 1000;
  await insertKeyEvents(
    db,
    Array.from({ length: count }, (_, i) => ({
      chaviId: key.id,
      symbolId: target.id,
      label: `${key.displayName} ${i % 2 === 0 ? "BUY" : "SELL"}`,
      price: priceBase + i,
      tradingDate,
      eventTime: new Date(now - (count - i) * step),
    })),
  );
}
