/**
 * The one HTTP client of the app (features never call fetch). Every call carries the
 * Bearer token when one exists (spec section 7). A failed answer throws ApiError with the
 * spec's generic text, the HTTP status and the server's JSON body; `serverMessage` reads
 * the server's own `{message}` for screens that show it.
 */
import { IDEMPOTENCY_KEY_HEADER } from '../contract/limits';

export const GENERIC_FETCH_ERROR = 'An error occurred while fetching the data.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string = GENERIC_FETCH_ERROR,
  ) {
    super(message);
    this.name = 'ApiError';
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
      const headers: Record<string, string> = { Accept: 'application/json' };
      const token = await options.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      if (requestOptions.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = requestOptions.idempotencyKey;
      let body: BodyInit | undefined;
      if (requestOptions.formData) {
        body = requestOptions.formData;
      } else if (requestOptions.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(requestOptions.body);
      }

      let response: Response;
      try {
        response = await doFetch(baseUrl + path, { method, headers, body, signal: requestOptions.signal });
      } catch (cause) {
        if (requestOptions.signal?.aborted) throw cause;
        throw new NetworkError(cause);
      }

      if (response.status === 204) return undefined as T;
      const text = await response.text();
      let parsed: unknown = undefined;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
      }
      if (!response.ok) {
        const message = parsed === undefined && response.statusText ? response.statusText : GENERIC_FETCH_ERROR;
        throw new ApiError(response.status, parsed, message);
      }
      return parsed as T;
    },
  };
}
