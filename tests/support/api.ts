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

export function apiRequest(call: ApiCall, sample: ApiSample, options: { token?: string; method?: ApiMethod; body?: unknown } = {}): Request {
  const method = options.method ?? call.method;
  const body = options.body !== undefined ? options.body : sample.body;
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const sendsBody = body !== undefined && method !== "GET";
  if (sendsBody) headers["Content-Type"] = "application/json";
  return new Request(ORIGIN + samplePath(call, sample), { method, headers, body: sendsBody ? JSON.stringify(body) : undefined });
}
