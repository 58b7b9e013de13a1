// The bulk actions' rules and form (docs/decisions/172): roles per action, the count in the
// question, the id list in messages, and hostile ids named.
import { describe, expect, it } from "vitest";
import { bulkActionsFor, bulkDoneMessage, bulkQuestion, MAX_BULK_TRADES, mayRunBulkAction, tradeIdList } from "~/domain/trade-bulk";
import { bulkConfirmationSearch, CHOOSE_BULK_ACTION, notATradeNumber, parseBulkTradeRequest, SELECT_SOME_TRADES, TOO_MANY_TRADES } from "~/schemas/trade-bulk";

function form(intent: string | null, ids: string[]) {
  const data = new URLSearchParams();
  if (intent !== null) data.set("intent", intent);
  for (const id of ids) data.append("ids", id);
  return data;
}

describe("who may run which bulk action", () => {
  it("verify is role 1's alone; close and delete every journal role's", () => {
    expect(bulkActionsFor(1)).toEqual(["verify", "close", "delete"]);
    expect(bulkActionsFor(3)).toEqual(["close", "delete"]);
    expect(bulkActionsFor(4)).toEqual(["close", "delete"]);
    expect(bulkActionsFor(2)).toEqual([]);
    expect(mayRunBulkAction(3, "verify")).toBe(false);
    expect(mayRunBulkAction(4, "delete")).toBe(true);
  });
});

describe("the words", () => {
  it("the question names the count", () => {
    expect(bulkQuestion("delete", 3)).toBe("Delete 3 trades?");
    expect(bulkQuestion("delete", 1)).toBe("Delete 1 trade?");
    expect(bulkQuestion("close", 2)).toBe("Close 2 trades at the live price?");
    expect(bulkQuestion("verify", 20)).toBe("Verify 20 trades?");
  });

  it("ids are listed, long lists cut", () => {
    expect(tradeIdList([4])).toBe("#4");
    expect(tradeIdList([4, 9])).toBe("#4 and #9");
    expect(tradeIdList([4, 7, 9])).toBe("#4, #7 and #9");
    expect(tradeIdList([1, 2, 3, 4, 5, 6, 7, 8])).toBe("#1, #2, #3, #4, #5 and 3 more");
  });

  it("the outcome counts what changed and what needed nothing", () => {
    expect(bulkDoneMessage("close", 3, 0)).toBe("3 trades closed");
    expect(bulkDoneMessage("verify", 1, 2)).toBe("1 trade verified; 2 were already verified");
    expect(bulkDoneMessage("close", 0, 1)).toBe("0 trades closed; 1 was already closed");
  });
});

describe("parseBulkTradeRequest", () => {
  it("reads the action and the ids, a repeated id counted once", () => {
    expect(parseBulkTradeRequest(form("close", ["12", "7", "12"]))).toEqual({ ok: true, value: { action: "close", ids: [12, 7] } });
  });

  it("names every hostile input", () => {
    expect(parseBulkTradeRequest(form("close", []))).toEqual({ ok: false, message: SELECT_SOME_TRADES });
    expect(parseBulkTradeRequest(form(null, ["1"]))).toEqual({ ok: false, message: CHOOSE_BULK_ACTION });
    expect(parseBulkTradeRequest(form("archive", ["1"]))).toEqual({ ok: false, message: CHOOSE_BULK_ACTION });
    for (const bad of ["abc", "0", "-3", "1.5", "1e3", "0x10", "", "2147483648", "99999999999"]) {
      expect(parseBulkTradeRequest(form("delete", ["5", bad]))).toEqual({ ok: false, message: notATradeNumber(bad) });
    }
    expect(notATradeNumber("x".repeat(50))).toBe(`"${"x".repeat(20)}…" is not a trade number`);
    const many = Array.from({ length: MAX_BULK_TRADES + 1 }, (_, i) => String(i + 1));
    expect(parseBulkTradeRequest(form("delete", many))).toEqual({ ok: false, message: TOO_MANY_TRADES });
    expect(parseBulkTradeRequest(form("delete", many.slice(0, MAX_BULK_TRADES))).ok).toBe(true);
    // Thousands of one id are still thousands of values: refused unread.
    expect(parseBulkTradeRequest(form("delete", Array(5000).fill("3")))).toEqual({ ok: false, message: TOO_MANY_TRADES });
  });

  it("the confirmation URL carries the action, the ids and the list's filters", () => {
    expect(bulkConfirmationSearch({ action: "delete", ids: [3, 9] }, "?sector=2&active=1")).toBe("?intent=delete&ids=3&ids=9&sector=2&active=1");
    expect(bulkConfirmationSearch({ action: "verify", ids: [1] }, "")).toBe("?intent=verify&ids=1");
  });
});
