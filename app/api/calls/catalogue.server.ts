// Symbols, sectors and sector analysis (docs/product-rules.md R-AC7 Symbols, Sectors).
import * as z from "zod";
import { istDateString, isValidYmd } from "~/domain/dates";
import { SYMBOL_LIST_DEFAULTS } from "~/domain/admin-lists";
import { PAGE_SIZE } from "~/domain/paging";
import {
  createSymbol,
  listSymbolAudioScripts,
  listSymbols,
  listSymbolsVisibleTo,
  switchSymbol,
  updateSymbol,
  type SymbolListRow,
} from "~/services/catalogue.server";
import { createSector, listActiveSymbolsOfSectors, listSectorsByName, sectorGaugeOfDay, switchSector, updateSector } from "~/services/sectors.server";
import { sectorSchema, symbolSchema } from "~/schemas/catalogue";
import { createdShape, dataShape, idParam, isoDateTime, listShape, messageShape, pageQuery, statusBody } from "../shapes";
import { defineCall, valueOrApiError } from "../types.server";
import { recordId, strictRecordId } from "~/schemas/record-id";
import { isRecordId } from "~/domain/paging";

// ------------------------------------------------------------------ symbols

const symbolAliases = {
  sector_id: "sectorId",
  daglu_per: "dagluPer",
  from_daglu_per: "fromDagluPer",
  to_daglu_per: "toDagluPer",
  audio_script: "audioScript",
} as const;

const symbolRowShape = z.object({
  id: z.number().int(),
  symbol_code: z.string(),
  sector_id: z.number().int().nullable(),
  sector_name: z.string().nullable(),
  segment: z.string(),
  description: z.string(),
  lotSize: z.number(),
  step: z.number(),
  audio_script: z.string(),
  status: z.boolean(),
  daglu_per: z.number().nullable(),
  from_daglu_per: z.number().nullable(),
  to_daglu_per: z.number().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});

