// Requests for the API table's calls, built from a row and its sample.
import type { ApiCall, ApiMethod, ApiSample } from "~/api/types.server";
import { ORIGIN } from "./requests";

export function samplePath(call: ApiCall, sample: ApiSample): string {
  let path = call.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = sample.params?.[name];
    if (value === undefined) throw new Error(`${call.id}: the sample has no path param ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(sample.query ?? {}).toString();
  if (query) path += `?${query}`;
  return path;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === "object" && !Array.isArray(value);
const asText = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value) ?? String(value)));

/**
 * An upload row's body as multipart/form-data: under the row's file field each item is a file
 * ({name, content}, or any other value written as a file's content, so hostile values reach the
 * import as files); other keys are text fields. A body that is not an object is sent as JSON
 * (the reader then finds no files).
 */
function multipartBody(files: string, body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (key !== files) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(key, asText(item));
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      const file = isPlainObject(item) && typeof item.name === "string" && typeof item.content === "string" ? { name: item.name, content: item.content } : { name: "upload.csv", content: asText(item) };
      form.append(files, new Blob([file.content], { type: "text/csv" }), file.name);
    }
  }
  return form;
}

export function apiRequest(call: ApiCall, sample: ApiSample, options: { token?: string; method?: ApiMethod; body?: unknown } = {}): Request {
  const method = options.method ?? call.method;
  const body = options.body !== undefined ? options.body : sample.body;
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const sendsBody = body !== undefined && method !== "GET";
  if (sendsBody && call.upload && isPlainObject(body)) {
    // fetch sets the multipart Content-Type with its boundary.
    return new Request(ORIGIN + samplePath(call, sample), { method, headers, body: multipartBody(call.upload.files, body) });
  }
  if (sendsBody) headers["Content-Type"] = "application/json";
  return new Request(ORIGIN + samplePath(call, sample), { method, headers, body: sendsBody ? JSON.stringify(body) : undefined });
}
