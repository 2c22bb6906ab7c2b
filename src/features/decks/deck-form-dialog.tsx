/**
 * The deck form in a Radix dialog: focus moves in and back to the button that opened it,
 * Escape and Cancel close it. A tap outside does not: on a phone that would throw away a
 * half-typed deck.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { Deck } from '../../contract/decks';
import { DeckForm } from './deck-form';

interface DeckFormDialogProps {
  /** null: closed; { deck: null }: a new deck; { deck }: edit it. */
  editing: { deck: Deck | null } | null;
  onClose(): void;
}

export function DeckFormDialog({ editing, onClose }: DeckFormDialogProps) {
  return (
    <Dialog.Root open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--wide deck-dialog" aria-describedby={undefined} onInteractOutside={(event) => event.preventDefault()}>
          <Dialog.Title>{editing?.deck ? 'Edit deck' : 'New deck'}</Dialog.Title>
          {editing ? <DeckForm key={editing.deck?.id ?? 'new'} deck={editing.deck} onDone={onClose} onCancel={onClose} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
