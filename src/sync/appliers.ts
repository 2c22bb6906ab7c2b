/** Every outbox kind and how its server answer lands in the mirror. Page and service worker share it. */
import { PROFILE_UPDATE_KIND, profileUpdateApplier } from './current-user';
import type { Appliers } from './sender';
import { directMessageAppliers } from './social/direct-messages';
import { friendAppliers } from './social/friends';
import { podAppliers } from './social/pods';
import { deckAppliers } from './table/decks';
import { gameAppliers } from './table/games';

export const appliers: Appliers = {
  [PROFILE_UPDATE_KIND]: profileUpdateApplier,
  ...directMessageAppliers,
  ...podAppliers,
  ...friendAppliers,
  ...deckAppliers,
  ...gameAppliers,
};
