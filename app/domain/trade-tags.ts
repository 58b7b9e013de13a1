// A trade's tags (issue 22, docs/decisions/170): free words a user files its trades under
// ("breakout", "gap up"), several per trade, filtered on in the list, the calendar and the review.
// Tags are the trade owner's: each user's words come from its own trades.
//
// One spelling per tag: spaces trimmed and collapsed, lower case, so "Gap  Up" and "gap up"
// are one tag and a filter matches exactly.

export const MAX_TAGS_PER_TRADE = 10;
export const MAX_TAG_LENGTH = 30;
/** Letters (with their combining marks: Devanagari vowel signs) and digits of any script, spaces, and - _ . & (no commas: they separate tags). */
export const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} _.&-]*$/u;

/** One tag as typed, in its one spelling. */
export function normaliseTag(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Tags typed in one field, separated by commas (or a list, the JSON API's), normalised, without blanks or repeats. */
export function splitTags(input: string | readonly string[] | null | undefined): string[] {
  const parts = typeof input === "string" ? input.split(",") : (input ?? []);
  const tags: string[] = [];
  for (const part of parts) {
    const tag = normaliseTag(String(part));
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/** Tags as the form's one text field shows them. */
export function joinTags(tags: readonly string[]): string {
  return tags.join(", ");
}

/** The list's, the calendar's and the review's tag filter: one tag, or null when the value is not one. */
export function parseTagFilter(value: string | null): string | null {
  const tags = splitTags(value ?? "");
  const tag = tags.length === 1 ? tags[0] : null;
  return tag !== null && tag.length <= MAX_TAG_LENGTH && TAG_PATTERN.test(tag) ? tag : null;
}
