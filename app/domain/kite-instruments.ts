// Kite Connect's daily instrument dump (GET /instruments, a CSV) read into typed rows, and the
// product's symbol codes mapped to the instrument a Kite live feed streams them by
// (instrument_token). Pure: the caller fetches the dump and says what time it is.
import { parse, type InfoRecord } from "csv-parse/sync";
import { isValidYmd, istMidnight } from "./dates";
import { SESSION_CLOSE_MINUTE_IST } from "./trading-calendar";
import { readContinuousFuture } from "./continuous-futures";

/** The dump's columns, as Kite Connect v3 documents them (any order is read; all are needed). */
export const KITE_INSTRUMENT_COLUMNS = [
  "instrument_token",
  "exchange_token",
  "tradingsymbol",
  "name",
  "last_price",
  "expiry",
  "strike",
  "tick_size",
  "lot_size",
  "instrument_type",
  "segment",
  "exchange",
] as const;
export type KiteInstrumentColumn = (typeof KITE_INSTRUMENT_COLUMNS)[number];

/** One row of the dump. Field names are Kite's, so a row reads like the file and the API. */
export interface KiteInstrument {
  instrument_token: number;
  exchange_token: number;
  tradingsymbol: string;
  /** The company (equities), the underlying (derivatives: "NIFTY") or the index ("NIFTY 50"); may be empty. */
  name: string;
  /** The previous day's, not live: the dump is generated once a day. */
  last_price: number;
  /** YYYY-MM-DD for derivatives, null otherwise. */
  expiry: string | null;
  strike: number;
  tick_size: number;
  lot_size: number;
  /** EQ (equities and indices), FUT, CE, PE. */
  instrument_type: string;
  /** NSE, BSE, INDICES, NFO-FUT, NFO-OPT, BFO-FUT, … */
  segment: string;
  exchange: string;
}

export interface KiteInstrumentRowError {
  /** The file's 1-based line. */
  line: number;
  message: string;
}

export interface ParsedKiteInstruments {
  instruments: KiteInstrument[];
  errors: KiteInstrumentRowError[];
}

/** Where each of Kite's columns is in the header row. */
export type KiteColumnIndex = Record<KiteInstrumentColumn, number> & { width: number };

const WHOLE_NUMBER = /^\d+$/;
const DECIMAL_NUMBER = /^-?\d+(\.\d+)?$/;
const DERIVATIVE_TYPES = new Set(["FUT", "CE", "PE"]);
const quoted = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** The header row's column positions, or what is missing ("instrument_token, expiry"). */
export function kiteColumnIndex(headerCells: readonly string[]): { index: KiteColumnIndex } | { problem: string } {
  // Kite's documentation shows the header with a space after each comma; the dump has none.
  const positions = new Map(headerCells.map((cell, i) => [cell.trim().toLowerCase(), i]));
  const missing = KITE_INSTRUMENT_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length > 0) return { problem: `Not a Kite instrument dump: the header lacks ${missing.join(", ")}` };
  const index = Object.fromEntries(KITE_INSTRUMENT_COLUMNS.map((column) => [column, positions.get(column)!]));
  return { index: { ...(index as Record<KiteInstrumentColumn, number>), width: headerCells.length } };
}

// A full dump has about 100,000 derivatives over a few dozen expiry days, and checking a day
// through date-fns costs about 6 µs: each day is checked once.
const EXPIRY_CHECKS_KEPT = 1024;
const expiryChecks = new Map<string, boolean>();
function isExpiryDay(text: string): boolean {
  let valid = expiryChecks.get(text);
  if (valid === undefined) {
    valid = isValidYmd(text);
    if (expiryChecks.size >= EXPIRY_CHECKS_KEPT) expiryChecks.clear();
    expiryChecks.set(text, valid);
  }
  return valid;
}

/**
 * One data row (its cells as csv-parse gives them) as an instrument, or what is wrong with it.
 * Exported with kiteColumnIndex so a caller can stream a full dump record by record.
 */
