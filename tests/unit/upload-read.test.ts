// Reading a multipart upload: per-file limit, total limit, file count, empty inputs and fields.
import { describe, expect, it } from "vitest";
import { FILE_EMPTY, FILE_TOO_LARGE, ZIP_NOT_ACCEPTED } from "~/market/import-report";
import { readUpload, TOO_MANY_FILES, TOO_MUCH_AT_ONCE, UNREADABLE_UPLOAD } from "~/services/uploads.server";
import { multipartRequest } from "../support/market";

const text = (n: number, ch = "a") => [ch.repeat(n)];

describe("readUpload", () => {
  it("keeps each file's text and the form's fields, judging every file on its own", async () => {
    const request = multipartRequest("/upload", {
      fields: { tab: "bhav" },
      files: [
        { name: "a.csv", content: text(8) },
        { name: "big.csv", content: text(11) },
        { name: "", content: [] },
        { name: "empty.csv", content: [] },
        { name: "c.csv", content: ["\uFEFFx,y\n"] },
        { name: "z.zip", content: [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0])] },
        { name: "d.csv", content: text(8) },
        { name: "e.csv", content: text(8) },
      ],
    });
    const { fields, files } = await readUpload(request, { maxFileBytes: 10, maxTotalBytes: 30, maxFiles: 7 });
    expect(fields.get("tab")).toBe("bhav");
    expect(files.map((f) => [f.name, f.size, f.text, f.problem])).toEqual([
      ["a.csv", 8, "aaaaaaaa", null],
      ["big.csv", 11, null, FILE_TOO_LARGE],
      // The empty file input (no file chosen) is not a file.
      ["empty.csv", 0, null, FILE_EMPTY],
      // The byte-order mark is dropped.
      ["c.csv", 7, "x,y\n", null],
      ["z.zip", 5, null, ZIP_NOT_ACCEPTED],
      ["d.csv", 8, "aaaaaaaa", null],
      // 8 + 7 + 5 + 8 kept so far: 8 more would pass 30.
      ["e.csv", 8, null, TOO_MUCH_AT_ONCE],
    ]);
    const more = await readUpload(
      multipartRequest("/upload", { files: [1, 2, 3].map((i) => ({ name: `${i}.csv`, content: text(1) })) }),
      { maxFiles: 2 },
    );
    expect(more.files.map((f) => f.problem)).toEqual([null, null, TOO_MANY_FILES]);
  });

  it("gives the fields and no files for a request that is not multipart", async () => {
    const request = new Request("http://localhost/upload", {
      method: "POST",
      body: new URLSearchParams({ tab: "reference" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const { fields, files } = await readUpload(request);
    expect(fields.get("tab")).toBe("reference");
    expect(files).toEqual([]);
  });

  it("takes only the named field's files when asked", async () => {
    const request = multipartRequest("/api/admin/referencePoint/add", {
      files: [
        { name: "a.csv", content: text(2), fieldName: "pointFile" },
        { name: "b.csv", content: text(2), fieldName: "files" },
      ],
    });
    const { files } = await readUpload(request, { fileField: "pointFile" });
    expect(files.map((f) => f.name)).toEqual(["a.csv"]);
  });

  it("reports a malformed multipart body (a part without a field name) instead of throwing", async () => {
    const form = new FormData();
    form.append("", "x");
    const { fields, files, problem } = await readUpload(new Request("http://localhost/upload", { method: "POST", body: form }));
    expect(problem).toBe(UNREADABLE_UPLOAD);
    expect(files).toEqual([]);
    expect([...fields.keys()]).toEqual([]);
  });
});
