/** Settings: whether the browser agreed to keep this app's storage (src/pwa/storage-persistence.ts). */
import { useEffect, useState } from 'react';
import { readStorageStatus, StorageText, type StorageStatus } from '../../pwa/storage-persistence';

const TEXTS: Record<StorageStatus, string> = { kept: StorageText.kept, 'best-effort': StorageText.bestEffort, unknown: StorageText.unknown };

export function StorageStatusLine() {
  const [status, setStatus] = useState<StorageStatus | null>(null);
  useEffect(() => {
    let live = true;
    void readStorageStatus().then((value) => live && setStatus(value));
    return () => {
      live = false;
    };
  }, []);
  if (!status) return null;
  return <p className="muted" data-storage-status={status}>{TEXTS[status]}</p>;
}
