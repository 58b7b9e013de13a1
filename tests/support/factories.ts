import type { AppDatabase } from "~/db/client.server";
import { hashPassword } from "~/auth/password.server";
import { insertUser, type PublicUser } from "~/models/user.server";
import type { RoleId } from "~/domain/access";

let counter = 0;
// One hash reused: scrypt is deliberately slow and the tests create many users.
let cachedHash: Promise<string> | null = null;
export const TEST_PASSWORD = "correct-horse-9";

export async function createUser(
  db: AppDatabase,
  overrides: Partial<{ roleId: RoleId; email: string; name: string; username: string; status: boolean; emailVerified: boolean; password: string }> = {},
): Promise<PublicUser> {
  counter += 1;
  const passwordHash = overrides.password
    ? await hashPassword(overrides.password)
    : await (cachedHash ??= hashPassword(TEST_PASSWORD));
  return insertUser(db, {
    name: overrides.name ?? `User ${counter}`,
    username: overrides.username ?? `user${counter}_${Date.now()}`,
    email: overrides.email ?? `user${counter}.${Date.now()}@example.test`,
    passwordHash,
    roleId: overrides.roleId ?? 4,
    status: overrides.status ?? true,
    emailVerified: overrides.emailVerified ?? true,
  });
}

// ---------------------------------------------------------------- report trades (issue 8)
// Named apart from the trade journal's own factory so the two branches merge cleanly.
import { trades as reportTradesTable } from "~/db/schema";

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
  return row.id;
}
