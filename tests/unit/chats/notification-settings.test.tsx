// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));
const device = vi.hoisted(() => ({ state: 'off' as 'unsupported' | 'denied' | 'off' | 'on', turnOn: vi.fn() }));
vi.mock('../../../src/pwa/push-device', () => ({
  pushDeviceState: async () => device.state,
  turnOnPush: device.turnOn,
  turnOffPush: vi.fn(async () => 'off'),
}));

import { NotificationSettingsPanel } from '../../../src/features/notifications/notification-settings-panel';
import { NotificationText } from '../../../src/features/notifications/texts';
import { PushText } from '../../../src/contract/push';
import { ApiError } from '../../../src/sync/engine/api';
import { api, db, pod, pushServer, resetApp } from './app-mock';

beforeEach(async () => {
  await resetApp();
  device.state = 'off';
  device.turnOn.mockReset();
});
afterEach(cleanup);

describe('Profile → Settings: notifications', () => {
  it("says why a device cannot be turned on: blocked in the browser, or no push support", async () => {
    device.state = 'denied';
    const { unmount } = render(<NotificationSettingsPanel />);
    expect(await screen.findByText(NotificationText.denied)).toBeTruthy();
    expect(screen.queryByRole('button', { name: NotificationText.turnOn })).toBeNull();
    unmount();
    device.state = 'unsupported';
    render(<NotificationSettingsPanel />);
    expect(await screen.findByText(NotificationText.unsupported)).toBeTruthy();
  });

  it('turns this device on from the button press, and tells when that fails', async () => {
    device.turnOn.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('on');
    render(<NotificationSettingsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: NotificationText.turnOn }));
    expect((await screen.findByRole('alert')).textContent).toBe(NotificationText.turnOnFailed);
    fireEvent.click(screen.getByRole('button', { name: NotificationText.turnOn }));
    expect(await screen.findByText(NotificationText.on)).toBeTruthy();
    expect(screen.getByRole('button', { name: NotificationText.turnOff })).toBeTruthy();
    expect(device.turnOn).toHaveBeenCalledTimes(2);
  });

  it("shows the server's reason when it refuses this device's push service", async () => {
    device.turnOn.mockRejectedValueOnce(new ApiError(400, { message: PushText.endpointRefused }));
    render(<NotificationSettingsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: NotificationText.turnOn }));
    expect((await screen.findByRole('alert')).textContent).toBe(PushText.endpointRefused);
    expect(screen.getByRole('button', { name: NotificationText.turnOn })).toBeTruthy();
  });

  it("shows the account's settings, changes one kind on the server, and lists muted pods with Unmute", async () => {
    await db.pods.put(pod({ id: 'p1', name: 'Tuesday' }));
    pushServer.settings = { ...pushServer.settings, podMessages: false, mutedPodIds: ['p1'] };
    render(<NotificationSettingsPanel />);
    const kinds = await screen.findByRole('group', { name: NotificationText.kindsLegend });
    expect((within(kinds).getByRole('checkbox', { name: 'Pod messages' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(kinds).getByRole('checkbox', { name: 'Direct messages' }));
    // At once, before the mirror's copy follows (a controlled box must not flick back).
    expect((within(kinds).getByRole('checkbox', { name: 'Direct messages' }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(pushServer.settings.directMessages).toBe(false));
    expect(api.request).toHaveBeenCalledWith('PUT', '/api/push/settings', { body: { directMessages: false } });
    expect((within(kinds).getByRole('checkbox', { name: 'Direct messages' }) as HTMLInputElement).checked).toBe(false);

    fireEvent.click(await screen.findByRole('button', { name: 'Unmute Tuesday' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unmute Tuesday' })).toBeNull());
    expect(pushServer.settings.mutedPodIds).toEqual([]);
  });

  it('says when the settings could not be loaded', async () => {
    api.request.mockRejectedValueOnce(new Error('offline'));
    render(<NotificationSettingsPanel />);
    expect((await screen.findByText(NotificationText.loadFailed)).getAttribute('role')).toBe('alert');
  });
});