export function readKiteInstrumentRow(cells: readonly string[], index: KiteColumnIndex): { instrument: KiteInstrument } | { problem: string } {
  if (cells.length !== index.width) return { problem: `The row has ${cells.length} fields, not ${index.width}` };
  const cell = (column: KiteInstrumentColumn) => cells[index[column]].trim();
  const problems: string[] = [];
  const wholeNumber = (column: KiteInstrumentColumn) => {
    const text = cell(column);
    if (WHOLE_NUMBER.test(text)) return Number(text);
    problems.push(text === "" ? `${column} is missing` : `${column} ${quoted(text)} is not a whole number`);
    return 0;
  };
  // Kite's own documentation leaves last_price and strike blank on some rows; blank reads as 0.
  const decimal = (column: KiteInstrumentColumn, blankIsZero: boolean) => {
    const text = cell(column);
    if (text === "" && blankIsZero) return 0;
    if (DECIMAL_NUMBER.test(text)) return Number(text);
    problems.push(text === "" ? `${column} is missing` : `${column} ${quoted(text)} is not a number`);
    return 0;
  };
  const required = (column: KiteInstrumentColumn) => {
    const text = cell(column);
    if (text === "") problems.push(`${column} is missing`);
    return text;
  };

  const instrument: KiteInstrument = {
    instrument_token: wholeNumber("instrument_token"),
    exchange_token: wholeNumber("exchange_token"),
    tradingsymbol: required("tradingsymbol"),
    name: cell("name"),
    last_price: decimal("last_price", true),
    expiry: null,
    strike: decimal("strike", true),
    tick_size: decimal("tick_size", false),
    lot_size: wholeNumber("lot_size"),
    instrument_type: required("instrument_type").toUpperCase(),
    segment: required("segment").toUpperCase(),
    exchange: required("exchange").toUpperCase(),
  };
  const expiry = cell("expiry");
  if (expiry !== "" && !isExpiryDay(expiry)) problems.push(`expiry ${quoted(expiry)} is not a date (YYYY-MM-DD)`);
  else if (expiry !== "") instrument.expiry = expiry;
  else if (DERIVATIVE_TYPES.has(instrument.instrument_type)) problems.push(`expiry is missing on a ${instrument.instrument_type} contract`);
  return problems.length > 0 ? { problem: problems.join("; ") } : { instrument };
}

/**
 * Reads the dump. Rows that cannot be used (a wrong number of fields, a missing or non-numeric
 * field, an impossible expiry, a derivative without one, a repeated instrument_token) are
 * reported with their line and left out; a file whose header lacks Kite's columns gives no rows
 * and one error. Synchronous: a full dump (about 100,000 rows) takes seconds, so the server
 * parses it off the main loop (a worker thread), or streams it through readKiteInstrumentRow.
 */
export function parseKiteInstruments(csvText: string): ParsedKiteInstruments {
  const errors: KiteInstrumentRowError[] = [];
  // With `info`, csv-parse gives { record, info } per row, which its overloads do not type.
  const records = parse(csvText, {
    bom: true,
    info: true,
    skip_empty_lines: true,
    relax_column_count: true,
    // A stray quote stays text in its field instead of derailing the rows after it.
    relax_quotes: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      const line = error?.lines;
      errors.push({ line: typeof line === "number" ? line : 0, message: error?.message ?? "Unreadable CSV record" });
      return undefined;
    },
  }) as unknown as { record: string[]; info: InfoRecord }[];

  const [header, ...rows] = records;
  if (!header) return { instruments: [], errors };
  const columns = kiteColumnIndex(header.record);
  if ("problem" in columns) return { instruments: [], errors: [...errors, { line: header.info.lines, message: columns.problem }] };

  const instruments: KiteInstrument[] = [];
  const lineOfToken = new Map<number, number>();
  for (const { record, info } of rows) {
    const read = readKiteInstrumentRow(record, columns.index);
    if ("problem" in read) {
      errors.push({ line: info.lines, message: read.problem });
      continue;
    }
    const token = read.instrument.instrument_token;
    const firstLine = lineOfToken.get(token);
    if (firstLine !== undefined) {
      errors.push({ line: info.lines, message: `instrument_token ${token} is already given on line ${firstLine}` });
      continue;
    }
    lineOfToken.set(token, info.lines);
    instruments.push(read.instrument);
  }
  errors.sort((a, b) => a.line - b.line);
  return { instruments, errors };
}

// ---------------------------------------------------------------- symbol mapping

