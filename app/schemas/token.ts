// API Verification (/Token): the documents' failure messages, verbatim (spelling included).
import * as z from "zod";

export const GET_SECRET_FAILED = "Somthing went wrong to Get Api Secret Value.";
export const SEND_OTP_FAILED = "Somthing went wrong to Send Opt.";
export const VERIFY_OTP_FAILED = "Somthing went wrong In Verify Otp....";
export const ENTER_CREDENTIALS = "Please enter the API token and API secret";
export const ENTER_OTP = "Please enter the 6-digit OTP";

const credential = z.string().trim().max(500, "Too long").optional();

export const KITE_INSTRUMENT_TOKEN_FORMAT = "Please enter the instrument token as digits, from Kite's instrument list, or leave it empty to let the rules choose.";
export const CHOOSE_A_SYMBOL = "Please choose a symbol";

export const tokenSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request"), apiToken: credential, apiSecret: credential }),
  z.object({
    intent: z.literal("verify"),
    apiToken: credential,
    apiSecret: credential,
    otp: z.string({ error: ENTER_OTP }).trim().regex(/^\d{6}$/, ENTER_OTP),
  }),
  // Role 1's choice of a symbol's Kite instrument (docs/decisions/175); empty clears it.
  z.object({
    intent: z.literal("instrument"),
    symbolCode: z.string({ error: CHOOSE_A_SYMBOL }).trim().min(1, CHOOSE_A_SYMBOL).max(40, CHOOSE_A_SYMBOL),
    instrumentToken: z
      .string()
      .trim()
      .regex(/^\d{1,12}$/, KITE_INSTRUMENT_TOKEN_FORMAT)
      .transform(Number)
      .optional(),
  }),
]);
