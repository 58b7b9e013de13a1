// The live-price packet written as one WebSocket frame below engine.io (ws-frame.server.ts):
// the frame is what RFC 6455 says, and the write keeps engine.io's order and volatile rule.
import { describe, expect, it } from "vitest";
import type { Socket } from "socket.io";
import { MAX_BUFFERED_BYTES, textFrame, writePacket, writePacketsInOrder } from "~/realtime/ws-frame.server";

/** Reads an unmasked server frame back: FIN, opcode, payload. */
function readFrame(frame: Buffer) {
  const fin = (frame[0] & 0x80) !== 0;
  const opcode = frame[0] & 0x0f;
  expect(frame[1] & 0x80).toBe(0); // a server's frames are not masked
  let length = frame[1] & 0x7f;
  let offset = 2;
  if (length === 126) {
    length = frame.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    length = Number(frame.readBigUInt64BE(2));
    offset = 10;
  }
  expect(frame.length).toBe(offset + length);
  return { fin, opcode, text: frame.subarray(offset).toString("utf8") };
}

/** Reads consecutive frames out of one written buffer. */
function readFrames(buffer: Buffer) {
  const frames: ReturnType<typeof readFrame>[] = [];
  let at = 0;
  while (at < buffer.length) {
    let length = buffer[at + 1] & 0x7f;
    let header = 2;
    if (length === 126) {
      length = buffer.readUInt16BE(at + 2);
      header = 4;
    } else if (length === 127) {
      length = Number(buffer.readBigUInt64BE(at + 2));
      header = 10;
    }
    frames.push(readFrame(buffer.subarray(at, at + header + length)));
    at += header + length;
  }
  return frames;
}

describe("textFrame", () => {
  it.each([0, 1, 125, 126, 65_535, 65_536, 200_000])("a %i-byte text is one final text frame with its exact length", (n) => {
    const text = "x".repeat(n);
    expect(readFrame(Buffer.concat(textFrame(text)))).toEqual({ fin: true, opcode: 1, text });
  });

  it("counts UTF-8 bytes, not characters", () => {
    const text = `42["getServerSymbol",[{"name":"₹ निफ्टी"}]]`.repeat(5);
    expect(Buffer.byteLength(text)).toBeGreaterThan(text.length);
    expect(readFrame(Buffer.concat(textFrame(text))).text).toBe(text);
  });
});

function fakeSocket(options: { transport?: string; writeBuffer?: unknown[]; bufferedAmount?: number; extensions?: Record<string, unknown>; readyState?: string; writable?: boolean }) {
  const frames: Buffer[] = [];
  const engineWrites: string[] = [];
  const ws = {
    readyState: 1,
    bufferedAmount: options.bufferedAmount ?? 0,
    _extensions: options.extensions ?? {},
    _sender: { sendFrame: (list: Buffer[]) => frames.push(Buffer.concat(list)) },
  };
  const socket = {
    conn: {
      readyState: options.readyState ?? "open",
      transport: { name: options.transport ?? "websocket", writable: options.writable ?? true, socket: ws },
      writeBuffer: options.writeBuffer ?? [],
      write: (packet: string) => engineWrites.push(packet),
    },
  };
  return { socket: socket as unknown as Socket, frames, engineWrites };
}

const PACKET = `2["getServerSymbol",[{"tickData":{"symbolCode":"AAA"},"chavi":[]}]]`;

describe("writePacket", () => {
  it("writes an engine.io MESSAGE packet as one WebSocket text frame when engine.io has nothing queued", () => {
    const s = fakeSocket({});
    expect(writePacket(s.socket, PACKET)).toBe("frame");
    expect(s.frames.map(readFrame)).toEqual([{ fin: true, opcode: 1, text: `4${PACKET}` }]);
    expect(s.engineWrites).toEqual([]);
  });

  it("goes through engine.io, after what it has queued, when its buffer is not empty", () => {
    const s = fakeSocket({ writeBuffer: [{ type: "message", data: "2[\"allSymbol\",[]]" }] });
    expect(writePacket(s.socket, PACKET)).toBe("engine");
    expect(s.engineWrites).toEqual([PACKET]);
    expect(s.frames).toEqual([]);
  });

  it("goes through engine.io on another transport or with per-message deflate", () => {
    for (const s of [fakeSocket({ transport: "polling" }), fakeSocket({ extensions: { "permessage-deflate": {} } })]) {
      expect(writePacket(s.socket, PACKET)).toBe("engine");
      expect(s.engineWrites).toEqual([PACKET]);
    }
  });

  it("skips, like a volatile emit, a socket that is closing or whose writes are backed up", () => {
    const closing = fakeSocket({ readyState: "closing" });
    const backedUp = fakeSocket({ bufferedAmount: MAX_BUFFERED_BYTES + 1 });
    const busyPolling = fakeSocket({ transport: "polling", writable: false });
    for (const s of [closing, backedUp, busyPolling]) {
      expect(writePacket(s.socket, PACKET)).toBe("skipped");
      expect(s.frames).toEqual([]);
      expect(s.engineWrites).toEqual([]);
    }
  });
});

describe("writePacketsInOrder", () => {
  const PACKETS = [`2["trade-notification-user",{"tradeId":1}]`, `2["trade-notification-all",{"tradeId":1}]`, `2["trade-notification-admin-employee",{"tradeId":1,"note":"${"x".repeat(300)}"}]`];

  it("writes every packet as its own frame, in order, in ONE write to the WebSocket", () => {
    const s = fakeSocket({});
    expect(writePacketsInOrder(s.socket, PACKETS)).toBe("frame");
    expect(s.frames).toHaveLength(1);
    expect(readFrames(s.frames[0])).toEqual(PACKETS.map((p) => ({ fin: true, opcode: 1, text: `4${p}` })));
    expect(s.engineWrites).toEqual([]);
  });

  it("skips none: a reader with writes still queued gets them too (these are not prices)", () => {
    const s = fakeSocket({ bufferedAmount: MAX_BUFFERED_BYTES + 1 });
    expect(writePacketsInOrder(s.socket, PACKETS)).toBe("frame");
    expect(readFrames(s.frames[0]).map((f) => f.text)).toEqual(PACKETS.map((p) => `4${p}`));
  });

  it("goes through engine.io one by one, in order, behind its queue, on another transport or with deflate", () => {
    for (const s of [fakeSocket({ writeBuffer: [{ type: "message", data: "x" }] }), fakeSocket({ transport: "polling", writable: false }), fakeSocket({ extensions: { "permessage-deflate": {} } })]) {
      expect(writePacketsInOrder(s.socket, PACKETS)).toBe("engine");
      expect(s.engineWrites).toEqual(PACKETS);
      expect(s.frames).toEqual([]);
    }
  });

  it("writes nothing to a closed connection or for no packets", () => {
    const closed = fakeSocket({ readyState: "closing" });
    expect(writePacketsInOrder(closed.socket, PACKETS)).toBe("skipped");
    const none = fakeSocket({});
    expect(writePacketsInOrder(none.socket, [])).toBe("skipped");
    expect([...closed.frames, ...closed.engineWrites, ...none.frames, ...none.engineWrites]).toEqual([]);
  });
});
