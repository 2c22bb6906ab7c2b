/**
 * "Notifications on this device": the browser's permission and this device's subscription.
 * The permission prompt appears only when the user presses Turn on (a user gesture).
 */
import { useEffect, useState } from 'react';
import { pushDeviceState, turnOffPush, turnOnPush, type PushDeviceState } from '../../pwa/push-device';
import { serverMessage } from '../../sync/engine/api';
import { api } from '../../sync/app';
import { NotificationText } from './texts';

const STATE_TEXT: Record<PushDeviceState, string> = {
  unsupported: NotificationText.unsupported,
  denied: NotificationText.denied,
  off: NotificationText.off,
  on: NotificationText.on,
};

export function PushDevice() {
  const [state, setState] = useState<PushDeviceState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void pushDeviceState().then((next) => current && setState(next));
    return () => {
      current = false;
    };
  }, []);

  async function run(change: () => Promise<PushDeviceState>, failure: string) {
    setBusy(true);
    setError(null);
    try {
      setState(await change());
    } catch (problem) {
      console.warn('Push subscription change failed.', problem);
      // A refusal with a reason (e.g. the server does not accept this browser's push service) says why.
      setError(serverMessage(problem) ?? failure);
    } finally {
      setBusy(false);
    }
  }

  if (!state) return null;
  return (
    <div className="push-device">
      <p role="status">{STATE_TEXT[state]}</p>
      {error ? (
        <p role="alert" className="alert alert--error">
          {error}
        </p>
      ) : null}
      {state === 'off' ? (
        <button type="button" className="button" disabled={busy} onClick={() => void run(() => turnOnPush(api), NotificationText.turnOnFailed)}>
          {NotificationText.turnOn}
        </button>
      ) : null}
      {state === 'on' ? (
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void run(() => turnOffPush(api), NotificationText.turnOffFailed)}>
          {NotificationText.turnOff}
        </button>
      ) : null}
    </div>
  );
}
