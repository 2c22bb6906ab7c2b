/**
 * The server's apply of every mutation, by name: one module per entity (the app's optimistic
 * side and the argument schemas: src/mutations/, the same file names). Each module's record
 * `satisfies Partial<ServerMutators>`, so a name that is not a mutation fails to compile there;
 * this record is typed `ServerMutators`, so a name no module registers fails to compile here.
 * A name two modules register would be silently overwritten: ENTITY_MUTATORS lets the parity
 * test (tests/server/sync/mutation-parity.test.ts) count them.
 */
import type { ServerMutators } from '../sync/mutator';
import { blockMutators } from './blocks';
import { deckMutators } from './decks';
import { directMessageMutators } from './direct-messages';
import { friendMutators } from './friends';
import { gameInviteMutators } from './game-invites';
import { gameMutators } from './games';
import { podInvitationMutators } from './pod-invitations';
import { podMessageMutators } from './pod-messages';
import { podMutators } from './pods';
import { profileMutators } from './profile';
import { readMarkerMutators } from './read-markers';

/** Every entity module's record, in one list. */
export const ENTITY_MUTATORS = [
  profileMutators,
  directMessageMutators,
  podMutators,
  podMessageMutators,
  podInvitationMutators,
  friendMutators,
  blockMutators,
  deckMutators,
  gameMutators,
  gameInviteMutators,
  readMarkerMutators,
] as const;

// A module read before it finished loading (an import cycle back into this file) would be skipped silently by Object.assign.
if (ENTITY_MUTATORS.some((record) => record === undefined)) throw new Error('server/mutations: a module is in an import cycle with server/mutations/index.ts');

/** Every module's mutators merged into one record; the type is the intersection of the modules' records. */
type Merged<U> = (U extends unknown ? (record: U) => void : never) extends (record: infer I) => void ? I : never;
export const serverMutators: ServerMutators = Object.assign({}, ...ENTITY_MUTATORS) as Merged<(typeof ENTITY_MUTATORS)[number]>;
