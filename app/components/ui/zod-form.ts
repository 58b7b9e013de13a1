// How a form checks itself in the browser against its Zod schema (the server checks again): the
// constraint attributes (for browsers without JavaScript), a first check on submit, then again
// on every input while the user corrects it.
import type * as z from "zod";
import { getZodConstraint, parseWithZod } from "~/schemas/parse";

export function checkOnSubmit<Schema extends z.ZodType>(schema: Schema) {
  return {
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit" as const,
    shouldRevalidate: "onInput" as const,
    onValidate: ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema }),
  };
}
