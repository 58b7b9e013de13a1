// The trade list's choice filters (today, sector, role and user for role 1, tag, status), shared
// by the list's filter form and the P&L calendar's (docs/decisions/170): the same URL parameters,
// so the two pages link to each other with the same filters.
import { TagFilter } from "~/components/trades/trade-journal-cells";
import { FilterSelect } from "~/components/ui/select-field";
import { ROLE_NAMES, type RoleId } from "~/domain/access";
import { TRADE_STATUS_CHOICES } from "~/schemas/trade";

export interface TradeFilterChoicesData {
  role: RoleId;
  query: { today: boolean; userRole: number; userId: number | null; sectorId: number | null; open: boolean | null; tag: string | null };
  sectors: { id: number; sectorName: string }[];
  traders: { id: number; username: string }[];
  tagChoices: string[];
}

/** `afterSector`: what follows the sector select (the list's Clear link). */
export function TradeFilterChoices({ data, afterSector }: { data: TradeFilterChoicesData; afterSector?: React.ReactNode }) {
  const isAdmin = data.role === 1;
  const q = data.query;
  return (
    <>
      {isAdmin ? (
        <>
          <input type="hidden" name="f" value="1" />
          <label className="flex items-center gap-2 pb-2 text-sm font-medium">
            <input type="checkbox" name="today" value="1" defaultChecked={q.today} className="h-4 w-4" />
            Today
          </label>
        </>
      ) : null}
      <FilterSelect label="Sector" name="sector" value={q.sectorId ? String(q.sectorId) : ""} placeholder="Sectors..." options={data.sectors.map((s) => ({ value: s.id, label: s.sectorName }))} />
      {afterSector}
      {isAdmin ? (
        <>
          <FilterSelect label="Role" name="userRole" value={String(q.userRole)} options={([3, 4, 1] as const).map((r) => ({ value: r, label: ROLE_NAMES[r] }))} />
          <FilterSelect label="Username" name="userId" value={q.userId ? String(q.userId) : ""} placeholder="All users" options={data.traders.map((u) => ({ value: u.id, label: u.username }))} />
        </>
      ) : null}
      <TagFilter value={q.tag} choices={data.tagChoices} />
      {/* Role 3's list has no status choice (docs/product-rules.md R-D11: its fixed window). */}
      {data.role !== 3 ? <FilterSelect label="Status" name="active" value={q.open === null ? "" : q.open ? "1" : "0"} options={TRADE_STATUS_CHOICES} /> : null}
    </>
  );
}
