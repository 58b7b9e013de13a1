// The trade create/edit form, the list's row actions and the list's GET filters, with the
// documents' messages (docs/product-rules.md R-TD5). Shared by the routes and the JSON API.
import * as z from "zod";
import { isValidYmd } from "~/domain/dates";
import { decimalNumber, optionalDecimalNumber, PRICE_MAX, PRICE_SCALE } from "~/schemas/decimal";
import { noteField, tagsField } from "~/schemas/trade-journal";

export const TRADE_TYPES = ["BUY", "SELL"] as const;
export const ENTER_TRADE_TYPE = "Please enter a trade type";
export const ENTER_BUY_PRICE = "Please enter a buy price";
export const ENTER_SELL_PRICE = "Please enter a sell price";
export const SELECT_TRADE_SYMBOL = "Please select a symbol";
/** Role 4 trades only what it is subscribed to. */
export const SYMBOL_NOT_SUBSCRIBED = "You are not subscribed to this symbol";
export const TRADE_SAVED = "Trade submitted successfully";
export const TRADE_DELETED = "Trade deleted successfully";
export const TRADE_VERIFIED = "Trade verified";
export const TRADE_UNVERIFIED = "Trade marked unverified";
export const DELETE_TRADE_QUESTION = "Are you sure you want to delete this trade? This action cannot be undone.";

/** A trade's price: 0 or more, up to the price column's limit, after rounding to paise. */
const price = (label: string) => optionalDecimalNumber({ label, scale: PRICE_SCALE, min: 0, max: PRICE_MAX });
export const ENTER_QUANTITY = "Please enter a quantity of at least 1";
export const WHOLE_QUANTITY = "Please enter a whole quantity";

/** The trade form's fields (the JSON API's trade/update reuses them with its own status rule). */
export const tradeFields = {
  symbol: z.string({ error: SELECT_TRADE_SYMBOL }).trim().min(1, SELECT_TRADE_SYMBOL).max(40),
  tradeType: z.enum(TRADE_TYPES, { error: ENTER_TRADE_TYPE }),
  buyPrice: price("Buy price"),
  sellPrice: price("Sell price"),
  targetPrice: price("Target price"),
  slPrice: price("SL price"),
  // The form starts at 0 (docs/product-rules.md R-TD5), but a trade is saved only with a whole quantity of at least 1;
  // a fraction is refused, not cut (docs/product-rules.md R-D26).
  quantity: decimalNumber({
    label: "Quantity",
    scale: 0,
    min: 1,
    max: 10_000_000,
    messages: { required: ENTER_QUANTITY, min: ENTER_QUANTITY, notation: WHOLE_QUANTITY, whole: WHOLE_QUANTITY },
  }),
  description: z.string().trim().max(1000, "Description is too long").default(""),
  reasonToTrade: z.string().trim().max(1000, "Reason is too long").default(""),
  // The journal's tags and note (docs/decisions/170).
  tags: tagsField,
  note: noteField,
  // The edit form's switch (on = open). Absent on create: a new trade is open.
  status: z.boolean().default(false),
};

/** The traded side's price must be a price: 0 is what a form leaves blank (issue 22, docs/decisions/172). */
export const BUY_PRICE_ABOVE_ZERO = "Buy price must be more than 0 for a BUY trade";
export const SELL_PRICE_ABOVE_ZERO = "Sell price must be more than 0 for a SELL trade";
export const SL_BELOW_BUY = "SL must be below the buy price for a BUY trade";
export const TARGET_ABOVE_BUY = "Target must be above the buy price for a BUY trade";
export const SL_ABOVE_SELL = "SL must be above the sell price for a SELL trade";
export const TARGET_BELOW_SELL = "Target must be below the sell price for a SELL trade";

type TradePrices = { tradeType: (typeof TRADE_TYPES)[number]; buyPrice?: number; sellPrice?: number; targetPrice?: number; slPrice?: number };

/**
 * BUY needs a buy price, SELL a sell price (docs/product-rules.md R-TD5), above 0; a target and
 * an SL, when given (0 = none), sit on their side of that entry: a BUY gains above its buy price
 * and stops below it, a SELL (a short) the other way round (docs/decisions/172).
 */
export function checkTradePrices(value: TradePrices, ctx: z.RefinementCtx) {
  const buy = value.tradeType === "BUY";
  const entry = buy ? value.buyPrice : value.sellPrice;
  const entryField = buy ? "buyPrice" : "sellPrice";
  if (entry === undefined) {
    ctx.addIssue({ code: "custom", path: [entryField], message: buy ? ENTER_BUY_PRICE : ENTER_SELL_PRICE });
    return;
  }
  if (entry <= 0) {
    ctx.addIssue({ code: "custom", path: [entryField], message: buy ? BUY_PRICE_ABOVE_ZERO : SELL_PRICE_ABOVE_ZERO });
    return;
  }
  const { targetPrice: target, slPrice: sl } = value;
  if (sl !== undefined && sl > 0 && (buy ? sl >= entry : sl <= entry)) {
    ctx.addIssue({ code: "custom", path: ["slPrice"], message: buy ? SL_BELOW_BUY : SL_ABOVE_SELL });
  }
  if (target !== undefined && target > 0 && (buy ? target <= entry : target >= entry)) {
    ctx.addIssue({ code: "custom", path: ["targetPrice"], message: buy ? TARGET_ABOVE_BUY : TARGET_BELOW_SELL });
  }
}

/**
 * When checkTradePrices runs: also when another field is wrong (the form's starting quantity of
 * 0, say), so the form shows every message at once; not when the type or a price is itself wrong.
 */
export const TRADE_PRICE_CHECK: z.core.$ZodSuperRefineParams = {
  when: (payload) => !payload.issues.some((issue) => ["tradeType", "buyPrice", "sellPrice", "targetPrice", "slPrice"].includes(String(issue.path?.[0]))),
};

export const tradeSchema = z.object(tradeFields).superRefine(checkTradePrices, TRADE_PRICE_CHECK);

/** The form's fields; the JSON API's update may leave out the tags and the note (kept). */
export type TradeFormInput = Omit<z.infer<typeof tradeSchema>, "tags" | "note"> & Partial<Pick<z.infer<typeof tradeSchema>, "tags" | "note">>;

/** Missing prices default to 0 (docs/product-rules.md R-TD5). */
export function tradeValues(input: TradeFormInput) {
  return {
    tradeType: input.tradeType,
    quantity: input.quantity,
    buyPrice: input.buyPrice ?? 0,
    sellPrice: input.sellPrice ?? 0,
    targetPrice: input.targetPrice ?? 0,
    slPrice: input.slPrice ?? 0,
    description: input.description,
    reasonToTrade: input.reasonToTrade,
    // Absent (a JSON API update that did not send them): kept as they are.
    tags: input.tags,
    note: input.note,
  };
}

/** The Start/End Date filter: Apply needs both, and the end is not before the start. */
export const END_BEFORE_START = "End date cannot be before the start date";
export const tradeDateFilterSchema = z
  .object({
    startDate: z.string().refine(isValidYmd, "Please pick a start date"),
    endDate: z.string().refine(isValidYmd, "Please pick an end date"),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ["endDate"], message: END_BEFORE_START });

/** The trade list's status select: all, open (active=1) or closed (active=0). */
export const TRADE_STATUS_CHOICES = [
  { value: "", label: "All status" },
  { value: "1", label: "Open" },
  { value: "0", label: "Closed" },
] as const;
