import type { AppDatabase } from "~/db/client.server";
import { userSymbols } from "~/db/schema";
import { hashPassword } from "~/auth/password.server";
import { insertUser, type PublicUser } from "~/models/user.server";
import type { RoleId } from "~/domain/access";
import { TWO_FACTOR_REQUIRED_ROLES } from "~/domain/two-factor";
import { deriveSecretKey } from "~/auth/secret-box.server";
import { sealTotpState, totpCodeAt } from "~/auth/totp.server";
import { enableTotp, storePendingTotpSecret } from "~/models/two-factor.server";
import type { AppContext } from "~/config/context";
import { TEST_SECRET } from "./context";
import { sessionCookieFor } from "./requests";

let counter = 0;
// One hash reused: scrypt is deliberately slow and the tests create many users.
let cachedHash: Promise<string> | null = null;
export const TEST_PASSWORD = "correct-horse-9";

export async function createUser(
  db: AppDatabase,
  overrides: Partial<{
    roleId: RoleId;
    email: string;
    name: string;
    username: string;
    status: boolean;
    emailVerified: boolean;
    password: string;
    /** Two-factor sign-in on with TEST_TOTP_SECRET: by default for roles 1 and 2, which must use it. */
    twoFactor: boolean;
  }> = {},
): Promise<PublicUser> {
  counter += 1;
  const passwordHash = overrides.password
    ? await hashPassword(overrides.password)
    : await (cachedHash ??= hashPassword(TEST_PASSWORD));
  const user = await insertUser(db, {
    name: overrides.name ?? `User ${counter}`,
    username: overrides.username ?? `user${counter}_${Date.now()}`,
    email: overrides.email ?? `user${counter}.${Date.now()}@example.test`,
    passwordHash,
    roleId: overrides.roleId ?? 4,
    status: overrides.status ?? true,
    emailVerified: overrides.emailVerified ?? true,
  });
  if (overrides.twoFactor ?? TWO_FACTOR_REQUIRED_ROLES.includes(user.roleId)) await enableTestTwoFactor(db, user.id);
  return user;
}

/** A new user of this role, and the cookie of a session signed in as it. */
export async function signedInUser(context: AppContext, roleId: RoleId): Promise<{ id: number; cookie: string }> {
  const user = await createUser(context.db, { roleId });
  return { id: user.id, cookie: await sessionCookieFor(context, user.id) };
}

/**
 * A new signed-in user of this role for the journal's tests; a customer (role 4) is subscribed to
 * `symbolIds`, as it trades only the symbols it is subscribed to.
 */
export async function journalMember(
  context: AppContext,
  roleId: RoleId,
  symbolIds: readonly number[],
  overrides: { name?: string } = {},
): Promise<{ user: PublicUser; cookie: string }> {
  const user = await createUser(context.db, { roleId, ...overrides });
  if (roleId === 4 && symbolIds.length > 0) await context.db.insert(userSymbols).values(symbolIds.map((symbolId) => ({ userId: user.id, symbolId })));
  return { user, cookie: await sessionCookieFor(context, user.id) };
}

/** A signed-in cookie for a new user of each role. */
export async function cookiePerRole(context: AppContext): Promise<Record<RoleId, string>> {
  const cookies = {} as Record<RoleId, string>;
  for (const role of [1, 2, 3, 4] as RoleId[]) cookies[role] = (await signedInUser(context, role)).cookie;
  return cookies;
}

/**
 * The two-factor secret of every factory account that uses it (roles 1 and 2 unless told
 * otherwise), as production requires of those roles: tests compute its codes with totpCode().
 */
export const TEST_TOTP_SECRET = "JL63CCAHGVJEHD2BISFG5C3VRSRSBR34";

/** Turns two-factor sign-in on with TEST_TOTP_SECRET, sealed as the test context's secret seals it. */
export async function enableTestTwoFactor(db: AppDatabase, userId: number): Promise<void> {
  const pending = sealTotpState({ secret: TEST_TOTP_SECRET, lastStep: null }, deriveSecretKey(TEST_SECRET));
  await storePendingTotpSecret(db, userId, pending);
  await enableTotp(db, userId, pending, pending, []);
}

/** The code an authenticator app holding TEST_TOTP_SECRET shows at `at` (steps of 30 s). */
export function totpCode(at: Date | number = Date.now()): Promise<string> {
  return totpCodeAt(TEST_TOTP_SECRET, new Date(at));
}

// ---------------------------------------------------------------- report trades (issue 8)
// Named apart from the trade journal's own factory so the two branches merge cleanly.
import { trades as reportTradesTable } from "~/db/schema";
import { refreshTradeCharges } from "~/models/trade-charges.server";

export async function insertReportTrade(
  db: AppDatabase,
  values: {
    userId: number;
    symbolId: number;
    tradeType: "BUY" | "SELL";
    quantity: number;
    buyPrice: number;
    sellPrice: number;
    open: boolean;
    tradeDateTime: Date;
    exitDateTime?: Date | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(reportTradesTable)
    .values({
      userId: values.userId,
      symbolId: values.symbolId,
      tradeType: values.tradeType,
      quantity: values.quantity,
      buyPrice: values.buyPrice,
      sellPrice: values.sellPrice,
      status: values.open,
      tradeDateTime: values.tradeDateTime,
      exitDateTime: values.exitDateTime ?? (values.open ? null : values.tradeDateTime),
    })
    .returning({ id: reportTradesTable.id });
  await refreshTradeCharges(db, { tradeIds: [row.id] });
  return row.id;
}
