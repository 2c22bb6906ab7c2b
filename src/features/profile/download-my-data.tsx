/** "Download my data" (Profile → Settings): the JSON export and the games CSV, online only, saved through a blob link. */
import { useState, type ReactNode } from 'react';
import { downloadFile } from './download';
import { useOnline } from '../shell/use-online';

export const DownloadText = {
  json: 'Download my data',
  csv: 'Download my games (CSV)',
  offline: 'You are offline. Downloading your data needs a connection.',
  saved: (name: string) => `Saved ${name}.`,
} as const;

/** `children`: what else Settings says about the data on this device (whether the browser keeps it). */
export function DownloadMyData({ children }: { children?: ReactNode }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);

  async function download(path: string, fallback: string) {
    setBusy(true);
    setStatus(null);
    try {
      setStatus({ text: DownloadText.saved(await downloadFile(path, fallback)), error: false });
    } catch (error) {
      setStatus({ text: error instanceof Error ? error.message : String(error), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack" aria-labelledby="download-data-heading">
      <h3 id="download-data-heading">Your data</h3>
      {children}
      <div className="settings-actions">
        <button type="button" className="button button--secondary" disabled={busy || !online} onClick={() => void download('/api/users/me/export', 'podtable-export.json')}>
          {DownloadText.json}
        </button>
        <button type="button" className="button button--secondary" disabled={busy || !online} onClick={() => void download('/api/users/me/export/games.csv', 'podtable-games.csv')}>
          {DownloadText.csv}
        </button>
      </div>
      {online ? null : <p className="muted">{DownloadText.offline}</p>}
      {status ? (
        <p role={status.error ? 'alert' : 'status'} className={status.error ? 'alert alert--error' : 'muted'}>
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
