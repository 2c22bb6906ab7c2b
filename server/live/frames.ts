/**
 * WebSocket frames built once per event and written straight to each socket's TCP stream (the
 * live hub's delivery path, hub.ts).
 */
import * as wsModule from 'ws';
import type { WebSocket } from 'ws';

/**
 * One event as a finished, unmasked WebSocket text frame (`wire`: header + payload), built once
 * and written as it is to every socket of its recipients; `payload` (a view, no copy) is for a
 * socket whose frames ws must build itself.
 */
export interface Frame {
  wire: Buffer;
  payload: Buffer;
}

/** ws's own framing (`Sender.frame`: present in ws 8, not in @types/ws), so our frames are byte for byte what ws sends. */
const frameWithWs = (wsModule as unknown as {
  Sender: { frame(data: Buffer, options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean }): Buffer[] };
}).Sender.frame;

/** Frames `text` once: FIN + opcode 1 (text), no mask (server → client), RFC 6455 section 5.2. */
export function textFrame(text: string): Frame {
  const data = Buffer.from(text);
  const wire = Buffer.concat(frameWithWs(data, { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false }));
  return { wire, payload: wire.subarray(wire.length - data.length) };
}

/**
 * The socket's TCP stream, when a finished frame may be written to it directly: no extension
 * was negotiated (permessage-deflate is off, so ws neither compresses nor queues frames: each of
 * its own frames — pings, pongs, closes, `send` — is written whole and at once, and ours land
 * between them), and the ws version has the stream where this code expects it. Otherwise
 * undefined, and the frame's payload goes through `socket.send`.
 * `bufferedAmount` still counts these writes (it reads the stream's own buffer).
 */
export function streamOf(socket: WebSocket): { write(chunk: Buffer): boolean } | undefined {
  if (socket.extensions !== '') return undefined;
  const stream = (socket as unknown as { _socket?: { write?: unknown } })._socket;
  return stream && typeof stream.write === 'function' ? (stream as { write(chunk: Buffer): boolean }) : undefined;
}
