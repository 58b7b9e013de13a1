// Settings and the banner (docs/product-rules.md R-AC7 Settings and upload; docs/product-rules.md R-TD7).
import * as z from "zod";
import { latestBanner, readSettingRows, saveBanner, saveSettings } from "~/services/settings.server";
import { marqueWriteSchema, settingWriteSchema } from "~/schemas/settings";
import { dataShape, messageShape, ymdDate } from "../shapes";
import { defineCall, valueOrApiError } from "../types.server";

const marqueShape = z.object({ title: z.string(), date: ymdDate.nullable(), subText: z.string() });

export const settingsCalls = [
  defineCall({
    id: "users/setting/list",
    method: "GET",
    path: "/api/users/setting/list",
    tag: "Settings",
    summary: "The caller's settings (defaults filled in): data[] of {id, name, value}; id is null for a setting never saved.",
    page: "/setting",
    status: 200,
    response: dataShape(z.array(z.object({ id: z.number().int().nullable(), name: z.string(), value: z.string() }))),
    handle: async ({ context, user }) => ({ status: 200, data: await readSettingRows(context, user) }),
    sample: () => ({}),
  }),
  defineCall({
    id: "users/setting/add",
    method: "POST",
    path: "/api/users/setting/add",
    tag: "Settings",
    summary: "Saves one of the caller's settings. A setting of a panel the role does not see (Indicator for roles 2-4, chart count for 2 and 4) is 403.",
    page: "/setting",
    body: settingWriteSchema,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const { message } = valueOrApiError(await saveSettings(context, user, { [body.name]: body.value }));
      return { status: 200, message };
    },
    sample: () => ({ body: { name: "Theme", value: "dark", id: 0 } }),
    invalid: { body: { name: "tradeSeconds", value: "" }, message: "Please enter the trade refresh time in seconds" },
  }),
  defineCall({
    id: "users/setting/marque",
    method: "POST",
    path: "/api/users/setting/marque",
    tag: "Settings",
    summary: "Saves the banner: the documents post a one-element array of {title, date, subText} (an object is accepted too).",
    page: "/setting",
    roles: [1],
    body: marqueWriteSchema,
    bodyIsArrayOfOne: true,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const { message } = await saveBanner(context, user, body);
      return { status: 200, message };
    },
    sample: () => ({ body: [{ title: "Market opens at 9:15", date: "2026-11-23", subText: "NSE" }] }),
    invalid: { body: [{ title: "", date: "2026-11-23" }], message: "Please enter a title" },
  }),
  defineCall({
    id: "marqueText.json",
    method: "GET",
    path: "/api/marqueText.json",
    tag: "Settings",
    summary: "The banner as a list (the documents read the first element); empty when none is saved.",
    page: "/dashboard",
    status: 200,
    response: z.array(marqueShape),
    handle: async ({ context }) => {
      const marque = await latestBanner(context);
      return marque ? [marque] : [];
    },
    sample: () => ({}),
  }),
];
