/** Deck mutations on the mirror. Deleting the default deck clears the default (the server does the same). */
import type { DeckRow, UserRow } from '../../db/schema';
import type { ClientMutator } from './types';

export const deckSave: ClientMutator<'deck.save'> = {
  target: (args) => ({ table: 'decks', id: args.id }),
  apply(view, { id, create: _create, ...fields }, { at }) {
    const previous = view.get<DeckRow>('decks', id);
    view.put('decks', id, {
      ...previous,
      id,
      name: fields.name,
      description: fields.description ?? null,
      commander: fields.commander ?? null,
      hasPartner: fields.hasPartner ?? false,
      partnerCommander: fields.partnerCommander ?? null,
      externalLinks: fields.externalLinks ?? [],
      cards: fields.cards ?? previous?.cards ?? [],
      createdAt: previous?.createdAt ?? at,
      updatedAt: at,
    } satisfies DeckRow);
  },
};

export const deckDelete: ClientMutator<'deck.delete'> = {
  target: (args) => ({ table: 'decks', id: args.id }),
  writes: (args, { me }) => [
    { table: 'decks', id: args.id },
    { table: 'users', id: me.id },
  ],
  apply(view, args, { me }) {
    view.delete('decks', args.id);
    const user = view.get<UserRow>('users', me.id);
    if (user?.defaultDeckId === args.id) view.put('users', me.id, { ...user, defaultDeckId: null });
  },
};
