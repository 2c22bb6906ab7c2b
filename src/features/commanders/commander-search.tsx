/**
 * A commander name input with suggestions (ARIA 1.2 combobox with a listbox popup): any name
 * may be typed by hand; from 2 characters on, matching commanders (or, with `partner`,
 * partner-capable cards and backgrounds) are suggested. Arrow keys move through them, Enter
 * picks one, Escape closes the list. Used by the deck form and the new game wizard.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { CardRow } from '../../db/schema';
import { useCloseAfterPointer } from '../../ui/use-close-after-pointer';
import { useCommanderSearch } from './use-commander-search';
import './commander-search.css';

export const OFFLINE_SUGGESTIONS = 'Offline: showing commanders seen before.';
/** Ours: the card service failed while the app is online (the server answered 502). */
export const SERVICE_DOWN_SUGGESTIONS = 'The card service is not answering: showing commanders seen before.';

export interface CommanderSearchProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Suggest partner-capable cards and backgrounds instead of commanders. */
  partner?: boolean;
  id?: string;
  /** Shown in red under the input, which is then marked invalid. */
  error?: string;
}

export function CommanderSearch({ label, value, onChange, partner = false, id, error }: CommanderSearchProps) {
  const generatedId = useId();
  const inputId = id ?? `commander-${generatedId}`;
  const listId = `${inputId}-suggestions`;
  const noteId = `${inputId}-note`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  /** What the user typed since the last pick; null while not typing (no search then). */
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { cards, offline, reason } = useCommanderSearch(typed, partner);
  const closeOnBlur = useCloseAfterPointer();
  const expanded = open && cards.length > 0;
  const activeIndex = expanded && active < cards.length ? active : -1;

  // Escape inside a Radix dialog would close the whole dialog: its listener runs on the
  // document in the capture phase, before React's. Claiming the key on the window (earlier
  // still) while the list is open lets Escape close only the list.
  useEffect(() => {
    if (!expanded) return;
    const claimEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && event.target === inputRef.current) event.preventDefault();
    };
    window.addEventListener('keydown', claimEscape, { capture: true });
    return () => window.removeEventListener('keydown', claimEscape, { capture: true });
  }, [expanded]);

  function pick(card: CardRow) {
    onChange(card.name);
    setTyped(null);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (cards.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive(expanded ? (activeIndex + step + cards.length) % cards.length : step === 1 ? 0 : cards.length - 1);
    } else if (event.key === 'Enter') {
      const card = activeIndex >= 0 ? cards[activeIndex] : undefined;
      if (!card) return;
      event.preventDefault();
      pick(card);
    } else if (event.key === 'Escape') {
      if (!expanded) return;
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const describedBy = [error ? errorId : null, offline && typed !== null ? noteId : null].filter(Boolean).join(' ');

  return (
    <div className="field commander-search">
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        autoCapitalize="words"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setTyped(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() =>
          closeOnBlur(() => {
            setOpen(false);
            setActive(-1);
          })
        }
      />
      {/* Always in the DOM so aria-controls points at something; empty and hidden when closed. */}
      <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="commander-options" hidden={!expanded}>
        {expanded
          ? cards.map((card, index) => (
              <li
                key={`${card.kind}:${card.name}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className="commander-option"
                // Keeps focus in the input, so picking does not blur (and close) first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(card)}
              >
                <span className="commander-option-name">{card.name}</span>
                {card.typeLine ? <span className="commander-option-type">{card.typeLine}</span> : null}
              </li>
            ))
          : null}
      </ul>
      {offline && typed !== null ? (
        <p id={noteId} className="commander-note">
          {reason === 'service' ? SERVICE_DOWN_SUGGESTIONS : OFFLINE_SUGGESTIONS}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
