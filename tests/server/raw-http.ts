/** A GET over node:http that keeps the bytes as sent (fetch would decompress them). */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came over the wire. */
  wire: Buffer;
  /** The body after undoing its Content-Encoding. */
  text: string;
}

export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const plain = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, wire, text: plain.toString('utf8') });
      });
    });
    request.on('error', reject);
    request.end(options.body);
  });
}
