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
  const settings = useLiveQuery(() => readNotificationSettings(db), []);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    pullNotificationSettings(db, api)
      .then(() => setLoadFailed(false))
      .catch(() => setLoadFailed(true));
  }, []);
  return {
    settings,
    loadFailed,
    setKind: (kind, on) => void setNotificationKind(db, api, kind, on).catch(reportSaveFailure),
    setMuted: (podId, muted) => void setPodMuted(db, api, podId, muted).catch(reportSaveFailure),
  };
}
