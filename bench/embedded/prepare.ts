// bench/embedded's loader, in its own process while the app is stopped: opens the embedded
// database the app left in argv[2] (migrated and seeded with the demo data by the app's first
// start), adds TRADE_COUNT trades spread over the demo's users and symbols, and signs the demo
// admin in. Answers the session cookie and id, then closes the database.
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { createAuthSession } from "~/models/auth-session.server";
import { createAppCookies } from "~/auth/cookies.server";
import { rowsOf } from "~/db/rows";
import { parentChannel } from "../lib/child";
import { TRADE_COUNT } from "../lib/trade-app";
import type { Prepared } from "./config";

const channel = parentChannel();

channel.on("prepare", async (message) => {
  const database = await openDatabase(process.argv[2]);
  try {
    const db = database.db;
    // One trade every 25 s back from now (about 29 days), one in five open, as bench/lib/trade-app.ts.
    await db.execute(
      sql.raw(`insert into trades (user_id, symbol_id, trade_type, quantity, buy_price, sell_price, target_price, sl_price,
                                   description, reason_to_trade, trade_date_time, exit_date_time, status, is_verified)
         select u.ids[1 + g % array_length(u.ids, 1)], s.ids[1 + g % array_length(s.ids, 1)],
                (case when g % 2 = 0 then 'BUY' else 'SELL' end)::trade_type,
                1 + g % 10, 1000 + g % 97, 1010 + g % 89, 1050, 990, 'bench', 'bench',
                now() - g * interval '25 seconds',
                case when g % 5 = 0 then null else now() - g * interval '25 seconds' + interval '10 minutes' end,
                g % 5 = 0, g % 3 = 0
         from generate_series(1, ${TRADE_COUNT}) g,
              (select array_agg(id order by id) as ids from users) u,
              (select array_agg(id order by id) as ids from symbols) s`),
    );
    await db.execute(sql.raw("analyze"));
    const [admin] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where username = 'admin'`));
    const session = await createAuthSession(db, Number(admin.id));
    const cookie = (await createAppCookies(String(message.secret), false).session.serialize(session.id)).split(";")[0];
    channel.send<Prepared>({ type: "prepared", cookie, token: session.id, trades: TRADE_COUNT });
  } finally {
    await database.close();
  }
});
