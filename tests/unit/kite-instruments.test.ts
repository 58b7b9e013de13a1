import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { istWallTimeToEpochMs } from "~/domain/dates";
import { hasContractExpired, mapSymbols, mapSymbolToInstrument, parseKiteInstruments, type KiteInstrument } from "~/domain/kite-instruments";
import { continuousFutureCode } from "~/domain/tradebook";

// A dump as of late November 2025: NIFTY and BANKNIFTY futures expire on 2025-11-25 (the last
// Tuesday), 2025-12-30 and 2026-01-27; SENSEX futures on BFO on 2025-11-27 and 2025-12-24.
const FIXTURE = readFileSync("tests/fixtures/kite/instruments.csv", "utf8");
const { instruments: DUMP } = parseKiteInstruments(FIXTURE);

const HEADER = "instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange";
const ist = (ymd: string, hour: number, minute: number) => {
  const [y, m, d] = ymd.split("-").map(Number);
  return istWallTimeToEpochMs(y, m, d, hour, minute);
};

const ORDINARY_DAY = ist("2025-11-10", 10, 0);
const EXPIRY_DAY_BEFORE_CLOSE = ist("2025-11-25", 15, 29);
const EXPIRY_DAY_AT_CLOSE = ist("2025-11-25", 15, 30);
const EXPIRY_DAY_AFTER_CLOSE = ist("2025-11-25", 15, 31);
const DAY_AFTER_EXPIRY = ist("2025-11-26", 9, 15);

// Tokens read off the fixture by hand.
const NIFTY_NOV = 13355010;
const NIFTY_DEC = 13355266;
const NIFTY_JAN = 13355522;
const BANKNIFTY_NOV = 13358082;
const BANKNIFTY_DEC = 13358338;
const RELIANCE_NSE = 738561;
const RELIANCE_BSE = 128083204;

const tokenOf = (code: string, now: number, instruments: readonly KiteInstrument[] = DUMP) => {
  const mapping = mapSymbolToInstrument(code, instruments, now);
  return mapping.status === "mapped" ? mapping.instrument_token : mapping.status;
};

