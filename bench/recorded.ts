/**
 * The answers PodTable gave to the REST figures' requests (rest.ts records them), which the
 * reference servers (bare-http-server.ts, durable-floor-server.ts) answer with byte for byte.
 */
import { readFileSync } from 'node:fs';

export interface Recorded {
  method: string;
  /** Matched by path without the query. */
  path: string;
  status: number;
  contentType: string;
  body: string;
}

export interface RecordedAnswer extends Recorded {
  bytes: Buffer;
}

/** The recordings written to `file`, by "METHOD /path" (no query). */
export function loadRecorded(file: string): Map<string, RecordedAnswer> {
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as Recorded[];
  return new Map(recorded.map((r) => [`${r.method} ${r.path}`, { ...r, bytes: Buffer.from(r.body) }]));
}

/** The key of a request in `loadRecorded`'s map. */
export const recordedKey = (method: string | undefined, url: string | undefined) => `${method} ${(url ?? '').split('?')[0]}`;
