/**
 * Every write a client may queue, by name (docs/architecture.md, "Writes: mutations and the
 * outbox"): one module per entity declares, for each of its write kinds, the argument schema and
 * the app's optimistic side (`defineMutation`, types.ts). The server's apply lives in the
 * module of the same name under server/mutations/. The names are this record's keys, so a kind
 * exists once it is declared here; the server's registry is typed by these names, so a name it
 * lacks fails to compile there. Importable without Dexie or React (src/db is imported for types
 * only), so the server reads the schemas from here (through src/contract/mutations.ts).
 * Creating mutations carry the new record's id (a client-chosen UUID), so the optimistic row,
 * the server's row and later mutations naming it agree on one id.
 */
import type * as z from 'zod/mini';
import { blockMutations } from './blocks';
import { deckMutations } from './decks';
import { directMessageMutations } from './direct-messages';
import { friendMutations } from './friends';
import { gameInviteMutations } from './game-invites';
import { gameMutations } from './games';
import { podInvitationMutations } from './pod-invitations';
import { podMessageMutations } from './pod-messages';
import { podMutations } from './pods';
import { profileMutations } from './profile';
import { readMarkerMutations } from './read-markers';
import type { ClientMutators } from './types';

/** Every entity module's record, in one list (a name declared twice is refused below). */
const ENTITY_MUTATIONS = [
  profileMutations,
  directMessageMutations,
  podMutations,
  podMessageMutations,
  podInvitationMutations,
  friendMutations,
  blockMutations,
  deckMutations,
  gameMutations,
  gameInviteMutations,
  readMarkerMutations,
] as const;

/** Every module's kinds merged into one record; the type is the intersection of the modules' records. */
type Merged<U> = (U extends unknown ? (record: U) => void : never) extends (record: infer I) => void ? I : never;
const definitions = Object.assign({}, ...ENTITY_MUTATIONS) as Merged<(typeof ENTITY_MUTATIONS)[number]>;

if (ENTITY_MUTATIONS.reduce((n, module) => n + Object.keys(module).length, 0) !== Object.keys(definitions).length) {
  throw new Error('A mutation name is declared by two entity modules (src/mutations).');
}

export type MutationName = keyof typeof definitions;

/** Each mutation's argument schema, by name. */
export const mutationArgs = Object.fromEntries(Object.entries(definitions).map(([name, definition]) => [name, definition.args])) as {
  [N in MutationName]: (typeof definitions)[N]['args'];
};

/** What a caller passes (before normalisation). */
export type MutationInput<N extends MutationName> = z.input<(typeof mutationArgs)[N]>;
/** What a mutator receives (parsed and normalised). */
export type MutationArgs<N extends MutationName> = z.output<(typeof mutationArgs)[N]>;

/** The app's optimistic side of every mutation, by name. */
export const clientMutators: ClientMutators = definitions;

export function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(mutationArgs, name);
}
