/**
 * Authenticated downloads (the data export): fetched with the session's token in the
 * Authorization header, never in the URL (an installed app has no cookie, and a URL ends up in
 * history and logs). The screen saves the blob (src/features/profile/download.ts).
 */
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../contract/sync-protocol';
import { readStoredToken } from '../engine/token';

export const DOWNLOAD_FAILED = 'The download did not work. Try again.';

/** The file name from `Content-Disposition` (the UTF-8 form first), else `fallback`. */
export function fileNameFrom(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // Malformed: fall through to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** The answer's bytes and file name; throws an Error whose message the screen shows (the server's, when it sent one). */
export async function fetchDownload(path: string, fallbackName: string): Promise<{ blob: Blob; name: string }> {
  const token = readStoredToken();
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { [PROTOCOL_HEADER]: String(PROTOCOL_VERSION), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new Error(DOWNLOAD_FAILED);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' ? body.message : DOWNLOAD_FAILED);
  }
  return { blob: await response.blob(), name: fileNameFrom(response.headers.get('content-disposition'), fallbackName) };
}
