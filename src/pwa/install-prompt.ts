/**
 * Keeps the browser's install prompt for the 'Install app' menu item (the spec's navigation: shown
 * only when the prompt is available). The event can be used once; after use, or once the app
 * is installed, it is dropped and the item disappears.
 */
import { useUiStore, type InstallPromptEvent } from '../stores/ui';

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    useUiStore.getState().setInstallPrompt(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => useUiStore.getState().setInstallPrompt(null));
}

export async function promptInstall(): Promise<void> {
  const event = useUiStore.getState().installPrompt;
  if (!event) return;
  useUiStore.getState().setInstallPrompt(null);
  await event.prompt();
  await event.userChoice;
}
