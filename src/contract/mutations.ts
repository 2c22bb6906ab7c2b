/**
 * Every write a client may queue, by name, with its argument schema (docs/architecture.md,
 * "Writes: mutations and the outbox": mutations, not requests). Shared by the app (the
 * optimistic change, src/sync/mutators) and the server (the apply, server/sync/mutators); both
 * registries are typed `Record<MutationName, …>`, so a name missing on either side fails to
 * compile. Adding a write kind (docs/architecture.md, "Adding a write kind"): a schema here, a
 * client mutator, a server mutator, and the action that calls it.
 * Creating mutations carry the new record's id (a client-chosen UUID), so the optimistic row,
 * the server's row and later mutations naming it agree on one id.
 */
import * as z from 'zod/mini';
import { deckInputFields, dropStalePartner } from './decks';
import { createGameBody, gameIncrement, updateGameBody } from './game';
import { messageContent, podName } from './social';
import { updateMeBody } from './users';

const uuid = z.uuid({ error: 'id must be a UUID.' });
const ref = z.string().check(z.minLength(1), z.maxLength(64));

export const mutationArgs = {
  'profile.update': updateMeBody,
  'dm.send': z.object({ id: uuid, receiverId: ref, content: messageContent }),
  'pod.create': z.object({ id: uuid, name: podName }),
  'pod.rename': z.object({ podId: ref, name: podName }),
  'pod.message.send': z.object({ id: uuid, podId: ref, content: messageContent }),
  'pod.invite': z.object({ id: uuid, podId: ref, userId: ref }),
  'pod.invitation.accept': z.object({ invitationId: ref }),
  'pod.invitation.decline': z.object({ invitationId: ref }),
  // The pod's owner withdraws any pending invitation of the pod; another member one they sent.
  'pod.invitation.withdraw': z.object({ podId: ref, invitationId: ref }),
  'pod.member.remove': z.object({ podId: ref, userId: ref }),
  'pod.owner.assign': z.object({ podId: ref, newOwnerId: ref }),
  'pod.leave': z.object({ podId: ref }),
  'pod.delete': z.object({ podId: ref }),
  'friend.request': z.object({ id: uuid, addresseeId: ref }),
  'friend.accept': z.object({ friendshipId: ref }),
  'friend.reject': z.object({ friendshipId: ref }),
  'friend.remove': z.object({ friendshipId: ref }),
  // `friendshipId`: the friendship the block ends, when the app knows it (the mirror drops it at once; the server ends any).
  'user.block': z.object({ userId: ref, friendshipId: z.optional(ref) }),
  'user.unblock': z.object({ userId: ref }),
  // A deck's whole state (a save replaces it); `id` is the deck's, a UUID chosen by the client on create.
  'deck.save': z.pipe(
    z.extend(deckInputFields, { id: ref, create: z._default(z.boolean(), false) }),
    z.transform(<T extends { hasPartner: boolean; partnerCommander: string | null }>(deck: T) => dropStalePartner(deck)),
  ),
  'deck.delete': z.object({ id: ref }),
  'game.create': createGameBody,
  'game.increment': z.object({ gameId: ref, increment: gameIncrement }),
  'game.update': z.object({ gameId: ref, update: updateGameBody }),
  'game.delete': z.object({ gameId: ref }),
  'game.invite.accept': z.object({ inviteId: ref }),
  'game.invite.decline': z.object({ inviteId: ref }),
  'game.leave': z.object({ gameId: ref }),
} as const satisfies Record<string, z.ZodMiniType>;

export type MutationName = keyof typeof mutationArgs;
/** What a caller passes (before normalisation). */
export type MutationInput<N extends MutationName> = z.input<(typeof mutationArgs)[N]>;
/** What a mutator receives (parsed and normalised). */
export type MutationArgs<N extends MutationName> = z.output<(typeof mutationArgs)[N]>;

export function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(mutationArgs, name);
}