/** What a live feed needs of the chosen instrument. */
export interface KiteInstrumentRef {
  instrument_token: number;
  tradingsymbol: string;
  exchange: string;
  segment: string;
  /** Set for a futures contract. */
  expiry?: string;
}

/** A manual choice (role 1) that could not be used, so the rules' answer stands. */
export interface RejectedOverride {
  instrument_token: number;
  reason: string;
}

interface MappingBase {
  /** The code as the caller gave it. */
  symbolCode: string;
  rejectedOverride?: RejectedOverride;
}

export interface MappedSymbol extends MappingBase, KiteInstrumentRef {
  status: "mapped";
  source: "rule" | "override";
}

export interface AmbiguousSymbol extends MappingBase {
  status: "ambiguous";
  reason: string;
  candidates: KiteInstrumentRef[];
}

export interface UnknownSymbol extends MappingBase {
  status: "unknown";
  reason: string;
}

export type SymbolMapping = MappedSymbol | AmbiguousSymbol | UnknownSymbol;

/** Manual choices: product symbol code (as given, or upper-cased) → instrument_token. */
export type SymbolOverrides = ReadonlyMap<string, number>;

/**
 * The product's short index codes and the index row Kite lists each under. Kite names NSE's
 * indices in full ("NIFTY 50"), while the product and the futures' underlyings use the short
 * code. A full name ("NIFTY 50", "NIFTY IT") needs no entry: it matches an INDICES row as it is.
 */
export const INDEX_ALIASES: ReadonlyMap<string, { exchange: "NSE" | "BSE"; tradingsymbol: string }> = new Map([
  ["NIFTY", { exchange: "NSE", tradingsymbol: "NIFTY 50" }],
  ["NIFTY50", { exchange: "NSE", tradingsymbol: "NIFTY 50" }],
  ["BANKNIFTY", { exchange: "NSE", tradingsymbol: "NIFTY BANK" }],
  ["FINNIFTY", { exchange: "NSE", tradingsymbol: "NIFTY FIN SERVICE" }],
  ["MIDCPNIFTY", { exchange: "NSE", tradingsymbol: "NIFTY MID SELECT" }],
  ["NIFTYNXT50", { exchange: "NSE", tradingsymbol: "NIFTY NEXT 50" }],
  ["INDIAVIX", { exchange: "NSE", tradingsymbol: "INDIA VIX" }],
  ["SENSEX", { exchange: "BSE", tradingsymbol: "SENSEX" }],
  ["BANKEX", { exchange: "BSE", tradingsymbol: "BANKEX" }],
]);

/**
 * Whether the mapping can ever pick an instrument: every kind but options (CE, PE), which no
 * product symbol is. Options are nine rows in ten of a full dump, so the stored dump leaves them out.
 */
export function isMappableInstrument(instrument: KiteInstrument): boolean {
  return instrument.instrument_type !== "CE" && instrument.instrument_type !== "PE";
}

/** NSE's index futures trade on NFO, BSE's (SENSEX, BANKEX) on BFO. */
const FUTURES_SEGMENTS = new Set(["NFO-FUT", "BFO-FUT"]);

/**
 * Whether a contract has expired at `now`: from 15:30 IST on its expiry day, when the day's
 * session closes. The dump's expiry is the real one (a holiday already moved it), so no
 * calendar rule is needed here.
 */
export function hasContractExpired(expiry: string, now: number): boolean {
  return now >= istMidnight(expiry).getTime() + SESSION_CLOSE_MINUTE_IST * 60_000;
}

interface InstrumentIndex {
  byToken: Map<number, KiteInstrument>;
  bySymbol: Map<string, KiteInstrument[]>;
  /** Futures by underlying, nearest expiry first. */
  futuresByName: Map<string, KiteInstrument[]>;
}

// A full dump has about 100,000 rows: the index is built once per dump (array), however many
// symbols are mapped one at a time. A dump's array is not changed after parsing; a new day's
// dump is a new array.
const indexes = new WeakMap<readonly KiteInstrument[], InstrumentIndex>();

function addTo<Key>(groups: Map<Key, KiteInstrument[]>, key: Key, instrument: KiteInstrument): void {
  const group = groups.get(key);
  if (group) group.push(instrument);
  else groups.set(key, [instrument]);
}

