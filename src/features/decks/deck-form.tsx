/**
 * Create or edit a deck (the spec's Deck entity and validation rules): name (required), description, commander,
 * 'Has partner' with a partner commander, the declared Commander Bracket, external links. The contract checks and normalises;
 * saving is optimistic (the deck is in the list at once, the server gets it when it can).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DECK_BRACKETS, DECK_LINKS_MAX, type Deck } from '../../contract/decks';
import { BRACKET_NOT_DECLARED, bracketOptionLabel } from './deck-texts';
import { isValidationError } from '../../contract/validation';
import { actions } from '../../sync/app';
import { CommanderSearch } from '../commanders/commander-search';
import { checkDeckForm, errorsFrom, formValuesOf, isBadLink, newLink, type DeckFormErrors, type DeckFormField, type DeckFormValues } from './deck-form-values';
import { SAVE_DECK_FAILED } from './deck-texts';
import './decks.css';

interface DeckFormProps {
  /** The deck to edit; null creates a new one. */
  deck: Deck | null;
  onDone(): void;
  onCancel(): void;
}

export function DeckForm({ deck, onDone, onCancel }: DeckFormProps) {
  const prefix = useId();
  const ids = {
    name: `${prefix}-name`,
    description: `${prefix}-description`,
    commander: `${prefix}-commander`,
    partnerCommander: `${prefix}-partner`,
    hasPartner: `${prefix}-has-partner`,
    bracket: `${prefix}-bracket`,
    link: (key: number) => `${prefix}-link-${key}`,
  };
  const [values, setValues] = useState<DeckFormValues>(() => formValuesOf(deck));
  const [errors, setErrors] = useState<DeckFormErrors>({});
  const [saving, setSaving] = useState(false);
  /** Id of the input to focus once the next render is in the DOM (a new link row, a field in error). */
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  function set<K extends keyof DeckFormValues>(field: K, value: DeckFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function setLink(key: number, value: string) {
    setValues((current) => ({ ...current, links: current.links.map((link) => (link.key === key ? { ...link, value } : link)) }));
  }

  function addLink() {
    const link = newLink();
    setValues((current) => ({ ...current, links: [...current.links, link] }));
    focusNext.current = ids.link(link.key);
  }

  function removeLink(key: number) {
    setValues((current) => ({ ...current, links: current.links.filter((link) => link.key !== key) }));
  }

  /** Moves focus to the first field in error, so keyboard and screen-reader users land on it. */
  function showErrors(next: DeckFormErrors) {
    setErrors(next);
    const firstBadLink = values.links.find((link) => isBadLink(link.value));
    const order: [DeckFormField, string | undefined][] = [
      ['name', ids.name],
      ['description', ids.description],
      ['commander', ids.commander],
      ['partnerCommander', ids.partnerCommander],
      ['bracket', ids.bracket],
      ['externalLinks', firstBadLink ? ids.link(firstBadLink.key) : undefined],
    ];
    const first = order.find(([field, id]) => next[field] && id);
    if (first?.[1]) focusNext.current = first[1];
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const check = checkDeckForm(values);
    if (!check.ok) {
      showErrors(check.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await actions.saveDeck(check.body, deck?.id);
      onDone();
    } catch (error) {
      showErrors(isValidationError(error) ? errorsFrom(error) : { form: SAVE_DECK_FAILED });
    } finally {
      setSaving(false);
    }
  }

  const errorProps = (field: DeckFormField, id: string) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

  return (
    <form className="form deck-form" onSubmit={(event) => void submit(event)} noValidate>
      {errors.form ? (
        <p role="alert" className="alert alert--error">
          {errors.form}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={ids.name}>Name</label>
        <input
          id={ids.name}
          type="text"
          autoComplete="off"
          required
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          {...errorProps('name', ids.name)}
        />
        <FieldError id={ids.name} message={errors.name} />
      </div>
      <div className="field">
        <label htmlFor={ids.description}>Description</label>
        <textarea
          id={ids.description}
          rows={3}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          {...errorProps('description', ids.description)}
        />
        <FieldError id={ids.description} message={errors.description} />
      </div>
      <CommanderSearch id={ids.commander} label="Commander" value={values.commander} onChange={(value) => set('commander', value)} error={errors.commander} />
      <div className="deck-checkbox">
        <input id={ids.hasPartner} type="checkbox" checked={values.hasPartner} onChange={(event) => set('hasPartner', event.target.checked)} />
        <label htmlFor={ids.hasPartner}>Has partner</label>
      </div>
      {values.hasPartner ? (
        <CommanderSearch
          id={ids.partnerCommander}
          label="Partner commander"
          partner
          value={values.partnerCommander}
          onChange={(value) => set('partnerCommander', value)}
          error={errors.partnerCommander}
        />
      ) : null}
      <div className="field">
        <label htmlFor={ids.bracket}>Bracket</label>
        <select id={ids.bracket} value={values.bracket} onChange={(event) => set('bracket', event.target.value)} {...errorProps('bracket', ids.bracket)}>
          <option value="">{BRACKET_NOT_DECLARED}</option>
          {DECK_BRACKETS.map((bracket) => (
            <option key={bracket.value} value={String(bracket.value)}>
              {bracketOptionLabel(bracket.value)}
            </option>
          ))}
        </select>
        <FieldError id={ids.bracket} message={errors.bracket} />
      </div>
      <fieldset className="deck-links">
        <legend>External links</legend>
        {values.links.length > 0 ? (
          <ul className="deck-link-rows">
            {values.links.map((link, index) => {
              const id = ids.link(link.key);
              const bad = Boolean(errors.externalLinks) && isBadLink(link.value);
              return (
                <li key={link.key} className="deck-link-row">
                  <div className="field">
                    <label htmlFor={id}>{`Link ${index + 1}`}</label>
                    <input
                      id={id}
                      type="url"
                      inputMode="url"
                      autoComplete="off"
                      placeholder="https://"
                      value={link.value}
                      onChange={(event) => setLink(link.key, event.target.value)}
                      aria-invalid={bad ? true : undefined}
                      aria-describedby={bad ? `${prefix}-links-error` : undefined}
                    />
                  </div>
                  <button type="button" className="button button--secondary" aria-label={`Remove link ${index + 1}`} onClick={() => removeLink(link.key)}>
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        <FieldError id={`${prefix}-links`} message={errors.externalLinks} />
        <button type="button" className="button button--secondary" onClick={addLink} disabled={values.links.length >= DECK_LINKS_MAX}>
          Add link
        </button>
      </fieldset>
      <div className="dialog-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={saving}>
          Save deck
        </button>
      </div>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="field-error" role="alert">
      {message}
    </p>
  );
}
