/**
 * Adds a guest (no account) to a custom table: a name and at least one commander are needed now
 * (the spec's validation rules); the deck and the e-mail by which they claim the game can wait for the layout
 * page, but are asked here too so a complete guest needs nothing more at Start game.
 */
import { useState, type FormEvent } from 'react';
import type { WizardPlayer } from '../../../stores/wizard';
import { CommanderField } from '../wizard/commander-field';
import { guestPlayer, type GuestForm as GuestFormValues } from '../players';

const EMPTY: GuestFormValues = { guestName: '', deckName: '', commanderName: '', partnerCommanderName: '', accountEmail: '' };

export function GuestForm({ onAdd }: { onAdd(player: WizardPlayer): boolean }) {
  const [form, setForm] = useState<GuestFormValues>(EMPTY);
  const set = (field: keyof GuestFormValues) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (onAdd(guestPlayer(form))) setForm(EMPTY);
  }

  return (
    <form className="form guest-form" aria-label="Add a guest" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="guest-name">Guest name</label>
        <input id="guest-name" type="text" autoComplete="off" value={form.guestName} onChange={(event) => set('guestName')(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="guest-deck">Deck name</label>
        <input id="guest-deck" type="text" autoComplete="off" value={form.deckName} onChange={(event) => set('deckName')(event.target.value)} />
      </div>
      <CommanderField id="guest-commander" label="Commander" value={form.commanderName} onChange={set('commanderName')} />
      <CommanderField id="guest-partner" label="Partner commander" partner value={form.partnerCommanderName} onChange={set('partnerCommanderName')} />
      <div className="field">
        <label htmlFor="guest-email">Guest email</label>
        <input
          id="guest-email"
          type="email"
          autoComplete="off"
          inputMode="email"
          aria-describedby="guest-email-hint"
          value={form.accountEmail}
          onChange={(event) => set('accountEmail')(event.target.value)}
        />
        <p id="guest-email-hint" className="muted field-hint">
          Needed before the game starts, so they can claim it later.
        </p>
      </div>
      <div className="button-row">
        <button type="submit" className="button">
          Add guest
        </button>
      </div>
    </form>
  );
}
