// The partial exit form (docs/decisions/171): units, price and an optional IST time, with the
// messages the trade form's style uses (app/schemas/trade.ts). The upper bound of the units (the
// open quantity) and the time against the entry need the trade: the service checks them.
import * as z from "zod";
import { parseIstDateTimeLocal } from "~/domain/trade-exits";
import { decimalNumber, priceNumber } from "~/schemas/decimal";

export const ENTER_EXIT_QUANTITY = "Please enter an exit quantity of at least 1";
export const WHOLE_EXIT_QUANTITY = "Please enter a whole exit quantity";
export const ENTER_EXIT_PRICE = "Please enter an exit price above 0";
export const PICK_EXIT_TIME = "Please pick a valid exit time";
export const EXIT_IN_FUTURE = "Exit time cannot be in the future";
export const EXIT_BEFORE_ENTRY = "Exit time cannot be before the trade's entry";
export const TRADE_ALREADY_CLOSED = "This trade is already closed";
export const EXIT_RECORDED = "Exit recorded";
export const EXIT_CLOSED_TRADE = "Exit recorded: the trade is closed";

/** More units than are open: the message names how many may leave. */
export function exitTooManyMessage(openUnits: number): string {
  return `You can exit at most ${openUnits} ${openUnits === 1 ? "unit" : "units"} (the open quantity)`;
}

/** An edit's quantity below what the exits already closed. */
export function quantityBelowExitsMessage(exitedUnits: number): string {
  return `Quantity cannot be less than the ${exitedUnits} ${exitedUnits === 1 ? "unit" : "units"} already exited`;
}

export const tradeExitSchema = z.object({
  quantity: decimalNumber({
    label: "Exit quantity",
    scale: 0,
    min: 1,
    max: 10_000_000,
    messages: { required: ENTER_EXIT_QUANTITY, min: ENTER_EXIT_QUANTITY, notation: WHOLE_EXIT_QUANTITY, whole: WHOLE_EXIT_QUANTITY },
  }),
  price: priceNumber({ label: "Exit price", above: 0, messages: { required: ENTER_EXIT_PRICE, min: ENTER_EXIT_PRICE, notation: ENTER_EXIT_PRICE } }),
  // Blank: now. A datetime-local value is an IST wall time.
  exitedAt: z
    .string()
    .trim()
    .max(25)
    .optional()
    .refine((value) => !value || parseIstDateTimeLocal(value) !== null, PICK_EXIT_TIME),
});

export type TradeExitInput = z.infer<typeof tradeExitSchema>;
