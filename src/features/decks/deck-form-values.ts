/**
 * The deck form's values and their mapping to the contract (src/contract/decks): the form
 * keeps what the user typed (a partner name survives unticking 'Has partner'); the contract
 * normalises it (trims, drops blank links, drops the partner without the tick) and gives the
 * error texts, one per field.
 */
import type { ValidationError } from '../../contract/validation';
import { DECK_LINK_MAX_LENGTH, deckInputBody, isHttpUrl, type Deck, type DeckInput, type DeckInputBody } from '../../contract/decks';

export interface LinkValue {
  /** Stable React key, so removing a row does not move typed text or focus to its neighbour. */
  key: number;
  value: string;
}

export interface DeckFormValues {
  name: string;
  description: string;
  commander: string;
  hasPartner: boolean;
  partnerCommander: string;
  links: LinkValue[];
  /** The select's value: '' = not declared, else '1'…'5'. */
  bracket: string;
}

export type DeckFormField = 'name' | 'description' | 'commander' | 'partnerCommander' | 'externalLinks' | 'bracket' | 'form';
export type DeckFormErrors = Partial<Record<DeckFormField, string>>;

let nextLinkKey = 1;
export function newLink(value = ''): LinkValue {
  return { key: nextLinkKey++, value };
}

export function formValuesOf(deck: Deck | null): DeckFormValues {
  return {
    name: deck?.name ?? '',
    description: deck?.description ?? '',
    commander: deck?.commander ?? '',
    hasPartner: deck?.hasPartner ?? false,
    partnerCommander: deck?.partnerCommander ?? '',
    links: (deck?.externalLinks ?? []).map((link) => newLink(link)),
    bracket: deck?.bracket ? String(deck.bracket) : '',
  };
}

export function toDeckInput(values: DeckFormValues): DeckInput {
  return {
    name: values.name,
    description: values.description,
    commander: values.commander,
    hasPartner: values.hasPartner,
    partnerCommander: values.partnerCommander,
    externalLinks: values.links.map((link) => link.value),
    // Always sent: the form shows the bracket, so "Not declared" is a choice (null clears it).
    bracket: values.bracket === '' ? null : Number(values.bracket),
  };
}

const FIELDS: readonly DeckFormField[] = ['name', 'description', 'commander', 'partnerCommander', 'externalLinks', 'bracket'];

/** The first message of each field; issues about no field the form shows go to 'form'. */
export function errorsFrom(error: ValidationError): DeckFormErrors {
  const errors: DeckFormErrors = {};
  for (const issue of error.issues) {
    const head = issue.path[0];
    const field = FIELDS.find((name) => name === head) ?? 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

export type DeckFormCheck = { ok: true; body: Omit<DeckInputBody, 'id'> } | { ok: false; errors: DeckFormErrors };

export function checkDeckForm(values: DeckFormValues): DeckFormCheck {
  const parsed = deckInputBody.safeParse(toDeckInput(values));
  if (!parsed.success) return { ok: false, errors: errorsFrom(parsed.error) };
  const { id: _id, ...body } = parsed.data;
  return { ok: true, body };
}

/** A typed link the contract refuses (blank ones are not: they are dropped on save). */
export function isBadLink(value: string): boolean {
  const link = value.trim();
  return link.length > 0 && (link.length > DECK_LINK_MAX_LENGTH || !isHttpUrl(link));
}
