import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseBhavCopy } from "~/market/bhav.server";
import { csvSlices, findCsvHeader, parseCsvInSlices } from "~/market/csv-chunks.server";
import { fixture, SHARED_DATA } from "../support/market";

describe("findCsvHeader", () => {
  it("finds the first non-blank line and its line number", () => {
    expect(findCsvHeader("\n  \r\n,,,\nA,B\r\n1,2\n")).toEqual({ header: { text: "A,B", line: 4, raw: "A,B\r\n" }, bodyStart: 14 });
    expect(findCsvHeader("A,B")).toEqual({ header: { text: "A,B", line: 1, raw: "A,B" }, bodyStart: 3 });
  });
  it("gives no header for an empty or blank text", () => {
    expect(findCsvHeader("").header).toBeNull();
    expect(findCsvHeader("\n \n\t\n").header).toBeNull();
  });
});

describe("csvSlices", () => {
  it("repeats the header and numbers each slice's first line", () => {
    const text = "H1,H2\na,1\nb,2\nc,3\nd,4\ne,5";
    const slices = [...csvSlices(text, 2)];
    expect(slices).toEqual([
      { text: "H1,H2\na,1\nb,2\n", firstLine: 2 },
      { text: "H1,H2\nc,3\nd,4\n", firstLine: 4 },
      { text: "H1,H2\ne,5", firstLine: 6 },
    ]);
  });
  it("never cuts inside a quoted field that spans lines", () => {
    const text = 'H\n"a\nb"\nc\nd\n';
    const slices = [...csvSlices(text, 1)];
    expect(slices.map((s) => s.text)).toEqual(['H\n"a\nb"\n', "H\nc\n", "H\nd\n"]);
    expect(slices.map((s) => s.firstLine)).toEqual([2, 4, 5]);
  });
  it("yields nothing for a header without rows", () => {
    expect([...csvSlices("A,B\n", 10)]).toEqual([]);
  });
});

describe("parseCsvInSlices", () => {
  it("gives the same rows and errors, with the same line numbers, as one pass", async () => {
    const text = `\n${fixture("bhav/fo-legacy-bad-rows.csv")}`.replace(/\n/g, "\r\n");
    const whole = parseBhavCopy(text);
    for (const size of [1, 2, 3, 1000]) {
      const sliced = await parseCsvInSlices(text, parseBhavCopy, size);
      expect(sliced.rows).toEqual(whole.rows);
      expect(sliced.errors).toEqual(whole.errors);
    }
  });
  it("keeps a header-line error once", async () => {
    const text = "INSTRUMENT,SYMBOL,EXPIRY_DT,SETTLE_PR\na,b,c,d\ne,f,g,h\n";
    const sliced = await parseCsvInSlices(text, parseBhavCopy, 1);
    expect(sliced.errors).toEqual(parseBhavCopy(text).errors);
  });

  const real = path.join(SHARED_DATA, "nse_fo_bhavcopy/fo01JAN2020bhav.csv");
  it.skipIf(!existsSync(real))("matches one pass on the real 31,809-row F&O bhav copy", async () => {
    const text = readFileSync(real, "utf8");
    const whole = parseBhavCopy(text);
    const sliced = await parseCsvInSlices(text, parseBhavCopy);
    expect(sliced.rows.length).toBe(31809);
    expect(sliced.rows).toEqual(whole.rows);
    expect(sliced.errors).toEqual([]);
  });
});
