/** The pod chat's "Mute notifications" toggle (stored on the server, for all devices). */
import { useNotificationSettings } from './hooks';
import { NotificationText } from './texts';

export function MutePodButton({ podId }: { podId: string }) {
  const { settings, setMuted } = useNotificationSettings();
  if (!settings) return null;
  const muted = settings.mutedPodIds.includes(podId);
  return (
    <button type="button" className="button button--secondary" onClick={() => setMuted(podId, !muted)}>
      {muted ? NotificationText.unmutePod : NotificationText.mutePod}
    </button>
  );
}
