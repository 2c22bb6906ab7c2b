// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { RecentPodActivity } from '../../../src/features/dashboard/recent-pod-activity';
import type { PodMessageRow } from '../../../src/db/schema';
import { pullKey } from '../../../src/sync/engine/pull';
import { actions, bo, db, failedPull, loaded, me, pod, resetApp, setPull } from './app-mock';

function message(id: string, podId: string, minute: number, sender: { id: string; username: string; displayName: string | null } = bo): PodMessageRow {
  return { id, clientId: null, podId, content: `text ${id}`, createdAt: `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`, sender };
}

function panelOf(podName: string) {
  return screen.getByRole('heading', { name: podName }).closest('li') as HTMLElement;
}

describe('Recent Pod Activity', () => {
  beforeEach(async () => {
    await resetApp();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows 'Loading pods...' before the pods were ever loaded", async () => {
    render(<RecentPodActivity />);
    expect(screen.getByRole('heading', { name: 'Recent Pod Activity' })).toBeTruthy();
    expect(await screen.findByText('Loading pods...')).toBeTruthy();
  });

  it("shows 'Failed to load pod data.' when the pods pull failed and nothing is stored", async () => {
    await setPull(pullKey('pods'), failedPull());
    render(<RecentPodActivity />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load pod data.');
  });

  it("shows 'No Pods Yet' when loaded and empty", async () => {
    await setPull(pullKey('pods'), loaded());
    render(<RecentPodActivity />);
    expect(await screen.findByText('No Pods Yet')).toBeTruthy();
    expect(screen.getByText('Join or create a pod to start collaborating.')).toBeTruthy();
  });

  it("shows the first 3 pods by name, each with its 3 latest messages as 'sender name: content', even offline", async () => {
    await setPull(pullKey('pods'), failedPull());
    await db.pods.bulkPut(['Delta', 'alpha', 'Charlie', 'Bravo'].map((name) => pod({ id: `p-${name}`, name })));
    await db.podMessages.bulkPut([
      message('a1', 'p-alpha', 1),
      message('a2', 'p-alpha', 2, { id: me.id, username: 'ana', displayName: 'Ana' }),
      message('a3', 'p-alpha', 3),
      message('a4', 'p-alpha', 4),
    ]);
    await setPull(pullKey('podMessages', 'p-alpha:3'), failedPull());
    render(<RecentPodActivity />);

    await screen.findByRole('heading', { name: 'alpha' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(screen.queryByText('Delta')).toBeNull();
    await waitFor(() => expect(within(panelOf('alpha')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ana: text a2', 'bo: text a3', 'bo: text a4']));
    expect(within(panelOf('alpha')).queryByText('Could not load messages.')).toBeNull();
  });

  it("per pod: 'Loading messages...', then 'No recent messages.' or 'Could not load messages.'", async () => {
    await db.pods.bulkPut([pod({ id: 'p1', name: 'One' }), pod({ id: 'p2', name: 'Two' })]);
    await setPull(pullKey('podMessages', 'p2:3'), failedPull());
    render(<RecentPodActivity />);
    await screen.findByRole('heading', { name: 'One' });
    await waitFor(() => expect(within(panelOf('One')).getByRole('status').textContent).toContain('Loading messages...'));
    expect((await within(panelOf('Two')).findByRole('alert')).textContent).toBe('Could not load messages.');
    await setPull(pullKey('podMessages', 'p1:3'), loaded());
    expect(await within(panelOf('One')).findByText('No recent messages.')).toBeTruthy();
  });

  it('refreshes with ONE cursor pull on mount and every 30 s, however many pods it shows', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await db.pods.bulkPut([pod({ id: 'p1', name: 'One' }), pod({ id: 'p2', name: 'Two' }), pod({ id: 'p3', name: 'Three' })]);
    const { unmount } = render(<RecentPodActivity />);
    // setInterval is faked, so waitFor cannot poll: wait on real timeouts instead.
    for (let i = 0; i < 100 && screen.queryAllByRole('heading', { level: 3 }).length < 3; i += 1) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(actions.pullList).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(29_000));
    expect(actions.pullList).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(actions.pullList).toHaveBeenCalledTimes(2);
    unmount();
    act(() => vi.advanceTimersByTime(60_000));
    expect(actions.pullList).toHaveBeenCalledTimes(2);
  });
});
