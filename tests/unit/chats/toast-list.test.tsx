// @vitest-environment happy-dom
/** The toasts as the user sees them: one per text, and inside an open dialog instead of over it. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as Dialog from '@radix-ui/react-dialog';
import { Toaster } from '../../../src/features/shell/toaster';
import { showToast, useUiStore } from '../../../src/stores/ui';

beforeEach(() => useUiStore.setState({ toasts: [] }));
afterEach(cleanup);

function Page() {
  return (
    <Toaster>
      <Dialog.Root>
        <Dialog.Trigger>Open</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Content aria-describedby={undefined}>
            <Dialog.Title>Invite</Dialog.Title>
            <p>Dialog body</p>
            <Dialog.Close>Close</Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Toaster>
  );
}

describe('toasts', () => {
  it('show the same text once, and closing it closes its copies', async () => {
    render(<Page />);
    act(() => {
      showToast({ title: 'Invitation sent!', variant: 'success' });
      showToast({ title: 'Invitation sent!', variant: 'success' });
      showToast({ title: 'Member removed.', variant: 'success' });
    });
    await screen.findByText('Member removed.');
    expect(screen.getAllByText('Invitation sent!')).toHaveLength(1);
    const sent = screen.getByText('Invitation sent!').closest('li')!;
    fireEvent.click(within(sent).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(useUiStore.getState().toasts.filter((toast) => toast.open).map((toast) => toast.title)).toEqual(['Member removed.']));
  });

  it('sit inside an open dialog, above its content, and go back under the page when it closes', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog');
    act(() => void showToast({ title: 'Invitation sent!', variant: 'success' }));
    const toast = await within(dialog).findByText('Invitation sent!');
    // In the dialog's own flow, before its content: it cannot cover it.
    expect(toast.compareDocumentPosition(within(dialog).getByText('Dialog body')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Invitation sent!')).toBeTruthy();
  });
});