function indexOf(instruments: readonly KiteInstrument[]): InstrumentIndex {
  let index = indexes.get(instruments);
  if (index) return index;
  index = { byToken: new Map(), bySymbol: new Map(), futuresByName: new Map() };
  for (const instrument of instruments) {
    index.byToken.set(instrument.instrument_token, instrument);
    addTo(index.bySymbol, normaliseCode(instrument.tradingsymbol), instrument);
    if (instrument.instrument_type === "FUT" && FUTURES_SEGMENTS.has(instrument.segment) && instrument.expiry) {
      addTo(index.futuresByName, normaliseCode(instrument.name), instrument);
    }
  }
  for (const contracts of index.futuresByName.values()) {
    contracts.sort((a, b) => a.expiry!.localeCompare(b.expiry!) || a.instrument_token - b.instrument_token);
  }
  indexes.set(instruments, index);
  return index;
}

function normaliseCode(code: string): string {
  return code.trim().replace(/\s+/g, " ").toUpperCase();
}

function refOf(instrument: KiteInstrument): KiteInstrumentRef {
  const { instrument_token, tradingsymbol, exchange, segment, expiry } = instrument;
  return expiry ? { instrument_token, tradingsymbol, exchange, segment, expiry } : { instrument_token, tradingsymbol, exchange, segment };
}

type RuleOutcome =
  | { status: "mapped"; instrument: KiteInstrument }
  | { status: "ambiguous"; reason: string; candidates: KiteInstrument[] }
  | { status: "unknown"; reason: string };

function mapContinuousFuture(underlying: string, position: number, code: string, index: InstrumentIndex, now: number): RuleOutcome {
  const live = (index.futuresByName.get(underlying) ?? []).filter((contract) => !hasContractExpired(contract.expiry!, now));
  if (live.length === 0) return { status: "unknown", reason: `No live ${underlying} futures contract is in the instrument dump` };
  const bySegment = new Map<string, KiteInstrument[]>();
  for (const contract of live) addTo(bySegment, contract.segment, contract);
  if (bySegment.size > 1) {
    const segments = [...bySegment.keys()].sort();
    const candidates = segments.map((segment) => bySegment.get(segment)![position - 1]).filter(Boolean);
    return { status: "ambiguous", reason: `${underlying} futures trade in ${segments.join(" and ")}`, candidates };
  }
  const expiries = [...new Set(live.map((contract) => contract.expiry!))];
  if (expiries.length < position) {
    return { status: "unknown", reason: `Only ${expiries.length} live ${underlying} futures contract${expiries.length === 1 ? " is" : "s are"} in the instrument dump, so there is no ${code}` };
  }
  const contracts = live.filter((contract) => contract.expiry === expiries[position - 1]);
  if (contracts.length > 1) return { status: "ambiguous", reason: `Several ${underlying} futures contracts expire on ${expiries[position - 1]}`, candidates: contracts };
  return { status: "mapped", instrument: contracts[0] };
}

/** The segments rows are listed in, for a reason ("BSE", "BSE, NSE"). */
function listedOn(rows: readonly KiteInstrument[]): string {
  return [...new Set(rows.map((row) => row.segment))].sort().join(", ");
}

/** One match maps; several are for a person to choose from; none falls through (null). */
function oneOf(matches: KiteInstrument[], ambiguity: string): RuleOutcome | null {
  if (matches.length === 1) return { status: "mapped", instrument: matches[0] };
  if (matches.length > 1) return { status: "ambiguous", reason: ambiguity, candidates: matches };
  return null;
}

