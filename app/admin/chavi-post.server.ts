// The Create/Edit Chavi action's shared part: parse, check the name, resolve "Select All".
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppDatabase } from "~/db/client.server";
import { isChaviNameTaken, listKeyUserChoices } from "~/models/chavi-admin.server";
import { chaviSchema, KEY_NAME_TAKEN, registrationFailed } from "~/schemas/chavi";

export async function parseChaviForm(db: AppDatabase, formData: FormData, exceptId?: number) {
  const submission = await parseWithZod(formData, {
    async: true,
    schema: chaviSchema.superRefine(async (value, ctx) => {
      if (await isChaviNameTaken(db, value.name, exceptId)) ctx.addIssue({ code: "custom", path: ["name"], message: registrationFailed(KEY_NAME_TAKEN) });
    }),
  });
  if (submission.status !== "success") return { submission, value: null };
  const value = submission.value;
  const userIds = value.allUsers ? (await listKeyUserChoices(db)).map((u) => u.id) : value.userIds;
  return { submission, value: { ...value, userIds } };
}
