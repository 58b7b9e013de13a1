// API Verification (/Token): the documents' failure messages, verbatim (spelling included).
import * as z from "zod";

export const GET_SECRET_FAILED = "Somthing went wrong to Get Api Secret Value.";
export const SEND_OTP_FAILED = "Somthing went wrong to Send Opt.";
export const VERIFY_OTP_FAILED = "Somthing went wrong In Verify Otp....";
export const ENTER_CREDENTIALS = "Please enter the API token and API secret";
export const ENTER_OTP = "Please enter the 6-digit OTP";

const credential = z.string().trim().max(500, "Too long").optional();

export const tokenSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request"), apiToken: credential, apiSecret: credential }),
  z.object({
    intent: z.literal("verify"),
    apiToken: credential,
    apiSecret: credential,
    otp: z.string({ error: ENTER_OTP }).trim().regex(/^\d{6}$/, ENTER_OTP),
  }),
]);
