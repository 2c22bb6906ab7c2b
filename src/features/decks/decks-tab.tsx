/**
 * Profile → Decks (the spec's Profile page and Deck entity): the user's decks from the mirror, with New deck,
 * Edit, Delete (confirmed) and Set as default. Pulls the list on mount; until a first pull
 * has answered, an empty mirror reads 'Loading decks...', after a failed one 'Failed to load
 * decks.'. Everything works offline: changes are queued and marked Pending.
 */
import { useState } from 'react';
import type { Deck } from '../../contract/decks';
import type { DeckRow } from '../../db/schema';
import { showToast } from '../../stores/ui';
import { actions } from '../../sync/app';
import { pullKey } from '../../sync/engine/pull';
import { useCurrentUser } from '../auth/use-current-user';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { usePullOnMount, usePullState } from '../../ui/sync-hooks';
import { listState } from '../../ui/list-state';
import { ListStatus } from '../../ui/list-status';
import { DeckFormDialog } from './deck-form-dialog';
import { DeckItem } from './deck-item';
import { ExportDeckDialog } from './import/export-deck-dialog';
import { ImportDeckDialog } from './import/import-deck-dialog';
import { DECKS_FAILED, DEFAULT_DECK_FAILED, DELETE_DECK_FAILED, DELETE_DECK_TITLE, LOADING_DECKS, NO_DECKS, NO_DECKS_DETAIL } from './deck-texts';
import { useDecks } from './use-decks';
// The shared list pieces (list states, badges, failed writes) are styled there.
import '../chats/chats.css';
import './decks.css';

export function DecksTab() {
  const decks = useDecks();
  const pull = usePullState(pullKey('decks'));
  const user = useCurrentUser();
  usePullOnMount();
  const [editing, setEditing] = useState<{ deck: Deck | null } | null>(null);
  const [deleting, setDeleting] = useState<DeckRow | null>(null);
  const [deleteError, setDeleteError] = useState<string | undefined>();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState<DeckRow | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await actions.mutate('deck.delete', { id: deleting.id });
      setDeleting(null);
    } catch (error) {
      console.error('Deck delete failed.', error);
      setDeleteError(DELETE_DECK_FAILED);
    }
  }

  function setDefault(deckId: string) {
    actions.mutate('profile.update', { defaultDeckId: deckId }).catch((error: unknown) => {
      console.error('Setting the default deck failed.', error);
      showToast({ title: DEFAULT_DECK_FAILED, variant: 'error' });
    });
  }

  return (
    <section className="decks" aria-labelledby="decks-title">
      <div className="decks-head">
        <h2 id="decks-title">Your decks</h2>
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={() => setImporting(true)}>
            Import
          </button>
          <button type="button" className="button" onClick={() => setEditing({ deck: null })}>
            New deck
          </button>
        </div>
      </div>
      <ListStatus state={listState(decks, pull)} loading={LOADING_DECKS} error={DECKS_FAILED} empty={NO_DECKS} emptyDetail={NO_DECKS_DETAIL} />
      {decks && decks.length > 0 ? (
        <ul className="deck-list" aria-labelledby="decks-title">
          {decks.map((deck) => (
            <DeckItem
              key={deck.id}
              deck={deck}
              isDefault={user?.defaultDeckId === deck.id}
              onEdit={() => setEditing({ deck })}
              onExport={() => setExporting(deck)}
              onDelete={() => {
                setDeleteError(undefined);
                setDeleting(deck);
              }}
              onSetDefault={() => setDefault(deck.id)}
            />
          ))}
        </ul>
      ) : null}
      <DeckFormDialog editing={editing} onClose={() => setEditing(null)} />
      <ImportDeckDialog open={importing} onOpenChange={setImporting} />
      <ExportDeckDialog deck={exporting} onClose={() => setExporting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={DELETE_DECK_TITLE}
        description={deleting ? `“${deleting.name}” will be removed from your decks.` : ''}
        confirmLabel="Delete"
        danger
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
