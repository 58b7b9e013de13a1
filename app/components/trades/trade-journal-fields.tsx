// The journal's fields on the trade form (docs/decisions/170): the trade's tags, typed in one
// field separated by commas, and its note. Plain inputs: they work without JavaScript.
import { getInputProps } from "@conform-to/react";
import { controlClass, describedBy, FieldFrame, TextareaField, type AnyField } from "~/components/ui/field";
import { MAX_TAG_LENGTH, MAX_TAGS_PER_TRADE } from "~/domain/trade-tags";

export function TradeJournalFields({ tags, note }: { tags: AnyField; note: AnyField }) {
  const hintId = `${tags.id}-hint`;
  return (
    <>
      <div className="sm:col-span-2">
        <FieldFrame label="Tags" field={tags}>
          <input
            {...getInputProps(tags, { type: "text", ariaDescribedBy: [hintId, describedBy(tags)].filter(Boolean).join(" ") })}
            key={tags.key}
            autoComplete="off"
            placeholder="breakout, gap up"
            className={controlClass}
          />
          <p id={hintId} className="text-xs text-muted">
            Separate tags with commas: up to {MAX_TAGS_PER_TRADE}, each up to {MAX_TAG_LENGTH} letters, digits, spaces or - _ . &amp;
          </p>
        </FieldFrame>
      </div>
      <div className="sm:col-span-2">
        <TextareaField label="Note" field={note} rows={3} />
      </div>
    </>
  );
}