describe("parseKiteInstruments", () => {
  it("reads every row of Kite's dump, typed", () => {
    const { instruments, errors } = parseKiteInstruments(FIXTURE);
    expect(errors).toEqual([]);
    expect(instruments).toHaveLength(20);
    expect(instruments.find((row) => row.tradingsymbol === "INFY")).toEqual({
      instrument_token: 408065,
      exchange_token: 1594,
      tradingsymbol: "INFY",
      name: "INFOSYS",
      last_price: 0,
      expiry: null,
      strike: 0,
      tick_size: 0.1,
      lot_size: 1,
      instrument_type: "EQ",
      segment: "NSE",
      exchange: "NSE",
    });
    expect(instruments.find((row) => row.tradingsymbol === "NIFTY25NOVFUT")).toMatchObject({ name: "NIFTY", expiry: "2025-11-25", lot_size: 75, tick_size: 0.1, segment: "NFO-FUT" });
    expect(instruments.find((row) => row.tradingsymbol === "NIFTY25NOV26000PE")).toMatchObject({ strike: 26000, instrument_type: "PE" });
    expect(instruments.find((row) => row.instrument_token === 256265)).toMatchObject({ tradingsymbol: "NIFTY 50", name: "NIFTY 50", segment: "INDICES" });
  });

  it("reports malformed rows with their line and keeps the good ones", () => {
    const csv = [
      HEADER,
      "408065,1594,INFY,\"INFOSYS\",0,,0,0.1,1,EQ,NSE,NSE",
      "abc,1595,BAD,\"BAD\",0,,0,0.1,1,EQ,NSE,NSE",
      "13355010,52168,NIFTY25NOVFUT,\"NIFTY\",0,2025-11-31,0,0.1,75,FUT,NFO-FUT,NFO",
      "13355266,52169,NIFTY25DECFUT,\"NIFTY\",0,,0,0.1,75,FUT,NFO-FUT,NFO",
      "2953217,11536,TCS",
      "408065,1594,INFY,\"INFOSYS\",0,,0,0.1,1,EQ,NSE,NSE",
      "779521,3045,SBIN,\"STATE BANK OF INDIA\",0,,0,0.05,1,EQ,NSE,NSE",
    ].join("\n");
    const { instruments, errors } = parseKiteInstruments(csv);
    expect(instruments.map((row) => row.tradingsymbol)).toEqual(["INFY", "SBIN"]);
    expect(errors).toEqual([
      { line: 3, message: 'instrument_token "abc" is not a whole number' },
      { line: 4, message: 'expiry "2025-11-31" is not a date (YYYY-MM-DD)' },
      { line: 5, message: "expiry is missing on a FUT contract" },
      { line: 6, message: "The row has 3 fields, not 12" },
      { line: 7, message: "instrument_token 408065 is already given on line 2" },
    ]);
  });

  it("keeps reading after a stray quote", () => {
    const csv = [HEADER, '408065,1594,INFY,"INFO"SYS,0,,0,0.1,1,EQ,NSE,NSE', '779521,3045,SBIN,"STATE BANK OF INDIA",0,,0,0.05,1,EQ,NSE,NSE', '2953217,11536,TCS,"TATA",0,,0,0.1,1,EQ,NSE,NSE,extra'].join("\n");
    const { instruments, errors } = parseKiteInstruments(csv);
    expect(instruments.map((row) => [row.tradingsymbol, row.name])).toEqual([
      ["INFY", '"INFO"SYS'],
      ["SBIN", "STATE BANK OF INDIA"],
    ]);
    expect(errors).toEqual([{ line: 4, message: "The row has 13 fields, not 12" }]);
  });

  it("reads the documentation's sample, with spaces in the header and blank strikes", () => {
    const csv = [
      "instrument_token, exchange_token, tradingsymbol, name, last_price, expiry, strike, tick_size, lot_size, instrument_type, segment, exchange",
      "408065,1594,INFY,INFOSYS,0,,,0.05,1,EQ,NSE,NSE",
      "5720322,22345,NIFTY15DECFUT,,78.0,2015-12-31,,0.05,75,FUT,NFO-FUT,NFO",
    ].join("\n");
    const { instruments, errors } = parseKiteInstruments(csv);
    expect(errors).toEqual([]);
    expect(instruments[1]).toMatchObject({ name: "", last_price: 78, strike: 0, expiry: "2015-12-31" });
  });

  it("refuses a file that is not a Kite dump, without throwing", () => {
    expect(parseKiteInstruments("symbol,price\nINFY,1500\n")).toEqual({
      instruments: [],
      errors: [{ line: 1, message: expect.stringContaining("instrument_token, exchange_token, tradingsymbol") }],
    });
    expect(parseKiteInstruments("")).toEqual({ instruments: [], errors: [] });
  });
});

