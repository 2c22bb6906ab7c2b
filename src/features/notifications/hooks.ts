/** The notification settings as mirrored (src/pwa/notification-settings), refreshed on mount. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { pullNotificationSettings, readNotificationSettings, setNotificationKind, setPodMuted } from '../../pwa/notification-settings';
import { showToast } from '../../stores/ui';
import { api, db } from '../../sync/app';
import type { NotificationKind, NotificationSettings } from '../../contract/push';
import { NotificationText } from './texts';

export interface NotificationSettingsState {
  /** undefined while reading the mirror; null when never loaded. */
  settings: NotificationSettings | null | undefined;
  loadFailed: boolean;
  setKind(kind: NotificationKind, on: boolean): void;
  setMuted(podId: string, muted: boolean): void;
}

function reportSaveFailure(error: unknown) {
  console.warn('Notification settings not saved.', error);
  showToast({ title: NotificationText.saveFailed, variant: 'error' });
}

export function useNotificationSettings(): NotificationSettingsState {
  const stored = useLiveQuery(() => readNotificationSettings(db), []);
  // A ticked box shows its new state in the same render: the mirror's copy follows a moment
  // later (an IndexedDB write, then the live query), and a controlled checkbox must not flick back.
  const [ticked, setTicked] = useState<Partial<Record<NotificationKind, boolean>>>({});
  const settings = stored ? { ...stored, ...ticked } : stored;
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    pullNotificationSettings(db, api)
      .then(() => setLoadFailed(false))
      .catch(() => setLoadFailed(true));
  }, []);
  return {
    settings,
    loadFailed,
    setKind: (kind, on) => {
      setTicked((current) => ({ ...current, [kind]: on }));
      void setNotificationKind(db, api, kind, on)
        .catch(reportSaveFailure)
        .finally(() =>
          setTicked((current) => {
            const { [kind]: _settled, ...rest } = current;
            return rest;
          }),
        );
    },
    setMuted: (podId, muted) => void setPodMuted(db, api, podId, muted).catch(reportSaveFailure),
  };
}
