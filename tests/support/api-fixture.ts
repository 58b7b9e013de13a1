// The rows the API contract test runs the table against: one user per role (with the symbol
// and sector the samples use), and makers for calls that consume their row.
import type { ApiFixture } from "~/api/types.server";
import type { AppDatabase } from "~/db/client.server";
import type { RoleId } from "~/domain/access";
import { createCalendarEntry } from "~/models/calendar.server";
import { createAlert } from "~/models/alert.server";
import { createTrade } from "~/models/trade.server";
import { createSuggestion } from "~/models/symbol-suggestion.server";
import { addSymbolToOwnWatchlist, createWatchlist, listOwnWatchlists } from "~/models/watchlist.server";
import { findSupportAccount } from "~/models/message.server";
import { createChavi, listChavisInOrder } from "~/models/chavi-admin.server";
import { userSymbols } from "~/db/schema";
import { saveReferencePoints, listReferencePointsPage } from "~/models/reference-point.server";
import { registerCustomer } from "~/services/sign-up.server";
import { liveRateProviderFor } from "~/live-rate/provider.server";
import { resolveSessionSecret } from "~/config/env.server";
import { createSectorRow, createSymbolRow } from "./admin";
import type { TestContext } from "./context";
import { createUser, insertReportTrade, TEST_PASSWORD, totpCode } from "./factories";

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n += 1)}`;

export async function createApiFixture(t: TestContext): Promise<ApiFixture> {
  const db: AppDatabase = t.context.db;
  const users = {} as ApiFixture["users"];
  for (const roleId of [1, 2, 3, 4] as RoleId[]) {
    const user = await createUser(db, { roleId });
    users[roleId] = { id: user.id, email: user.email, password: TEST_PASSWORD };
  }
  const sector = await createSectorRow(db);
  const symbol = await createSymbolRow(db, sector.id, `APIFIX${unique().toUpperCase()}`);
  const make: ApiFixture["make"] = {
    sector: async () => {
      const row = await createSectorRow(db, `API sector ${unique()}`);
      return { id: row.id, name: row.sectorName };
    },
    symbol: async () => {
      const row = await createSymbolRow(db, sector.id, `APIM${unique().toUpperCase()}`);
      return { id: row.id, code: row.symbolCode };
    },
    chavi: async () => {
      const name = `APIKEY${unique()}`;
      const id = await createChavi(db, { name, displayName: name, description: "", type: "plus", srNo: 1, isactive: true, userIds: [users[3].id] });
      return { id, name };
    },
    user: async (roleId) => ({ id: (await createUser(db, { roleId })).id }),
    referencePoint: async () => {
      const pointName = `API_POINT_${unique().toUpperCase()}`;
      await saveReferencePoints(db, [{ symbolId: symbol.id, pointName, displayName: pointName, price: 100, slPrice: null, date: null }]);
      const { rows } = await listReferencePointsPage(db, { symbolId: symbol.id, active: null, search: pointName, page: 1, pageSize: 1 });
      return { id: rows[0].id };
    },
    alert: async (role) =>
      createAlert(db, users[role].id, { name: `API alert ${unique()}`, symbolId: symbol.id, price: 100, condition: "Less than", viewType: ["Notify in App"], description: "fixture", note: "", isMasterAlert: false, isChaviAlert: false }, "User"),
    watchlist: async (role, withSymbol = false) => {
      const id = await createWatchlist(db, users[role].id, `API list ${unique()}`);
      if (withSymbol) await addSymbolToOwnWatchlist(db, users[role].id, id, { id: symbol.id, sectorId: sector.id });
      return id;
    },
    trade: async (role) =>
      (await createTrade(db, users[role].id, { symbolId: symbol.id, tradeType: "BUY", quantity: 5, buyPrice: 100, sellPrice: 0, targetPrice: 110, slPrice: 95, description: "fixture", reasonToTrade: "" })).id,
    suggestion: async () => createSuggestion(db, { symbolId: symbol.id, trends: "Neutral", userId: users[1].id }),
    // One entry per segment and day (docs/decisions/145): each made entry has a day of its own.
    calendarEntry: async () =>
      createCalendarEntry(db, {
        segment: "USA",
        note: `API fixture ${unique()}`,
        date: new Date(Date.UTC(2031, 0, 1) + (n += 1) * 86_400_000).toISOString().slice(0, 10),
        isHoliday: true,
        isWeekFirstDay: false,
        isWeekLastDay: false,
        isMonthFirstDay: false,
        isMonthLastDay: false,
      }),
  };
  // The customer's subscription holds the fixture symbol, so symbol reads succeed for role 4.
  await db.insert(userSymbols).values({ userId: users[4].id, symbolId: symbol.id, sectorId: sector.id });
  const chavi = await make.chavi();
  const calendarId = await createCalendarEntry(db, {
    segment: "NSE",
    note: "API fixture",
    date: "2026-12-25",
    isHoliday: true,
    isWeekFirstDay: false,
    isWeekLastDay: false,
    isMonthFirstDay: false,
    isMonthLastDay: false,
  });
  const point = await make.referencePoint();
  // Two closed trades of the employee (one won, one lost) so the reports answer real figures.
  for (const [buyPrice, sellPrice] of [[100, 110], [100, 95]]) {
    await insertReportTrade(db, { userId: users[3].id, symbolId: symbol.id, tradeType: "BUY", quantity: 10, buyPrice, sellPrice, open: false, tradeDateTime: new Date("2026-11-02T05:00:00Z") });
  }
  const support = await findSupportAccount(db);
  if (!support) throw new Error("the API fixture needs a support account (an active role-1 user)");
  return { users, sectorId: sector.id, symbolId: symbol.id, symbolCode: symbol.symbolCode, chaviId: chavi.id, calendarId, referencePointId: point.id, supportId: support.id, make,
    providerOtp: async (apiToken, apiSecret) => {
      const provider = liveRateProviderFor(t.context.env.FEED, { mailer: t.context.mailer, signingSecret: resolveSessionSecret(t.context.env) });
      await provider.requestOtp({ apiToken, apiSecret }, { email: "otp@example.test", name: "OTP" });
      const otp = /OTP is (\d{6})/.exec(t.outbox.at(-1)?.text ?? "")?.[1];
      if (!otp) throw new Error("no OTP was mailed");
      return otp;
    },
    // Roles 1 and 2 use two-factor sign-in (the factory enrols them): a code from their app.
    secondFactor: async (role) => (role === 1 || role === 2 ? { otp: await totpCode() } : {}),
    pendingSignup: async () => {
      const email = `pending.${unique()}@example.test`;
      await registerCustomer(t.context, { name: "Pending", username: `pending_${unique()}`, email, password: "long-enough-1" });
      const otp = /code is (\d{6})/.exec(t.outbox.at(-1)?.text ?? "")?.[1];
      if (!otp) throw new Error("no signup code was mailed");
      return { email, otp };
    },
    watchlistIds: async (role) => (await listOwnWatchlists(db, users[role].id)).map((w) => w.id),
    keyNames: async () => (await listChavisInOrder(db)).map((k) => k.name) };
}