function mapByRules(code: string, index: InstrumentIndex, now: number): RuleOutcome {
  if (code === "") return { status: "unknown", reason: "The symbol code is empty" };
  const future = readContinuousFuture(code);
  if (future) return mapContinuousFuture(future.underlying, future.position, code, index, now);

  const alias = INDEX_ALIASES.get(code);
  if (alias) {
    const named = [...new Set([...(index.bySymbol.get(alias.tradingsymbol) ?? []), ...(index.bySymbol.get(code) ?? [])])];
    const rows = named.filter((row) => row.segment === "INDICES" && row.exchange === alias.exchange);
    const missing = `${alias.exchange} index ${alias.tradingsymbol} is not in the instrument dump`;
    // Rows of that name elsewhere (another segment) are for a person to choose from, not guessed.
    const elsewhere = named.filter((row) => !rows.includes(row) && isMappableInstrument(row) && row.instrument_type !== "FUT");
    if (rows.length === 0 && elsewhere.length > 0) return { status: "ambiguous", reason: `${missing}; ${code} is listed on ${listedOn(elsewhere)}`, candidates: elsewhere };
    return oneOf(rows, `The dump lists ${alias.exchange} index ${alias.tradingsymbol} more than once`) ?? { status: "unknown", reason: missing };
  }

  const sameSymbol = index.bySymbol.get(code) ?? [];
  const nseEquities = sameSymbol.filter((row) => row.segment === "NSE" && row.instrument_type === "EQ");
  const indices = sameSymbol.filter((row) => row.segment === "INDICES");
  // The product lists NSE: a match only on another exchange (BSE) is plausible but not certain.
  const otherCash = sameSymbol.filter((row) => row.instrument_type === "EQ" && row.segment !== "NSE" && row.segment !== "INDICES");
  const matched = oneOf(nseEquities, `The dump lists ${code} on NSE more than once`) ?? oneOf(indices, `${code} names an index on more than one exchange`);
  if (matched) return matched;
  if (otherCash.length > 0) {
    return { status: "ambiguous", reason: `${code} is not an NSE equity; it is listed on ${listedOn(otherCash)}`, candidates: otherCash };
  }
  return { status: "unknown", reason: `${code} is neither an NSE equity nor an index in the instrument dump` };
}

/** Why an overriding token cannot be used, or null when it can. */
function overrideProblem(instrument: KiteInstrument | undefined, now: number): string | null {
  if (!instrument) return "Not in today's instrument dump";
  if (instrument.expiry && hasContractExpired(instrument.expiry, now)) return `${instrument.tradingsymbol} expired on ${instrument.expiry}`;
  return null;
}

function mapWithIndex(symbolCode: string, index: InstrumentIndex, now: number, overrides: SymbolOverrides): SymbolMapping {
  const code = normaliseCode(symbolCode);
  const overrideToken = overrides.get(symbolCode) ?? overrides.get(code);
  let rejectedOverride: RejectedOverride | undefined;
  if (overrideToken !== undefined) {
    const instrument = index.byToken.get(overrideToken);
    const problem = overrideProblem(instrument, now);
    if (!problem) return { status: "mapped", symbolCode, source: "override", ...refOf(instrument!) };
    rejectedOverride = { instrument_token: overrideToken, reason: problem };
  }
  const outcome = mapByRules(code, index, now);
  const note = rejectedOverride ? { rejectedOverride } : {};
  switch (outcome.status) {
    case "mapped":
      return { status: "mapped", symbolCode, source: "rule", ...refOf(outcome.instrument), ...note };
    case "ambiguous":
      return { status: "ambiguous", symbolCode, reason: outcome.reason, candidates: outcome.candidates.map(refOf), ...note };
    case "unknown":
      return { status: "unknown", symbolCode, reason: outcome.reason, ...note };
  }
}

/**
 * The Kite instrument of one product symbol at `now` (epoch ms):
 * - "<UNDERLYING>-I/-II/-III": the underlying's 1st/2nd/3rd futures contract (NFO-FUT, or BFO-FUT
 *   for BSE's indices) by expiry, counting only contracts not expired at `now` (hasContractExpired);
 * - a short index code (INDEX_ALIASES): that NSE or BSE index;
 * - anything else: the NSE equity of that tradingsymbol, else an index of that name; a code found
 *   only on another exchange is ambiguous, so a person confirms it.
 * An override (a token chosen by hand) wins when today's dump has it and it has not expired;
 * otherwise it is reported in `rejectedOverride` and the rules decide.
 */
export function mapSymbolToInstrument(symbolCode: string, instruments: readonly KiteInstrument[], now: number, overrides: SymbolOverrides = new Map()): SymbolMapping {
  return mapWithIndex(symbolCode, indexOf(instruments), now, overrides);
}

/** mapSymbolToInstrument for many symbols, in the order given. */
export function mapSymbols(symbolCodes: readonly string[], instruments: readonly KiteInstrument[], now: number, overrides: SymbolOverrides = new Map()): SymbolMapping[] {
  const index = indexOf(instruments);
  return symbolCodes.map((code) => mapWithIndex(code, index, now, overrides));
}
