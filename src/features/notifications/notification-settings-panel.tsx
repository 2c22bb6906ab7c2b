/**
 * Profile → Settings (the spec's "coming soon" tab): notifications on this device, which
 * kinds to be notified of (stored on the server, for all of the user's devices), and the
 * muted pods with Unmute.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from '../../contract/push';
import { db } from '../../sync/app';
import { useNotificationSettings } from './hooks';
import { PushDevice } from './push-device';
import { NotificationText } from './texts';
import './notifications.css';

export function NotificationSettingsPanel() {
  const headingId = useId();
  const { settings, loadFailed, setKind, setMuted } = useNotificationSettings();
  const mutedPods = useLiveQuery(async () => (settings ? db.pods.bulkGet(settings.mutedPodIds) : []), [settings?.mutedPodIds.join(',')]);

  return (
    <section className="notification-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>{NotificationText.title}</h2>
      <PushDevice />
      {settings ? (
        <fieldset className="notification-kinds">
          <legend>{NotificationText.kindsLegend}</legend>
          {NOTIFICATION_KINDS.map((kind) => (
            <label key={kind} className="notification-kind">
              <input type="checkbox" checked={settings[kind]} onChange={(event) => setKind(kind, event.target.checked)} />
              <span>{NOTIFICATION_KIND_LABELS[kind]}</span>
            </label>
          ))}
        </fieldset>
      ) : loadFailed ? (
        <p role="alert" className="alert alert--error">
          {NotificationText.loadFailed}
        </p>
      ) : (
        <p role="status" className="muted">
          {NotificationText.loading}
        </p>
      )}
      {settings && settings.mutedPodIds.length > 0 ? (
        <div>
          <h3>{NotificationText.mutedPods}</h3>
          <ul className="muted-pods">
            {settings.mutedPodIds.map((podId, index) => {
              const name = mutedPods?.[index]?.name ?? 'A pod you left';
              return (
                <li key={podId}>
                  <span>{name}</span>
                  <button type="button" className="button button--secondary button--small" aria-label={`Unmute ${name}`} onClick={() => setMuted(podId, false)}>
                    {NotificationText.unmute}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
