import { describe, expect, it } from "vitest";
import { FAR_DATE_DAYS, farUploadDates, isStalePreview, stalePreviewCutoff, STALE_PREVIEW_HOURS } from "~/domain/upload-batches";

describe("farUploadDates (docs/decisions/142)", () => {
  const today = "2026-11-26";
  it("a date up to FAR_DATE_DAYS before today, or today, is near", () => {
    expect(FAR_DATE_DAYS).toBe(7);
    expect(farUploadDates(["2026-11-19", "2026-11-20", "2026-11-26"], today)).toEqual([]);
  });
  it("a date more than FAR_DATE_DAYS before today, or after today, is far", () => {
    expect(farUploadDates(["2020-02-06", "2026-11-18", "2026-11-27", "2099-01-01"], today)).toEqual(["2020-02-06", "2026-11-18", "2026-11-27", "2099-01-01"]);
  });
  it("counts calendar days across a month and a year end", () => {
    expect(farUploadDates(["2025-12-25", "2025-12-24"], "2026-01-01")).toEqual(["2025-12-24"]);
  });
});

describe("stale previews", () => {
  const now = new Date("2026-11-26T10:00:00Z");
  it("a preview is stale after STALE_PREVIEW_HOURS, not at it", () => {
    expect(STALE_PREVIEW_HOURS).toBe(24);
    expect(isStalePreview(new Date("2026-11-25T10:00:00Z"), now)).toBe(false);
    expect(isStalePreview(new Date("2026-11-25T09:59:59Z"), now)).toBe(true);
    expect(stalePreviewCutoff(now).toISOString()).toBe("2026-11-25T10:00:00.000Z");
  });
});
