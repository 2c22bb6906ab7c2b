/**
 * Profile → Decks → Export: the deck as text (formatDeckList), with Copy (clipboard) and
 * Download (.txt). Works offline: the text comes from the mirror.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId } from 'react';
import type { Deck } from '../../../contract/decks';
import { showToast } from '../../../stores/ui';
import { deckFileName, formatDeckList } from './format-deck-list';

export const ExportDialogText = {
  title: (name: string) => `Export “${name}”`,
  textLabel: 'Deck list',
  copy: 'Copy',
  download: 'Download .txt',
  copied: 'Deck list copied.',
  copyFailed: 'Could not copy. Select the text and copy it yourself.',
  empty: 'This deck has no commander or cards to export yet.',
} as const;

export function ExportDeckDialog({ deck, onClose }: { deck: Deck | null; onClose(): void }) {
  return (
    <Dialog.Root open={deck !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--wide deck-dialog" aria-describedby={undefined}>
          {deck ? <ExportDeck deck={deck} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ExportDeck({ deck }: { deck: Deck }) {
  const textId = useId();
  const text = formatDeckList(deck);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ title: ExportDialogText.copied, variant: 'success' });
    } catch {
      showToast({ title: ExportDialogText.copyFailed, variant: 'error' });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = deckFileName(deck.name);
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked on the next turn: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <>
      <Dialog.Title>{ExportDialogText.title(deck.name)}</Dialog.Title>
      {text ? (
        <div className="field">
          <label htmlFor={textId}>{ExportDialogText.textLabel}</label>
          <textarea id={textId} className="deck-import-text" rows={10} readOnly value={text} onFocus={(event) => event.currentTarget.select()} />
        </div>
      ) : (
        <p className="muted">{ExportDialogText.empty}</p>
      )}
      <div className="dialog-actions">
        <Dialog.Close className="button button--secondary">Close</Dialog.Close>
        {text ? (
          <>
            <button type="button" className="button button--secondary" onClick={download}>
              {ExportDialogText.download}
            </button>
            <button type="button" className="button" onClick={() => void copy()}>
              {ExportDialogText.copy}
            </button>
          </>
        ) : null}
      </div>
    </>
  );
}
