// A record id as the forms, the URLs and the JSON API receive it. Every id column is a
// PostgreSQL integer, so an id past 2^31 - 1 is refused here with the form's own message
// instead of reaching the database as an "out of range" error (a 500).
import * as z from "zod";
import { MAX_RECORD_ID } from "~/domain/paging";

/** An id from a form field, a path or a query string ("12" is read as 12). */
export function recordId(message?: string) {
  const base = message ? z.coerce.number({ error: message }) : z.coerce.number();
  return base.int(message).positive(message).max(MAX_RECORD_ID, message ?? "No such record");
}

/** An id from a JSON body, where it must already be a number (true or "12" are refused). */
export function strictRecordId(message?: string) {
  const base = message ? z.number({ error: message }) : z.number();
  return base.int(message).positive(message).max(MAX_RECORD_ID, message ?? "No such record");
}
