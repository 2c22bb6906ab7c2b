/**
 * Socket and request timeouts of the HTTP server (Fastify options). A client that opens a
 * connection and then sends its headers or body a byte at a time (slowloris) holds a socket
 * and a parser; without these it could do so forever.
 *
 * - requestTimeout (REQUEST_TIMEOUT_MS): headers *and* body must have arrived by then, or Node
 *   answers 408 and closes the socket. The slowest legitimate request is a 2 MB avatar upload.
 * - headersTimeout: the headers alone, at most HEADERS_TIMEOUT_MS (never above requestTimeout).
 * - connectionTimeout: a socket with no traffic in either direction for this long is closed
 *   (an upgraded WebSocket is not affected: ws clears the socket's timeout).
 * - keepAliveTimeout: an idle keep-alive connection is closed after this; longer than HAProxy
 *   keeps its idle server connections, so the proxy closes first and never reuses a socket the
 *   app is closing.
 * Node checks headers/request deadlines every connectionsCheckingInterval, so a deadline is
 * enforced within that much after it passes.
 */
export const HEADERS_TIMEOUT_MS = 15_000;
export const CONNECTION_TIMEOUT_MS = 60_000;
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;
const CHECK_INTERVAL_MS = 1000;

export function httpTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, requestTimeoutMs),
    },
  };
}
