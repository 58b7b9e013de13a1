// Live-rate provider verification (docs/product-rules.md R-TD7 Live-rate; the /Token page's steps).
import * as z from "zod";
import { readStoredCredentials, runVerificationStep } from "~/services/live-rate.server";
import { tokenSchema } from "~/schemas/token";
import { dataShape, isoDateTime, messageShape } from "../shapes";
import { defineCall, valueOrApiError } from "../types.server";

const credentialAliases = { apitoken: "apiToken", apisecret: "apiSecret" } as const;
const [requestStep, verifyStep] = tokenSchema.options;
const CREDENTIALS = { apitoken: "api-token-0001", apisecret: "api-secret-0001" };

export const liveRateCalls = [
  defineCall({
    id: "admin/LiverateSettingController/get_api_secret_value",
    method: "GET",
    path: "/api/admin/LiverateSettingController/get_api_secret_value",
    tag: "Live-rate provider",
    summary: "The stored provider credentials, masked to their last four characters (docs/product-rules.md R-D23), and the last authentication; data is null when none are stored.",
    page: "/Token",
    status: 200,
    response: dataShape(z.object({ api_token: z.string(), api_secret_value: z.string(), authentication_date: isoDateTime.nullable() }).nullable()),
    handle: async ({ context }) => {
      const stored = valueOrApiError(await readStoredCredentials(context));
      return {
        status: 200,
        data: stored ? { api_token: stored.apiToken, api_secret_value: stored.apiSecret, authentication_date: stored.authenticationDate?.toISOString() ?? null } : null,
      };
    },
    sample: () => ({}),
  }),
  defineCall({
    id: "admin/LiverateSettingController/send_opt",
    method: "POST",
    path: "/api/admin/LiverateSettingController/send_opt",
    tag: "Live-rate provider",
    summary:
      "Asks the provider for an OTP for {apitoken, apisecret} (none sent: the stored ones); the credentials are kept sealed, unverified. With the Kite provider (FEED=kite) there is no OTP: the answer's login_url is Kite's login page for the day's session, to open in a browser signed in as this user (it returns to /Token/kite). Provider failure: 502 'Somthing went wrong to Send Opt.' plus the reason. Needs a recent sign-in: else 403, see admin/reauth.",
    page: "/Token",
    body: requestStep.omit({ intent: true }),
    aliases: credentialAliases,
    status: 200,
    response: messageShape().extend({ login_url: z.string().url().optional() }),
    handle: async ({ context, user, body }) => {
      const { message, redirectTo } = valueOrApiError(await runVerificationStep(context, user, { intent: "request", ...body }));
      return { status: 200, message, ...(redirectTo ? { login_url: redirectTo } : {}) };
    },
    sample: () => ({ body: CREDENTIALS }),
    invalid: { body: { apitoken: "x".repeat(501), apisecret: "y" }, message: "Too long" },
  }),
  defineCall({
    id: "admin/LiverateSettingController/verifyotp",
    method: "POST",
    path: "/api/admin/LiverateSettingController/verifyotp",
    tag: "Live-rate provider",
    summary: "Verifies the OTP {apitoken, apisecret, otp} and records Last Authentication. Failure: 502 'Somthing went wrong In Verify Otp....' plus the reason. Needs a recent sign-in: else 403, see admin/reauth.",
    page: "/Token",
    body: verifyStep.omit({ intent: true }),
    aliases: credentialAliases,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const { message } = valueOrApiError(await runVerificationStep(context, user, { intent: "verify", ...body }));
      return { status: 200, message };
    },
    sample: async (f) => ({ body: { ...CREDENTIALS, otp: await f.providerOtp(CREDENTIALS.apitoken, CREDENTIALS.apisecret) } }),
    invalid: { body: { otp: "12" }, message: "Please enter the 6-digit OTP" },
  }),
];
