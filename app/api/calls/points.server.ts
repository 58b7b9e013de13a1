// Reference and target points (docs/product-rules.md R-AC7; docs/product-rules.md R-TD7 referencePoint).
import * as z from "zod";
import { LONG_PAGE_SIZE } from "~/domain/paging";
import {
  deleteReferencePoint,
  listActivePointsOf,
  listActivePointsVisibleTo,
  listChartPoints,
  listReferencePoints,
  switchTargetPoint,
} from "~/services/points.server";
import { flag, idParam, messageShape, okStatus, pageQuery } from "../shapes";
import { requireVisibleSymbol } from "../visible-symbol.server";
import { defineCall, valueOrApiError } from "../types.server";

const pointRowShape = z.object({
  id: z.number().int(),
  symbol_id: z.number().int(),
  symbol_code: z.string(),
  point_name: z.string(),
  display_name: z.string(),
  price: z.number(),
  slPrice: z.number().nullable(),
  date: z.string().nullable(),
  isActive: z.boolean(),
});

/** A chart's point (docs/product-rules.md R-TD3: id, point_name, price). */
const chartPointShape = z.object({ id: z.number().int(), point_name: z.string(), display_name: z.string(), price: z.number() });
const chartPointOut = (p: { id: number; pointName: string; displayName: string; price: number }) => ({ id: p.id, point_name: p.pointName, display_name: p.displayName, price: p.price });

/** The Target Point page's active filter as the documents send it: All, Active (1/true), De-Active (0/false). */
const activeFilter = z
  .enum(["all", "1", "0", "true", "false", ""], { error: "Please send active all, 1 or 0" })
  .optional()
  .transform((v) => (v === "1" || v === "true" ? true : v === "0" || v === "false" ? false : null));

/** getReferencePoint's shape: data[point_name][symbol_code] = {price, display_name} (a later point of the same name wins). */
function pointsByName(points: readonly { symbolCode: string; pointName: string; displayName: string; price: number }[]) {
  const data: Record<string, Record<string, { price: number; display_name: string }>> = {};
  for (const p of points) (data[p.pointName] ??= {})[p.symbolCode] = { price: p.price, display_name: p.displayName };
  return data;
}

