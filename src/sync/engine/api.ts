/**
 * The one HTTP client of the app (features never call fetch). Every call carries the
 * Bearer token when one exists (as the spec's calls do). A failed answer throws ApiError with the
 * spec's generic text, the HTTP status and the server's JSON body; `serverMessage` reads
 * the server's own `{message}` for screens that show it.
 */
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/limits';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../contract/sync-protocol';
import { calmRateLimitBody } from './rate-limit';

export const GENERIC_FETCH_ERROR = 'An error occurred while fetching the data.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string = GENERIC_FETCH_ERROR,
    /** A 429's or 503's Retry-After, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Every request gives up after this long: a request that never answers must not hold the outbox (or a screen). */
export const REQUEST_TIMEOUT_MS = 15_000;

/** Thrown when the request timed out: the server may or may not have acted on it. */
export class TimeoutError extends Error {
  constructor() {
    super('The server did not answer in time.');
    this.name = 'TimeoutError';
  }
}

/** Thrown when no answer came at all (offline, DNS, server down): the write must be kept. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The network is unavailable.', { cause });
    this.name = 'NetworkError';
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
  getToken: () => string | null | Promise<string | null>;
  fetchImpl?: typeof fetch;
}

export interface RequestOptions {
  body?: unknown;
  /** FormData is sent as multipart; anything else as JSON. */
  formData?: FormData;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Default REQUEST_TIMEOUT_MS; 0 = none (an upload the user watches). */
  timeoutMs?: number;
  /** This token instead of the session's (revoking a token of a session already ended). */
  bearer?: string;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
}

export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError && error.body && typeof error.body === 'object' && 'message' in error.body) {
    const message = (error.body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));

  return {
    async request<T>(method: string, path: string, requestOptions: RequestOptions = {}): Promise<T> {
      const headers: Record<string, string> = { Accept: 'application/json', [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) };
      const token = requestOptions.bearer ?? (await options.getToken());
      if (token) headers.Authorization = `Bearer ${token}`;
      if (requestOptions.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = requestOptions.idempotencyKey;
      let body: BodyInit | undefined;
      if (requestOptions.formData) {
        body = requestOptions.formData;
      } else if (requestOptions.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(requestOptions.body);
      }

      const timeoutMs = requestOptions.timeoutMs ?? REQUEST_TIMEOUT_MS;
      const timeout = new AbortController();
      const timer = timeoutMs > 0 ? setTimeout(() => timeout.abort(), timeoutMs) : undefined;
      const signal = requestOptions.signal ? anySignal([requestOptions.signal, timeout.signal]) : timeout.signal;
      let response: Response;
      let text: string;
      try {
        response = await doFetch(baseUrl + path, { method, headers, body, signal });
        text = response.status === 204 ? '' : await response.text();
      } catch (cause) {
        if (requestOptions.signal?.aborted) throw cause;
        if (timeout.signal.aborted) throw new TimeoutError();
        throw new NetworkError(cause);
      } finally {
        if (timer !== undefined) clearTimeout(timer);
      }

      if (response.status === 204) return undefined as T;
      let parsed: unknown = undefined;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
      }
      if (!response.ok) {
        const retryAfter = Number(response.headers.get('retry-after'));
        if (response.status === 429) {
          // Shown as it is by every screen (error.message or serverMessage): a calm line, not an error.
          const calm = calmRateLimitBody(parsed);
          throw new ApiError(429, calm, calm.message, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
        }
        const message = parsed === undefined && response.statusText ? response.statusText : GENERIC_FETCH_ERROR;
        throw new ApiError(response.status, parsed, message, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
      }
      return parsed as T;
    },
  };
}

/** Aborts when any of `signals` does (AbortSignal.any is not in every browser we serve). */
function anySignal(signals: AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', () => controller.abort(), { once: true });
  }
  return controller.signal;
}
