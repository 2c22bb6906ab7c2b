/** Saves an authenticated download (src/sync/actions/download.ts) as a file through a blob link. */
import { fetchDownload } from '../../sync/actions/download';

/** Fetches `path` with the session's token and saves it; resolves with the file name. */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const { blob, name } = await fetchDownload(path, fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Once the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
