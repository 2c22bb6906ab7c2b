/**
 * Profile → Decks → Import: paste a list (or a deck link), Check it, review what was read
 * (commanders, card count, lines not understood with their numbers), name it, Import. The
 * deck is saved through the ordinary offline path (actions.saveDeck), so it works with no
 * signal; the commanders are checked with the card search when it answers.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { isValidationError } from '../../../contract/validation';
import { commanderLabel, DECK_NAME_MAX_LENGTH } from '../../../contract/decks';
import { showToast } from '../../../stores/ui';
import { actions } from '../../../sync/app';
import { SAVE_DECK_FAILED } from '../deck-texts';
import { parseDeckList, type ParsedDeckList } from './parse-deck-list';
import { importedDeckInput, recogniseCommanders, type RecognisedDeck } from './recognise-commanders';

export const ImportDialogText = {
  title: 'Import a deck',
  listLabel: 'Deck list or link',
  listHint: 'Paste a list exported from Moxfield, Archidekt, MTGO or MTG Arena, or a Moxfield or Archidekt deck link.',
  check: 'Check list',
  checking: 'Checking commanders...',
  nothing: 'Nothing to import: paste a deck list or a deck link first.',
  notUnderstood: 'Lines not understood',
  import: 'Import deck',
  imported: 'Deck imported.',
  defaultName: 'Imported deck',
} as const;

/** Pasting a whole collection is not a deck; this bound keeps parsing instant on a phone. */
export const DECK_LIST_MAX_CHARS = 50_000;

interface Checked {
  text: string;
  parsed: ParsedDeckList;
  recognised: RecognisedDeck;
}

function cardCount(recognised: RecognisedDeck): number {
  return recognised.cards.reduce((sum, card) => sum + card.quantity, 0);
}

function suggestedName(parsed: ParsedDeckList, recognised: RecognisedDeck): string {
  const name = parsed.name ?? recognised.commander ?? ImportDialogText.defaultName;
  return name.slice(0, DECK_NAME_MAX_LENGTH);
}

export function ImportDeckDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--wide deck-dialog" aria-describedby={undefined} onInteractOutside={(event) => event.preventDefault()}>
          <Dialog.Title>{ImportDialogText.title}</Dialog.Title>
          {open ? <ImportDeckForm onDone={() => onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ImportDeckForm({ onDone }: { onDone(): void }) {
  const ids = { list: useId(), hint: useId(), name: useId() };
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState<'checking' | 'saving' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A check belongs to the text it read: typing again asks for a new check.
  const current = checked?.text === text ? checked : null;
  // Only lines not understood: nothing to make a deck of.
  const importable = current !== null && (current.recognised.commander !== null || current.recognised.cards.length > 0 || current.parsed.links.length > 0);

  async function check() {
    const parsed = parseDeckList(text);
    if (parsed.cards.length === 0 && parsed.commanders.length === 0 && parsed.commanderGuesses.length === 0 && parsed.links.length === 0 && parsed.problems.length === 0) {
      setError(ImportDialogText.nothing);
      return;
    }
    setError(null);
    setBusy('checking');
    try {
      const recognised = await recogniseCommanders(parsed, actions.searchCommanders);
      setChecked({ text, parsed, recognised });
      setName(suggestedName(parsed, recognised));
    } finally {
      setBusy(null);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!current || !importable || busy) return;
    setBusy('saving');
    try {
      await actions.saveDeck(importedDeckInput(name, current.parsed, current.recognised));
      showToast({ title: ImportDialogText.imported, variant: 'success' });
      onDone();
    } catch (failure) {
      setError(isValidationError(failure) ? (failure.issues[0]?.message ?? SAVE_DECK_FAILED) : SAVE_DECK_FAILED);
    } finally {
      setBusy(null);
    }
  }

  return (
    <form className="form deck-form" onSubmit={(event) => void save(event)} noValidate>
      {error ? (
        <p role="alert" className="alert alert--error">
          {error}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={ids.list}>{ImportDialogText.listLabel}</label>
        <p id={ids.hint} className="muted field-hint">
          {ImportDialogText.listHint}
        </p>
        <textarea
          id={ids.list}
          className="deck-import-text"
          rows={8}
          maxLength={DECK_LIST_MAX_CHARS}
          spellCheck={false}
          aria-describedby={ids.hint}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => void check()}>
        {busy === 'checking' ? ImportDialogText.checking : ImportDialogText.check}
      </button>
      {current ? <ImportSummary checked={current} /> : null}
      {current ? (
        <div className="field">
          <label htmlFor={ids.name}>Name</label>
          <input id={ids.name} type="text" autoComplete="off" required value={name} onChange={(event) => setName(event.target.value)} />
        </div>
      ) : null}
      <div className="dialog-actions">
        <Dialog.Close className="button button--secondary" type="button">
          Cancel
        </Dialog.Close>
        <button type="submit" className="button" disabled={!importable || busy !== null}>
          {ImportDialogText.import}
        </button>
      </div>
    </form>
  );
}

function ImportSummary({ checked }: { checked: Checked }) {
  const { parsed, recognised } = checked;
  const commanders = commanderLabel({ commander: recognised.commander, hasPartner: recognised.partnerCommander !== null, partnerCommander: recognised.partnerCommander });
  const count = cardCount(recognised);
  return (
    <section className="deck-import-summary" aria-label="What was read">
      <dl className="deck-import-facts">
        <dt>Commander</dt>
        <dd>{commanders ?? 'None'}</dd>
        <dt>Cards</dt>
        <dd>{count === 1 ? '1 card' : `${count} cards`}</dd>
        {parsed.links.length > 0 ? (
          <>
            <dt>Links</dt>
            <dd>{parsed.links.length}</dd>
          </>
        ) : null}
      </dl>
      {parsed.leftOut > 0 ? <p className="muted">{`${parsed.leftOut} sideboard or maybeboard ${parsed.leftOut === 1 ? 'card was' : 'cards were'} left out.`}</p> : null}
      {[...parsed.notes, ...recognised.notes].map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
      {parsed.problems.length > 0 ? (
        <div role="alert" className="deck-import-problems">
          <h3>{ImportDialogText.notUnderstood}</h3>
          <ul>
            {parsed.problems.map((problem) => (
              <li key={problem.line}>
                <strong>{`Line ${problem.line}:`}</strong> <q>{problem.text}</q> — {problem.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