export const pointCalls = [
  defineCall({
    id: "admin/referencePoint/all",
    method: "GET",
    path: "/api/admin/referencePoint/all",
    tag: "Reference points",
    summary: "Target and reference points, newest first, 20 per page: symbol_code, active (1/true, 0/false; all or none: all), currentPage. Rows carry isActive.",
    page: "/target-point",
    query: z.object({ symbol_code: z.string().trim().max(40).optional(), active: activeFilter, ...pageQuery }),
    status: 200,
    response: z.object({ status: okStatus, targets: z.array(pointRowShape), totalCount: z.number().int() }),
    handle: async ({ context, query }) => {
      const { rows, total } = await listReferencePoints(context, {
        symbolCode: query.symbol_code,
        active: query.active,
        search: "",
        page: query.currentPage ?? 1,
        pageSize: query.pageSize ?? LONG_PAGE_SIZE,
      });
      return {
        status: 200,
        targets: rows.map((r) => ({
          id: r.id,
          symbol_id: r.symbolId,
          symbol_code: r.symbolCode,
          point_name: r.pointName,
          display_name: r.displayName,
          price: r.price,
          slPrice: r.slPrice,
          date: r.date,
          isActive: r.isActive,
        })),
        totalCount: total,
      };
    },
    sample: (f) => ({ query: { symbol_code: f.symbolCode, active: "1" } }),
  }),
  defineCall({
    id: "admin/referencePoint/{id} (PUT)",
    method: "PUT",
    path: "/api/admin/referencePoint/{id}",
    tag: "Reference points",
    summary: "Activates (1) or de-activates (0) a target point {status}. A point the target watcher already removed is 404.",
    page: "/target-point",
    params: idParam,
    body: z.object({ status: flag }),
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, params, body }) => {
      const { message } = valueOrApiError(await switchTargetPoint(context, user, params.id, body.status));
      return { status: 200, message };
    },
    sample: async (f) => ({ params: { id: (await f.make.referencePoint()).id }, body: { status: 0 } }),
    invalid: { body: {}, message: "Please send status 1 or 0" },
  }),
  defineCall({
    id: "admin/referencePoint/{id} (DELETE)",
    method: "DELETE",
    path: "/api/admin/referencePoint/{id}",
    tag: "Reference points",
    summary: "Deletes a reference point.",
    page: "/reference-point",
    params: idParam,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, params }) => {
      const { message } = valueOrApiError(await deleteReferencePoint(context, user, params.id));
      return { status: 200, message };
    },
    sample: async (f) => ({ params: { id: (await f.make.referencePoint()).id } }),
  }),
  defineCall({
    id: "admin/referencePoint/{symbol}",
    method: "GET",
    path: "/api/admin/referencePoint/{symbol}",
    tag: "Reference points",
    summary: "A symbol's active points by price (the chart's target lines and chips). A symbol the caller may not see is 404.",
    page: "/chart",
    params: z.object({ symbol: z.string().min(1).max(40) }),
    status: 200,
    response: z.object({ status: okStatus, targets: z.array(chartPointShape) }),
    handle: async ({ context, user, params }) => {
      const symbol = await requireVisibleSymbol(context, user, params.symbol);
      const points = await listChartPoints(context, symbol.id);
      return { status: 200, targets: points.map(chartPointOut) };
    },
    sample: (f) => ({ params: { symbol: f.symbolCode } }),
  }),
  defineCall({
    id: "admin/target-point",
    method: "GET",
    path: "/api/admin/target-point",
    tag: "Reference points",
    summary: "A symbol's active target points by price (symbol_code): the dashboard footer shows the first one's name and price.",
    page: "/chart",
    query: z.object({ symbol_code: z.string({ error: "Please select a symbol" }).trim().min(1, "Please select a symbol").max(40) }),
    status: 200,
    response: z.object({ status: okStatus, data: z.array(chartPointShape) }),
    handle: async ({ context, user, query }) => {
      const symbol = await requireVisibleSymbol(context, user, query.symbol_code);
      const points = await listChartPoints(context, symbol.id);
      return { status: 200, data: points.map(chartPointOut) };
    },
    sample: (f) => ({ query: { symbol_code: f.symbolCode } }),
  }),
  defineCall({
    id: "getReferencePoint",
    method: "GET",
    path: "/api/getReferencePoint",
    tag: "Reference points",
    summary: "Every active point the caller may see: data[point_name][symbol_code] = {price, display_name}.",
    page: "/chart",
    status: 200,
    response: z.object({ status: okStatus, data: z.record(z.string(), z.record(z.string(), z.object({ price: z.number(), display_name: z.string() }))) }),
    handle: async ({ context, user }) => {
      return { status: 200, data: pointsByName(await listActivePointsVisibleTo(context, user)) };
    },
    sample: () => ({}),
  }),
  defineCall({
    id: "getReferencePoint/{symbol}",
    method: "GET",
    path: "/api/getReferencePoint/{symbol}",
    tag: "Reference points",
    summary:
      "One symbol's active points in getReferencePoint's shape: data[point_name][symbol_code] = {price, display_name} (docs/product-rules.md R-TD7). " +
      "A symbol the caller may not see (a customer: outside its subscription) is 404.",
    page: "/chart",
    params: z.object({ symbol: z.string().min(1).max(40) }),
    status: 200,
    response: z.object({ status: okStatus, data: z.record(z.string(), z.record(z.string(), z.object({ price: z.number(), display_name: z.string() }))) }),
    handle: async ({ context, user, params }) => {
      const symbol = await requireVisibleSymbol(context, user, params.symbol);
      return { status: 200, data: pointsByName(await listActivePointsOf(context, symbol.id)) };
    },
    sample: (f) => ({ params: { symbol: f.symbolCode } }),
  }),
];