function symbolOut(r: SymbolListRow): z.input<typeof symbolRowShape> {
  return {
    id: r.id,
    symbol_code: r.symbolCode,
    sector_id: r.sectorId,
    sector_name: r.sectorName,
    segment: r.segment,
    description: r.description,
    lotSize: r.lotSize,
    step: r.step,
    audio_script: r.audioScript,
    status: r.status,
    daglu_per: r.dagluPer,
    from_daglu_per: r.fromDagluPer,
    to_daglu_per: r.toDagluPer,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

// trading-dashboard.md's Symbol (docs/product-rules.md R-TD3): id, symbol_code, sector_id; sector_name is ours.
const symbolChoiceShape = z.object({ id: z.number().int(), symbol_code: z.string(), sector_id: z.number().int().nullable(), sector_name: z.string().nullable() });

// The documents' Sector (docs/product-rules.md R-AC3).
const sectorRowShape = z.object({
  id: z.number().int(),
  sector_name: z.string(),
  description: z.string(),
  status: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});

const symbolUpdateSchema = symbolSchema.omit({ status: true, segment: true }).extend({
  id: strictRecordId("Please send an id"),
  segment: symbolSchema.shape.segment.unwrap().optional(),
});

const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e6)}`;

// ------------------------------------------------------------------ sectors

const sectorWriteSchema = sectorSchema.omit({ status: true });
const sectorUpdateSchema = sectorWriteSchema.extend({ id: strictRecordId("Please send an id") });

export const catalogueCalls = [
  defineCall({
    id: "admin/symbol/list",
    method: "GET",
    path: "/api/admin/symbol/list",
    tag: "Symbols",
    summary:
      "Role 1 without status=true: the Symbol List, server-paged (currentPage, pageSize ≤ 100, default 10), optionally one sector (sector_id), with totalCount. " +
      "status=true, or any other role: the active symbols the caller may see (a customer its subscription), {id, symbol_code, sector_id, sector_name}.",
    page: "/dashboard",
    query: z.object({ sector_id: recordId().optional(), status: z.enum(["true", "false"]).optional(), ...pageQuery }),
    status: 200,
    response: z.object({ status: z.literal(200), data: z.array(z.union([symbolRowShape, symbolChoiceShape])), totalCount: z.number().int() }),
    handle: async ({ context, user, query }) => {
      if (user.roleId !== 1 || query.status === "true") {
        const rows = await listSymbolsVisibleTo(context, user);
        return { status: 200, data: rows.map((r) => ({ id: r.id, symbol_code: r.symbolCode, sector_id: r.sectorId, sector_name: r.sectorName })), totalCount: rows.length };
      }
      const { rows, total } = await listSymbols(context, {
        ...SYMBOL_LIST_DEFAULTS,
        search: null,
        sectorId: query.sector_id ?? null,
        page: query.currentPage ?? 1,
        pageSize: query.pageSize ?? PAGE_SIZE,
      });
      return { status: 200, data: rows.map(symbolOut), totalCount: total };
    },
    sample: (f) => ({ query: { sector_id: String(f.sectorId) } }),
  }),
  defineCall({
    id: "admin/symbol/sectorwise",
    method: "GET",
    path: "/api/admin/symbol/sectorwise",
    tag: "Symbols",
    summary: "Active symbols of the sectors given (sector_id=1,2 or repeated); none given: every active symbol. For the user form.",
    page: "/users",
    query: z.object({
      sector_id: z
        .union([z.string(), z.array(z.string())])
        .optional()
        .transform((v) => [...new Set((Array.isArray(v) ? v : (v ?? "").split(",")).map(Number).filter(isRecordId))]),
    }),
    status: 200,
    response: dataShape(z.array(z.object({ id: z.number().int(), symbol_code: z.string(), sector_id: z.number().int().nullable() }))),
    handle: async ({ context, query }) => {
      const rows = await listActiveSymbolsOfSectors(context, query.sector_id);
      return { status: 200, data: rows.map((r) => ({ id: r.id, symbol_code: r.symbolCode, sector_id: r.sectorId })) };
    },
    sample: (f) => ({ query: { sector_id: String(f.sectorId) } }),
  }),
  defineCall({
    id: "admin/symbol/create",
    method: "POST",
    path: "/api/admin/symbol/create",
    tag: "Symbols",
    summary: "Creates a symbol (the Create Symbol form; name is the symbol code, stored upper-case).",
    page: "/symbols",
    body: symbolSchema,
    aliases: symbolAliases,
    status: 201,
    response: createdShape(),
    handle: async ({ context, user, body }) => {
      const { id, message } = valueOrApiError(await createSymbol(context, user, body), symbolAliases);
      return { status: 201, message, data: { id } };
    },
    sample: (f) => ({
      body: { name: uniqueCode("APIS"), description: "API symbol", segment: "NSE", lotSize: 50, step: 5, sector_id: f.sectorId, daglu_per: 1.5, audio_script: "", from_daglu_per: 1, to_daglu_per: 2 },
    }),
    invalid: { body: { description: "no name" }, message: "Please enter a symbol name" },
  }),
  defineCall({
    id: "admin/symbol/update",
    method: "POST",
    path: "/api/admin/symbol/update",
    tag: "Symbols",
    summary: "Updates a symbol (the Edit Symbol form plus id). Status and, when not sent, segment are kept.",
    page: "/symbols",
    body: symbolUpdateSchema,
    aliases: symbolAliases,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const { id, ...edit } = body;
      const { message } = valueOrApiError(await updateSymbol(context, user, id, edit), symbolAliases);
      return { status: 200, message };
    },
    sample: async (f) => {
      const symbol = await f.make.symbol();
      return { body: { id: symbol.id, name: symbol.code, description: "updated", lotSize: 25, step: 2, sector_id: f.sectorId, daglu_per: 1, audio_script: "", from_daglu_per: 0.5, to_daglu_per: 1 } };
    },
    invalid: { body: { id: 1, name: "", step: 1 }, message: "Please enter a symbol name" },
  }),
  defineCall({
    id: "admin/symbol/status",
    method: "POST",
    path: "/api/admin/symbol/status",
    tag: "Symbols",
    summary: "Switches a symbol on (1) or off (0).",
    page: "/symbols",
    body: statusBody,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const { message } = valueOrApiError(await switchSymbol(context, user, body.id, body.status));
      return { status: 200, message };
    },
    sample: async (f) => ({ body: { id: (await f.make.symbol()).id, status: 0 } }),
    invalid: { body: { status: 1 }, message: "Please send an id" },
  }),
  defineCall({
    id: "admin/symbol/getsymbolaudioscript",
    method: "GET",
    path: "/api/admin/symbol/getsymbolaudioscript",
    tag: "Symbols",
    summary: "Every symbol's audio script, read aloud by speech alerts (the roles with charts).",
    page: "/chart",
    status: 200,
    response: z.object({ status: z.literal(200), audio_scripts: z.array(z.object({ symbol_code: z.string(), audio_script: z.string() })) }),
    handle: async ({ context }) => ({
      status: 200,
      audio_scripts: (await listSymbolAudioScripts(context)).map((r) => ({ symbol_code: r.symbolCode, audio_script: r.audioScript })),
    }),
    sample: () => ({}),
  }),

  defineCall({
    id: "admin/sector/list",
    method: "GET",
    path: "/api/admin/sector/list",
    tag: "Sectors",
    summary: "Sectors by name, {id, sector_name, description, status, created_at, updated_at}: role 1 every sector, other roles the active ones.",
    page: "/dashboard",
    status: 200,
    response: listShape(sectorRowShape),
    handle: async ({ context, user }) => {
      const rows = await listSectorsByName(context, user.roleId !== 1);
      return {
        status: 200,
        data: rows.map((r) => ({
          id: r.id,
          sector_name: r.sectorName,
          description: r.description,
          status: r.status,
          created_at: r.createdAt.toISOString(),
          updated_at: r.updatedAt.toISOString(),
        })),
        totalCount: rows.length,
      };
    },
    sample: () => ({}),
  }),
  defineCall({
    id: "admin/sector/create",
    method: "POST",
    path: "/api/admin/sector/create",
    tag: "Sectors",
    summary: "Creates a sector {name, description}; the name is unique in any case.",
    page: "/sectore",
    body: sectorWriteSchema,
    status: 201,
    response: createdShape(),
    handle: async ({ context, user, body }) => {
      const { id, message } = valueOrApiError(await createSector(context, user, body));
      return { status: 201, message, data: { id } };
    },
    sample: () => ({ body: { name: `API sector ${uniqueCode("")}`, description: "made over the API" } }),
    invalid: { body: { description: "nameless" }, message: "Please enter a name" },
  }),
  defineCall({
    id: "admin/sector/update",
    method: "POST",
    path: "/api/admin/sector/update",
    tag: "Sectors",
    summary: "Renames or re-describes a sector {id, name, description}; its status is kept.",
    page: "/sectore",
    body: sectorUpdateSchema,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const { id, ...edit } = body;
      const { message } = valueOrApiError(await updateSector(context, user, id, edit));
      return { status: 200, message };
    },
    sample: async (f) => {
      const sector = await f.make.sector();
      return { body: { id: sector.id, name: `${sector.name} renamed`, description: "renamed" } };
    },
    invalid: { body: { id: 1, name: " " }, message: "Please enter a name" },
  }),
  defineCall({
    id: "admin/sector/status",
    method: "POST",
    path: "/api/admin/sector/status",
    tag: "Sectors",
    summary: "Switches a sector on (1) or off (0).",
    page: "/sectore",
    body: statusBody,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const { message } = valueOrApiError(await switchSector(context, user, body.id, body.status));
      return { status: 200, message };
    },
    sample: async (f) => ({ body: { id: (await f.make.sector()).id, status: 1 } }),
    invalid: { body: { status: 1 }, message: "Please send an id" },
  }),
  defineCall({
    id: "admin/sectoranalysis/sector/{sectorId}",
    method: "GET",
    path: "/api/admin/sectoranalysis/sector/{sectorId}",
    tag: "Sectors",
    summary: "A sector's gauge (100 × up / (up + down), docs/product-rules.md R-D19) minute by minute over one IST day (date=YYYY-MM-DD, default today).",
    page: "/sector-analysis",
    params: z.object({ sectorId: idParam.shape.id }),
    query: z.object({ date: z.string().refine(isValidYmd, "Please enter a date as YYYY-MM-DD").optional() }),
    status: 200,
    response: z.array(z.object({ timestamp: isoDateTime, percentage: z.number() })),
    handle: async ({ context, params, query }) => {
      const points = valueOrApiError(await sectorGaugeOfDay(context, params.sectorId, query.date ?? istDateString(new Date())));
      return points.map((p) => ({ timestamp: p.ts.toISOString(), percentage: p.percentage }));
    },
    sample: (f) => ({ params: { sectorId: f.sectorId } }),
  }),
];
