// A ceiling on request bodies, checked before anything is buffered (docs/decisions/117). Remix
// reads a body whole (formData, text), so without it four 250 MB posts to the sign-in call held
// a gigabyte. A declared Content-Length over the limit is answered 413 at once, unread; a body
// without one (chunked) is counted as it streams and cut off when it passes the limit. Multipart
// uploads to the upload doors are left to their reader (readUpload), which streams each file
// and keeps at most its own per-file and per-upload limits in memory.
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction, RequestHandler } from "express";

/** The default ceiling for every body that is not an upload: 1 MiB (BODY_LIMIT_BYTES). */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Multipart uploads read in a stream by readUpload (app/services/uploads.server.ts), with its own limits. */
export const STREAMED_UPLOAD_PATHS: readonly string[] = ["/upload", "/api/admin/referencepoint/add"];

/**
 * Bodies with a ceiling of their own: the posted bhav rows (JSON, at most 5,000 rows of a bhav
 * copy's columns, about 1 KB each in the widest format) are read whole, so they get room for
 * that and no more.
 */
export const OWN_BODY_LIMITS: Readonly<Record<string, number>> = { "/api/admin/chavi/bhavcopy": 10 * 1024 * 1024 };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function normalPath(path: string): string {
  return path.toLowerCase().replace(/\/+$/, "") || "/";
}

/** The ceiling for a body posted to this path with this content type; null when the upload reader owns it. */
export function bodyLimitFor(path: string, contentType: string | undefined, defaultLimit: number): number | null {
  const at = normalPath(path);
  // Only a multipart body is streamed by the upload reader; anything else to an upload path is read whole.
  if (/^multipart\/form-data/i.test(contentType ?? "") && STREAMED_UPLOAD_PATHS.includes(at)) return null;
  return OWN_BODY_LIMITS[at] ?? defaultLimit;
}

/** "1 MB", "512 KB": the limit as the message says it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

export function bodyTooLargeMessage(limit: number): string {
  return `This request is too large: the limit is ${formatBytes(limit)}.`;
}

/** The error the body stream ends with when it is cut off, so its readers stop. */
export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(bodyTooLargeMessage(limit));
    this.name = "BodyTooLargeError";
  }
}

/**
 * How long, and how much, of a refused body is still read (and dropped) after the 413. Closing at
 * once, with the client still sending, resets the connection, and the reset can reach the client
 * before the answer does: it then sees a broken pipe instead of the message. Reading a bounded
 * tail first (what web servers call a lingering close) lets the answer arrive; the connection is
 * closed when the body ends, or at the first bound.
 */
const LINGER_MS = 3_000;
const LINGER_BYTES = 128 * 1024 * 1024;

function lingerThenClose(req: ExpressRequest) {
  const socket = req.socket;
  let dropped = 0;
  const close = () => {
    clearTimeout(timer);
    req.off("data", drop);
    socket.destroy();
  };
  const drop = (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > LINGER_BYTES) close();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  // The body's reader gives up on the error and destroys the request, and Node ends a connection
  // the client asked to close (Connection: close) by destroying the socket once the answer is
  // written: either would reset it at once. The answer still ends the writing side; the socket is
  // destroyed here, when the lingering ends.
  req.destroy = () => req;
  socket.destroySoon = () => {
    socket.end();
  };
  req.on("data", drop);
  req.once("end", close);
  req.resume();
}

function refuse(req: ExpressRequest, res: ExpressResponse, limit: number) {
  res.locals.bodyRefused = true;
  const message = bodyTooLargeMessage(limit);
  // Not "Connection: close": Node would close the socket as soon as the answer is written.
  lingerThenClose(req);
  res.status(413);
  if (req.path.startsWith("/api/")) res.json({ status: 413, message, errors: [{ msg: message }] });
  else res.type("text/plain").send(message);
}

/**
 * The middleware. Place it before the Remix handler, and `bodyRefusedErrors` after it: once a
 * streamed body has been cut off and answered, the handler's own failure to read it is expected.
 */
export function bodyLimit(options: { limitBytes: number }): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const limit = bodyLimitFor(req.path, req.get("content-type"), options.limitBytes);
    if (limit === null) return next();
    const declared = req.get("content-length");
    if (declared !== undefined) {
      // Node's parser never delivers more than a declared length, so this check is the whole job.
      if (Number(declared) > limit) return refuse(req, res, limit);
      return next();
    }
    // Chunked: count as it streams. The stream is paused first, so listening does not start the
    // flow; the Remix reader resumes it when it reads, and this listener sees each chunk first.
    let seen = 0;
    req.pause();
    const count = (chunk: Buffer) => {
      seen += chunk.byteLength;
      if (seen <= limit) return;
      req.off("data", count);
      refuse(req, res, limit);
      // Ends the body for its reader; what still arrives is discarded until the connection closes.
      if (req.listenerCount("error") > 0) req.emit("error", new BodyTooLargeError(limit));
    };
    req.on("data", count);
    next();
  };
}

/** After the Remix handler: drops the error of a handler whose body was cut off and already answered 413. */
export function bodyRefusedErrors(error: unknown, _req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (res.locals.bodyRefused) return;
  next(error);
}
