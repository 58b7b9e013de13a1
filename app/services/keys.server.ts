// The Create/Edit Chavi action's shared part: parse, check the name, resolve "Select All".
// The pages and the JSON API (admin/chavi/create, update) both use it.
import { parseWithZod } from "~/schemas/parse";
import type { AppDatabase } from "~/db/client.server";
import { isChaviNameTaken, listKeyUserChoices } from "~/models/chavi-admin.server";
import { chaviSchema, KEY_NAME_TAKEN, registrationFailed, type ChaviInput } from "~/schemas/chavi";

/** 'Registration failed: a key with this name already exists', or null when the name is free. */
export async function chaviNameProblem(db: AppDatabase, name: string, exceptId?: number): Promise<string | null> {
  return (await isChaviNameTaken(db, name, exceptId)) ? registrationFailed(KEY_NAME_TAKEN) : null;
}

/** The key's users: every key user for "Select All", else the ones chosen. */
export async function resolveKeyUsers(db: AppDatabase, value: ChaviInput): Promise<ChaviInput> {
  const userIds = value.allUsers ? (await listKeyUserChoices(db)).map((u) => u.id) : value.userIds;
  return { ...value, userIds };
}

export async function parseChaviForm(db: AppDatabase, formData: FormData, exceptId?: number) {
  const submission = await parseWithZod(formData, {
    async: true,
    schema: chaviSchema.superRefine(async (value, ctx) => {
      const problem = await chaviNameProblem(db, value.name, exceptId);
      if (problem) ctx.addIssue({ code: "custom", path: ["name"], message: problem });
    }),
  });
  if (submission.status !== "success") return { submission, value: null };
  return { submission, value: await resolveKeyUsers(db, submission.value) };
}