describe("continuous futures (-I, -II, -III)", () => {
  it("on an ordinary day: the three contracts by expiry, never an option", () => {
    // NIFTY25N1826000CE expires first (2025-11-18) but is an option.
    expect(tokenOf("NIFTY-I", ORDINARY_DAY)).toBe(NIFTY_NOV);
    expect(tokenOf("NIFTY-II", ORDINARY_DAY)).toBe(NIFTY_DEC);
    expect(tokenOf("NIFTY-III", ORDINARY_DAY)).toBe(NIFTY_JAN);
    expect(tokenOf("BANKNIFTY-I", ORDINARY_DAY)).toBe(BANKNIFTY_NOV);
    expect(mapSymbolToInstrument("NIFTY-I", DUMP, ORDINARY_DAY)).toEqual({
      status: "mapped",
      symbolCode: "NIFTY-I",
      source: "rule",
      instrument_token: NIFTY_NOV,
      tradingsymbol: "NIFTY25NOVFUT",
      exchange: "NFO",
      segment: "NFO-FUT",
      expiry: "2025-11-25",
    });
  });

  it("on expiry day at 15:29 IST the expiring contract is still -I", () => {
    expect(tokenOf("NIFTY-I", EXPIRY_DAY_BEFORE_CLOSE)).toBe(NIFTY_NOV);
    expect(tokenOf("NIFTY-II", EXPIRY_DAY_BEFORE_CLOSE)).toBe(NIFTY_DEC);
    expect(tokenOf("NIFTY-III", EXPIRY_DAY_BEFORE_CLOSE)).toBe(NIFTY_JAN);
  });

  it("rolls at the 15:30 IST close of expiry day", () => {
    for (const now of [EXPIRY_DAY_AT_CLOSE, EXPIRY_DAY_AFTER_CLOSE]) {
      expect(tokenOf("NIFTY-I", now)).toBe(NIFTY_DEC);
      expect(tokenOf("NIFTY-II", now)).toBe(NIFTY_JAN);
      expect(tokenOf("BANKNIFTY-I", now)).toBe(BANKNIFTY_DEC);
    }
  });

  it("on the day after expiry: the next month is -I, and a fourth contract not yet in the dump is unknown", () => {
    expect(tokenOf("NIFTY-I", DAY_AFTER_EXPIRY)).toBe(NIFTY_DEC);
    expect(tokenOf("NIFTY-II", DAY_AFTER_EXPIRY)).toBe(NIFTY_JAN);
    expect(mapSymbolToInstrument("NIFTY-III", DUMP, DAY_AFTER_EXPIRY)).toEqual({
      status: "unknown",
      symbolCode: "NIFTY-III",
      reason: "Only 2 live NIFTY futures contracts are in the instrument dump, so there is no NIFTY-III",
    });
  });

  it("agrees with the series the tradebook journals a contract under", () => {
    for (const [now, day] of [
      [ORDINARY_DAY, "2025-11-10"],
      [DAY_AFTER_EXPIRY, "2025-11-26"],
    ] as const) {
      for (const code of ["NIFTY-I", "NIFTY-II", "BANKNIFTY-I", "BANKNIFTY-II"]) {
        const mapping = mapSymbolToInstrument(code, DUMP, now);
        expect(mapping.status === "mapped" && continuousFutureCode(mapping.tradingsymbol, day)).toBe(code);
      }
    }
  });

  it("finds BSE's index futures on BFO, with their own expiry", () => {
    // SENSEX futures expire on 2025-11-27 and 2025-12-24 (25 December is a holiday).
    expect(tokenOf("SENSEX-I", DAY_AFTER_EXPIRY)).toBe(290880261);
    expect(tokenOf("SENSEX-II", DAY_AFTER_EXPIRY)).toBe(290931717);
    expect(tokenOf("SENSEX-I", ist("2025-11-27", 15, 31))).toBe(290931717);
    expect(tokenOf("SENSEX-III", DAY_AFTER_EXPIRY)).toBe("unknown");
  });

  it("has no contract for an underlying without futures, or once every contract has expired", () => {
    expect(mapSymbolToInstrument("INFY-I", DUMP, ORDINARY_DAY)).toMatchObject({ status: "unknown", reason: "No live INFY futures contract is in the instrument dump" });
    expect(tokenOf("NIFTY-I", ist("2026-01-27", 15, 30))).toBe("unknown");
  });

  it("is ambiguous when the underlying's futures trade on both NFO and BFO", () => {
    const bfoNifty: KiteInstrument = { ...DUMP.find((row) => row.instrument_token === NIFTY_NOV)!, instrument_token: 290000005, segment: "BFO-FUT", exchange: "BFO" };
    const mapping = mapSymbolToInstrument("NIFTY-I", [...DUMP, bfoNifty], ORDINARY_DAY);
    expect(mapping).toMatchObject({ status: "ambiguous", reason: "NIFTY futures trade in BFO-FUT and NFO-FUT" });
    expect(mapping.status === "ambiguous" && mapping.candidates.map((c) => c.instrument_token)).toEqual([290000005, NIFTY_NOV]);
  });

  it("counts a contract as expired from 15:30 IST of its expiry day", () => {
    expect(hasContractExpired("2025-11-25", ist("2025-11-25", 15, 29) + 59_999)).toBe(false);
    expect(hasContractExpired("2025-11-25", ist("2025-11-25", 15, 30))).toBe(true);
  });
});

