import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseBhavCopy, readCsvRecords, type CsvRecord, type ParseError } from "~/market/bhav.server";
import { findCsvHeader, streamCsvRecords } from "~/market/csv-chunks.server";
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

async function streamed(text: string, pieceSize?: number): Promise<{ records: CsvRecord[]; errors: ParseError[] }> {
  const records: CsvRecord[] = [];
  const errors: ParseError[] = [];
  for await (const record of streamCsvRecords(text, errors, pieceSize)) records.push(record);
  return { records, errors };
}

describe("streamCsvRecords", () => {
  it("gives the same records and errors, with the same line numbers, as one pass, whatever the piece size", async () => {
    const text = `\n${fixture("bhav/fo-legacy-bad-rows.csv")}`.replace(/\n/g, "\r\n");
    const whole = readCsvRecords(text);
    for (const size of [1, 2, 3, 64, 1000, 64 * 1024]) expect(await streamed(text, size)).toEqual(whole);
  });
  it("keeps a quoted field that spans lines whole, and reports an unreadable record on its line", async () => {
    const text = 'H,I\n"a\nb",1\nc,2\n\n,,\nd,"open\n';
    const whole = readCsvRecords(text);
    expect(whole.records.map((r) => r.line)).toEqual([1, 3, 4]);
    for (const size of [1, 4, 1000]) expect(await streamed(text, size)).toEqual(whole);
  });
  it("drops a byte-order mark and reads nothing from an empty text", async () => {
    expect((await streamed("\uFEFFA,B\n1,2\n")).records).toEqual([
      { line: 1, fields: ["A", "B"] },
      { line: 2, fields: ["1", "2"] },
    ]);
    expect(await streamed("")).toEqual({ records: [], errors: [] });
  });

  const real = path.join(SHARED_DATA, "nse_fo_bhavcopy/fo01JAN2020bhav.csv");
  it.skipIf(!existsSync(real))("matches one pass on the real 31,809-row F&O bhav copy", async () => {
    const text = readFileSync(real, "utf8");
    const whole = readCsvRecords(text);
    const result = await streamed(text);
    expect(result.records.length).toBe(31810);
    expect(result).toEqual(whole);
    expect(parseBhavCopy(text).rows.length).toBe(31809);
  });
});
