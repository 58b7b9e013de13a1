// Symbol suggestions (the Symbol Suggestion Flow, role 1), once for its pages and the JSON API:
// the list, the form's choices, and the writes, each checking that the symbol is one the form
// offers. A suggestion is recorded as the signed-in user's.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { notFoundOutcome, refuse, succeed, type Outcome } from "~/domain/outcome";
import {
  createSuggestion,
  deleteSuggestion,
  findSuggestion as findSuggestionRow,
  isSuggestableSymbol,
  listSuggestionSymbolChoices,
  listSuggestionsPage,
  updateSuggestion,
  type SuggestionRow,
} from "~/models/symbol-suggestion.server";
import { SELECT_SCRIPT, type SymbolSuggestionInput } from "~/schemas/symbol-suggestion";

export type { SuggestionRow };

type Db = Pick<AppContext, "db">;

/** Newest first, one numbered page, with the total. */
export function listSuggestions(context: Db, page: number, pageSize: number): Promise<{ rows: SuggestionRow[]; total: number }> {
  return listSuggestionsPage(context.db, page, pageSize);
}

export async function findSuggestion(context: Db, id: number | null): Promise<SuggestionRow | null> {
  return id ? findSuggestionRow(context.db, id) : null;
}

/** The form's Symbol select. */
export function suggestionSymbolChoices(context: Db): Promise<{ id: number; symbolCode: string }[]> {
  return listSuggestionSymbolChoices(context.db);
}

/** Adds a suggestion, or with `id` edits one; answers its id. */
export async function saveSuggestion(context: Db, user: Pick<SessionUser, "id">, input: SymbolSuggestionInput & { id?: number }): Promise<Outcome<number>> {
  if (!(await isSuggestableSymbol(context.db, input.symbolId))) return refuse(SELECT_SCRIPT, "symbolId");
  const values = { symbolId: input.symbolId, trends: input.trends, userId: user.id };
  if (input.id === undefined) return succeed(await createSuggestion(context.db, values));
  return (await updateSuggestion(context.db, input.id, values)) ? succeed(input.id) : notFoundOutcome();
}

export async function removeSuggestion(context: Db, id: number | null): Promise<Outcome<null>> {
  return id && (await deleteSuggestion(context.db, id)) ? succeed(null) : notFoundOutcome();
}
