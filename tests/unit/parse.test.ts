import { describe, expect, it } from "vitest";
import * as z from "zod";
import { parseWithZod, withoutNul } from "~/schemas/parse";

describe("withoutNul", () => {
  it("drops NUL from text values and keeps everything else", () => {
    const form = new FormData();
    form.append("message", "a\u0000b\u0001");
    form.append("message", "plain");
    const file = new File([new Uint8Array([0, 1, 2])], "x.bin");
    form.append("file", file);
    const clean = withoutNul(form);
    expect(clean.getAll("message")).toEqual(["ab\u0001", "plain"]);
    expect((clean.get("file") as File).size).toBe(3);
  });

  it("returns the same payload when there is nothing to drop", () => {
    const params = new URLSearchParams({ a: "1" });
    expect(withoutNul(params)).toBe(params);
  });

  it("is what parseWithZod sees", () => {
    const submission = parseWithZod(new URLSearchParams({ name: "\u0000x\u0000" }), { schema: z.object({ name: z.string() }) });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.name).toBe("x");
  });
});
