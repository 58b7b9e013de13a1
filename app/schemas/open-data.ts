// "Save Symbol's Open Data": a bodiless admin post that sends the user back where it came from.
import * as z from "zod";
import { localPath } from "./preferences";

export const OPEN_DATA_DEFAULT_RETURN = "/setting";

export const openDataSchema = z.object({
  // Only a local path (localPath answers "/" for anything else); none given: the settings page.
  redirectTo: z.preprocess((v) => (v === undefined || v === "" ? OPEN_DATA_DEFAULT_RETURN : v), localPath),
});
