// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { PodDescription } from '../../../src/features/pods/pod-description';
import { actions, bo, me, pod, resetApp } from './app-mock';

beforeEach(resetApp);
afterEach(cleanup);

describe("a pod's description", () => {
  it('shows the description to a member, with no way to edit it', () => {
    render(<PodDescription pod={pod({ id: 'p1', name: 'Tuesday', ownerId: bo.id, members: [bo, me], description: 'Casual, bracket 2.' })} isOwner={false} />);
    expect(screen.getByText('Casual, bracket 2.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit description' })).toBeNull();
  });

  it('shows nothing to a member when there is no description', () => {
    const { container } = render(<PodDescription pod={pod({ id: 'p1', name: 'Tuesday', ownerId: bo.id, description: null })} isOwner={false} />);
    expect(container.textContent).toBe('');
  });

  it('lets the owner edit it, refuses a line that is too long, and saves the trimmed text as pod.describe', async () => {
    render(<PodDescription pod={pod({ id: 'p1', name: 'Tuesday', description: null })} isOwner />);
    expect(screen.getByText('No description.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit description' }));

    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x'.repeat(281) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText("A pod's description can be at most 280 characters.")).textContent).toBeTruthy();
    expect(actions.mutate).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Description'), { target: { value: '  Proxies welcome.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(actions.describePod).toHaveBeenCalledExactlyOnceWith('p1', '  Proxies welcome.  '));
    await waitFor(() => expect(screen.queryByLabelText('Description')).toBeNull());
  });

  it('clears it when the owner saves an empty line', async () => {
    render(<PodDescription pod={pod({ id: 'p1', name: 'Tuesday', description: 'Old text' })} isOwner />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit description' }));
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(actions.describePod).toHaveBeenCalledExactlyOnceWith('p1', ''));
  });
});
