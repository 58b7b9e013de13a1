// The trade list's bulk form (docs/decisions/172): the button pressed (intent) and the ticked
// rows (ids), from the list's POST or from the confirmation page's URL. Hostile input is named:
// a value that is not a trade number, none ticked, or more than MAX_BULK_TRADES.
import * as z from "zod";
import { BULK_TRADE_ACTIONS, MAX_BULK_TRADES, type BulkTradeAction } from "~/domain/trade-bulk";
import { MAX_RECORD_ID } from "~/domain/paging";

export const CHOOSE_BULK_ACTION = "Choose Verify, Close at live price or Delete";
export const SELECT_SOME_TRADES = "Select at least one trade";
export const TOO_MANY_TRADES = `Select at most ${MAX_BULK_TRADES} trades at a time`;
export const notATradeNumber = (value: string) => `"${value.length > 20 ? `${value.slice(0, 20)}…` : value}" is not a trade number`;
export const BULK_NOT_ALLOWED = "Your role may not do this to trades";
export const bulkNotChangeable = (list: string) => `You may not change trade ${list}: nothing was changed`;
export const bulkNoLivePrice = (list: string) => `No live price for trade ${list}: nothing was closed`;
export const BULK_CONFIRM = "Confirm";

const TRADE_NUMBER = /^[1-9]\d{0,9}$/;

export const bulkTradeSchema = z.object({
  intent: z.enum(BULK_TRADE_ACTIONS, { error: CHOOSE_BULK_ACTION }),
  ids: z
    .array(z.string())
    .min(1, SELECT_SOME_TRADES)
    // Counted as sent, before duplicates are dropped: thousands of values are refused unread.
    .max(MAX_BULK_TRADES, TOO_MANY_TRADES)
    .transform((values, ctx) => {
      const ids: number[] = [];
      for (const raw of values) {
        const value = raw.trim();
        const id = TRADE_NUMBER.test(value) ? Number(value) : NaN;
        if (!(id <= MAX_RECORD_ID)) {
          ctx.addIssue({ code: "custom", message: notATradeNumber(value) });
          return z.NEVER;
        }
        // A form never names a row twice; a repeated id is the same trade, counted once.
        if (!ids.includes(id)) ids.push(id);
      }
      return ids;
    }),
});

export interface BulkTradeRequest {
  action: BulkTradeAction;
  ids: number[];
}

/** The bulk form's fields from a POST body or a URL; the first problem's message when they are wrong. */
export function parseBulkTradeRequest(payload: FormData | URLSearchParams): { ok: true; value: BulkTradeRequest } | { ok: false; message: string } {
  const ids = payload.getAll("ids").map((value) => (typeof value === "string" ? value : ""));
  const parsed = bulkTradeSchema.safeParse({ intent: payload.get("intent") ?? undefined, ids });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0].message };
  return { ok: true, value: { action: parsed.data.intent, ids: parsed.data.ids } };
}

/** The confirmation page's search: the action, the ids, then the list's own filters (to go back to). */
export function bulkConfirmationSearch(request: BulkTradeRequest, listSearch: string): string {
  const params = new URLSearchParams();
  params.set("intent", request.action);
  for (const id of request.ids) params.append("ids", String(id));
  for (const [name, value] of new URLSearchParams(listSearch)) params.append(name, value);
  return `?${params.toString()}`;
}