describe("indices", () => {
  it("maps SENSEX to BSE's index", () => {
    expect(mapSymbolToInstrument("SENSEX", DUMP, ORDINARY_DAY)).toEqual({
      status: "mapped",
      symbolCode: "SENSEX",
      source: "rule",
      instrument_token: 265,
      tradingsymbol: "SENSEX",
      exchange: "BSE",
      segment: "INDICES",
    });
  });

  it("maps the short codes and the full names to NSE's indices", () => {
    expect(tokenOf("NIFTY", ORDINARY_DAY)).toBe(256265);
    expect(tokenOf("NIFTY 50", ORDINARY_DAY)).toBe(256265);
    expect(tokenOf("BANKNIFTY", ORDINARY_DAY)).toBe(260105);
    expect(tokenOf(" nifty  bank ", ORDINARY_DAY)).toBe(260105);
    expect(tokenOf("FINNIFTY", ORDINARY_DAY)).toBe(257801);
    expect(tokenOf("INDIAVIX", ORDINARY_DAY)).toBe(264969);
  });

  it("reports an aliased index missing from the dump", () => {
    expect(mapSymbolToInstrument("MIDCPNIFTY", DUMP, ORDINARY_DAY)).toMatchObject({ status: "unknown", reason: "NSE index NIFTY MID SELECT is not in the instrument dump" });
  });

  it("offers an aliased index's namesake in another segment to choose from, not as the index", () => {
    const sensexCash: KiteInstrument = { ...DUMP[0], instrument_token: 265, tradingsymbol: "SENSEX", name: "SENSEX", segment: "BSE", exchange: "BSE" };
    const dump = DUMP.filter((row) => !(row.segment === "INDICES" && row.tradingsymbol === "SENSEX")).concat(sensexCash);
    expect(mapSymbolToInstrument("SENSEX", dump, ORDINARY_DAY)).toMatchObject({
      status: "ambiguous",
      reason: "BSE index SENSEX is not in the instrument dump; SENSEX is listed on BSE",
      candidates: [{ instrument_token: 265, tradingsymbol: "SENSEX", exchange: "BSE", segment: "BSE" }],
    });
  });

  it("is ambiguous when an index name is listed on two exchanges", () => {
    const index = (instrument_token: number, exchange: string): KiteInstrument => ({ ...DUMP[0], instrument_token, tradingsymbol: "NIFTY IT", name: "NIFTY IT", exchange });
    const mapping = mapSymbolToInstrument("NIFTY IT", [...DUMP, index(259849, "NSE"), index(2, "BSE")], ORDINARY_DAY);
    expect(mapping).toMatchObject({ status: "ambiguous", reason: "NIFTY IT names an index on more than one exchange" });
    expect(mapping.status === "ambiguous" && mapping.candidates.map((c) => c.exchange)).toEqual(["NSE", "BSE"]);
  });
});

describe("equities", () => {
  it("maps an NSE equity by tradingsymbol, preferring NSE to BSE", () => {
    expect(tokenOf("INFY", ORDINARY_DAY)).toBe(408065);
    expect(tokenOf("TCS", ORDINARY_DAY)).toBe(2953217);
    expect(tokenOf("SBIN", ORDINARY_DAY)).toBe(779521);
    expect(mapSymbolToInstrument("RELIANCE", DUMP, ORDINARY_DAY)).toEqual({
      status: "mapped",
      symbolCode: "RELIANCE",
      source: "rule",
      instrument_token: RELIANCE_NSE,
      tradingsymbol: "RELIANCE",
      exchange: "NSE",
      segment: "NSE",
    });
  });

  it("is ambiguous when the code is listed only on another exchange", () => {
    const withoutNseReliance = DUMP.filter((row) => row.instrument_token !== RELIANCE_NSE);
    expect(mapSymbolToInstrument("RELIANCE", withoutNseReliance, ORDINARY_DAY)).toEqual({
      status: "ambiguous",
      symbolCode: "RELIANCE",
      reason: "RELIANCE is not an NSE equity; it is listed on BSE",
      candidates: [{ instrument_token: RELIANCE_BSE, tradingsymbol: "RELIANCE", exchange: "BSE", segment: "BSE" }],
    });
  });

  it("is ambiguous when NSE lists the tradingsymbol twice", () => {
    const twice = [...DUMP, { ...DUMP.find((row) => row.instrument_token === 408065)!, instrument_token: 3 }];
    expect(mapSymbolToInstrument("INFY", twice, ORDINARY_DAY)).toMatchObject({ status: "ambiguous", candidates: [{ instrument_token: 408065 }, { instrument_token: 3 }] });
  });

  it("does not know a code missing from the dump, nor an option's tradingsymbol", () => {
    expect(mapSymbolToInstrument("NOSUCHCO", DUMP, ORDINARY_DAY)).toEqual({
      status: "unknown",
      symbolCode: "NOSUCHCO",
      reason: "NOSUCHCO is neither an NSE equity nor an index in the instrument dump",
    });
    expect(tokenOf("NIFTY25NOV26000PE", ORDINARY_DAY)).toBe("unknown");
    expect(tokenOf("  ", ORDINARY_DAY)).toBe("unknown");
  });
});

