// The upload page: its tab (a search param and a hidden field) and the files sent.
import * as z from "zod";

export const UPLOAD_TABS = ["reference", "bhav"] as const;
export type UploadTab = (typeof UPLOAD_TABS)[number];
export const UPLOAD_TAB_LABELS: Record<UploadTab, string> = { reference: "Reference Point", bhav: "Bhav Copy" };

export const NO_FILES_CHOSEN = "Please choose at least one file to upload.";

/** ?tab=reference|bhav; anything else is the first tab. */
export const uploadTabSchema = z.enum(UPLOAD_TABS).catch("reference");

export const uploadSchema = z.object({
  tab: z.enum(UPLOAD_TABS, { error: "Please choose Reference Point or Bhav Copy." }),
  fileCount: z.number().int().min(1, NO_FILES_CHOSEN),
});
