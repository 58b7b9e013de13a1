// The journal's own fields on a trade (docs/decisions/170): its tags and its note, with their
// messages, shared by the trade form, the JSON API's trade create/update and the list filters.
import * as z from "zod";
import { MAX_TAG_LENGTH, MAX_TAGS_PER_TRADE, splitTags, TAG_PATTERN } from "~/domain/trade-tags";

export const MAX_NOTE_LENGTH = 2000;
export const TOO_MANY_TAGS = `A trade can have at most ${MAX_TAGS_PER_TRADE} tags`;
export const tagTooLong = (tag: string) => `The tag "${tag.slice(0, MAX_TAG_LENGTH)}…" is longer than ${MAX_TAG_LENGTH} characters`;
export const tagBadCharacters = (tag: string) => `The tag "${tag}" may hold only letters, digits, spaces and - _ . & (start it with a letter or digit)`;
export const NOTE_TOO_LONG = `The note is longer than ${MAX_NOTE_LENGTH} characters`;

/**
 * Tags typed in one field, comma-separated (the form), or a list of words (the JSON API):
 * normalised to their one spelling, at most 10, each 1-30 characters of letters, digits and
 * a few joiners. Absent or blank: none.
 */
const typedTags = z.union([z.string().max(2000, TOO_MANY_TAGS), z.array(z.string().max(200)).max(50, TOO_MANY_TAGS)]);

function checkTags(value: string | string[] | undefined, ctx: z.RefinementCtx): string[] {
  const tags = splitTags(value);
  if (tags.length > MAX_TAGS_PER_TRADE) ctx.addIssue({ code: "custom", message: TOO_MANY_TAGS });
  for (const tag of tags) {
    if (tag.length > MAX_TAG_LENGTH) ctx.addIssue({ code: "custom", message: tagTooLong(tag) });
    else if (!TAG_PATTERN.test(tag)) ctx.addIssue({ code: "custom", message: tagBadCharacters(tag) });
  }
  return tags;
}

/** The form's and a create's tags: a blank field clears them. */
export const tagsField = typedTags.optional().transform(checkTags);
/** The JSON API's trade update: tags not sent are kept (undefined), sent ones replace them. */
export const keptTagsField = typedTags.optional().transform((value, ctx) => (value === undefined ? undefined : checkTags(value, ctx)));

const note = z.string().trim().max(MAX_NOTE_LENGTH, NOTE_TOO_LONG);
export const noteField = note.default("");
/** The JSON API's trade update: a note not sent is kept. */
export const keptNoteField = note.optional();
