/** Deck mutations on the mirror. Deleting the default deck clears the default (the server does the same). */
import * as z from 'zod/mini';
import { deckInputFields, dropStalePartner } from '../contract/decks';
import type { DeckRow, UserRow } from '../db/schema';
import { defineMutation, ref } from './types';

export const deckMutations = {
  // A deck's whole state (a save replaces it); `id` is the deck's, a UUID chosen by the client on create.
  'deck.save': defineMutation({
    args: z.pipe(
      z.extend(deckInputFields, { id: ref, create: z._default(z.boolean(), false) }),
      z.transform(<T extends { hasPartner: boolean; partnerCommander: string | null }>(deck: T) => dropStalePartner(deck)),
    ),
    // A new deck's write takes the deck's id; a save of an existing deck gets its own.
    mutationId: (args) => (args.create ? args.id : undefined),
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
        // Absent keeps the mirrored bracket (as the server keeps the stored one); null clears it.
        bracket: fields.bracket !== undefined ? fields.bracket : (previous?.bracket ?? null),
        createdAt: previous?.createdAt ?? at,
        updatedAt: at,
      } satisfies DeckRow);
    },
  }),

  'deck.delete': defineMutation({
    args: z.object({ id: ref }),
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
  }),
};
