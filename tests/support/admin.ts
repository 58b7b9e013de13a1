// Small factories for the admin-console tests: sectors and symbols written directly.
import { sectors, symbols } from "~/db/schema";
import type { AppDatabase } from "~/db/client.server";
import type { AppCookies } from "~/auth/cookies.server";
import { cookiesFrom } from "./requests";

let n = 0;

export async function createSectorRow(db: AppDatabase, name?: string) {
  n += 1;
  const [row] = await db
    .insert(sectors)
    .values({ sectorName: name ?? `Sector ${n} ${Date.now()}`, description: "test sector" })
    .returning({ id: sectors.id, sectorName: sectors.sectorName });
  return row;
}

export async function createSymbolRow(db: AppDatabase, sectorId: number | null, code?: string, status = true) {
  n += 1;
  const [row] = await db
    .insert(symbols)
    .values({ symbolCode: code ?? `SYM${n}X${Date.now() % 100000}`, sectorId, description: "test symbol", status })
    .returning({ id: symbols.id, symbolCode: symbols.symbolCode });
  return row;
}

/** The flashed toast message of a redirect. */
export async function toastMessage(cookies: AppCookies, response: Response): Promise<string | undefined> {
  const session = await cookies.toast.getSession(cookiesFrom(response));
  return (session.get("toast") as { message: string } | undefined)?.message;
}
