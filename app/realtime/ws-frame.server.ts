// Writes a socket.io packet to a socket as one WebSocket frame (framed by ws), below engine.io's
// send path: the live-price fan-out writes one packet per socket per message, and engine.io's
// own path (a packet object, four events, ws.send's options and a header buffer, two writes
// under cork, a drain callback) was about a quarter of each message's server CPU (bench/fanout,
// docs/decisions/162-fan-out-within-60-ms.md). engine.io sends its pre-encoded broadcast frames
// the same way (ws's Sender.sendFrame); anything this cannot vouch for goes through engine.io.
import type { Socket } from "socket.io";
import * as ws from "ws";

/** engine.io protocol v4: a MESSAGE packet is "4" then the socket.io packet. */
const ENGINE_MESSAGE = "4";
/** A socket with more than this queued in user space (a stalled reader) skips frames. */
export const MAX_BUFFERED_BYTES = 256 * 1024;

interface WsSender {
  sendFrame(list: Buffer[], cb?: (error?: Error) => void): void;
}

interface WsLike {
  readyState: number;
  bufferedAmount: number;
  _sender?: WsSender;
  _extensions?: Record<string, unknown>;
}

export type FrameWrite = "frame" | "engine" | "skipped";

/** The WebSocket a packet may go to straight, or undefined when it must go through engine.io. */
function directSocket(socket: Socket): WsLike | undefined {
  const conn = socket.conn;
  const transport = conn.transport as unknown as { name: string; socket?: WsLike };
  const ws = transport.name === "websocket" ? transport.socket : undefined;
  // Straight to the WebSocket only when nothing of engine.io's is waiting to go first (order is
  // kept) and the frame needs no extension (no per-message deflate).
  const direct =
    ws !== undefined &&
    ws.readyState === 1 &&
    typeof ws._sender?.sendFrame === "function" &&
    (ws._extensions === undefined || Object.keys(ws._extensions).length === 0) &&
    (conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length === 0;
  return direct ? ws : undefined;
}

/**
 * Sends `packet` (an encoded socket.io packet, e.g. `2["event",...]`) to the socket like a
 * volatile emit: a socket that is not open, or whose previous writes are still queued, skips it.
 * Answers how it went, for tests and the bench.
 */
export function writePacket(socket: Socket, packet: string): FrameWrite {
  const conn = socket.conn;
  if (conn.readyState !== "open") return "skipped";
  const ws = directSocket(socket);
  if (ws === undefined) {
    if (!(conn.transport as unknown as { writable: boolean }).writable) return "skipped";
    conn.write(packet);
    return "engine";
  }
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return "skipped";
  ws._sender!.sendFrame(textFrame(ENGINE_MESSAGE + packet));
  return "frame";
}

/**
 * Sends several packets to the socket in order, none skipped (as socket.emit would, each once):
 * over a WebSocket as one write of their frames, one system call however many there are; else,
 * or behind queued engine.io packets, through engine.io one by one.
 */
export function writePacketsInOrder(socket: Socket, packets: readonly string[]): FrameWrite {
  const conn = socket.conn;
  if (conn.readyState !== "open" || packets.length === 0) return "skipped";
  const ws = directSocket(socket);
  if (ws === undefined) {
    for (const packet of packets) conn.write(packet);
    return "engine";
  }
  ws._sender!.sendFrame([Buffer.concat(packets.flatMap((packet) => textFrame(ENGINE_MESSAGE + packet)))]);
  return "frame";
}

/** ws's frame options (its Sender.frame is not in @types/ws). */
interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}

interface SenderStatics {
  frame(data: Buffer, options: FrameOptions): Buffer[];
}

// ws's ES module names its Sender; its CommonJS entry hangs it on the WebSocket class.
const wsModule = ws as unknown as { Sender?: SenderStatics; default?: { Sender?: SenderStatics } };
const Sender = (wsModule.Sender ?? wsModule.default?.Sender)!;

/** One unmasked, final WebSocket text frame (RFC 6455 5.2), framed by ws itself: its header and the payload. */
export function textFrame(text: string): Buffer[] {
  return Sender.frame(Buffer.from(text, "utf8"), { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false });
}