describe("mapSymbols and overrides", () => {
  it("maps a batch in the order given", () => {
    const mappings = mapSymbols(["NIFTY-I", "SENSEX", "INFY", "NOSUCHCO"], DUMP, DAY_AFTER_EXPIRY);
    expect(mappings.map((m) => [m.symbolCode, m.status === "mapped" ? m.instrument_token : m.status])).toEqual([
      ["NIFTY-I", NIFTY_DEC],
      ["SENSEX", 265],
      ["INFY", 408065],
      ["NOSUCHCO", "unknown"],
    ]);
  });

  it("uses a valid override instead of the rules, and settles an ambiguous symbol", () => {
    const withoutNseReliance = DUMP.filter((row) => row.instrument_token !== RELIANCE_NSE);
    const overrides = new Map([
      ["NIFTY-I", NIFTY_DEC],
      ["RELIANCE", RELIANCE_BSE],
    ]);
    const [nifty, reliance] = mapSymbols(["NIFTY-I", "RELIANCE"], withoutNseReliance, ORDINARY_DAY, overrides);
    expect(nifty).toMatchObject({ status: "mapped", source: "override", instrument_token: NIFTY_DEC, tradingsymbol: "NIFTY25DECFUT" });
    expect(reliance).toEqual({ status: "mapped", symbolCode: "RELIANCE", source: "override", instrument_token: RELIANCE_BSE, tradingsymbol: "RELIANCE", exchange: "BSE", segment: "BSE" });
  });

  it("reports a token missing from today's dump and falls back to the rules", () => {
    const mapping = mapSymbolToInstrument("NIFTY-I", DUMP, ORDINARY_DAY, new Map([["NIFTY-I", 99999999]]));
    expect(mapping).toMatchObject({
      status: "mapped",
      source: "rule",
      instrument_token: NIFTY_NOV,
      rejectedOverride: { instrument_token: 99999999, reason: "Not in today's instrument dump" },
    });
  });

  it("reports an override to a contract that has since expired", () => {
    const mapping = mapSymbolToInstrument("NIFTY-I", DUMP, DAY_AFTER_EXPIRY, new Map([["NIFTY-I", NIFTY_NOV]]));
    expect(mapping).toMatchObject({
      status: "mapped",
      source: "rule",
      instrument_token: NIFTY_DEC,
      rejectedOverride: { instrument_token: NIFTY_NOV, reason: "NIFTY25NOVFUT expired on 2025-11-25" },
    });
  });

  it("keeps an ambiguous symbol ambiguous when its override is stale", () => {
    const withoutNseReliance = DUMP.filter((row) => row.instrument_token !== RELIANCE_NSE);
    const mapping = mapSymbolToInstrument("RELIANCE", withoutNseReliance, ORDINARY_DAY, new Map([["RELIANCE", RELIANCE_NSE]]));
    expect(mapping).toMatchObject({ status: "ambiguous", rejectedOverride: { instrument_token: RELIANCE_NSE, reason: "Not in today's instrument dump" } });
  });
});
