/**
 * Which live events become push notifications, for whom, and what they say. The actor (the
 * sender, requester or inviter) is never notified of their own action; everyone else the
 * event was published to is a candidate, subject to their settings (notifier.ts), unless the
 * event's rule names who alone may be pushed (`pushedOnly`): a POD_INVITATION reaches every member
 * of the pod live (server/visibility/pod-invitations.ts) but pushes its invitee only.
 * A message's put event also carries an edit or a deletion (the row with `editedAt` or
 * `deletedAt` set): only a new message is news (`isNews`), so a change never notifies anyone.
 */
import type { ServerEvent } from '../../src/contract/live';
import { notificationLinks, PUSH_BODY_MAX_LENGTH, type NotificationKind, type PushPayload } from '../../src/contract/push';
import { nameOf } from '../../src/contract/names';

/** Who may get a push for one event (before their settings and devices are read). */
export interface PushAudience {
  kind: NotificationKind;
  recipients: string[];
  /** Set for pod messages: recipients who muted this pod are skipped. */
  podId?: string;
}

export interface IntentLookups {
  podName(podId: string): Promise<string | null>;
}

export const PushCopy = {
  friendRequestTitle: 'Friend request',
  friendRequestBody: (name: string) => `${name} wants to be your friend.`,
  podInviteTitle: 'Pod invitation',
  podInviteBody: (name: string, pod: string) => `${name} invited you to ${pod}.`,
  unknownPod: 'Pod chat',
  gameInviteTitle: 'Game invitation',
  gameInviteBody: (name: string) => `${name} invited you to a game.`,
} as const;

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PUSH_BODY_MAX_LENGTH ? `${flat.slice(0, PUSH_BODY_MAX_LENGTH - 1)}…` : flat;
}

function others(userIds: readonly string[], actorId: string): string[] {
  return userIds.filter((id) => id !== actorId);
}

type PushedEvent = Extract<ServerEvent, { type: 'DIRECT_MESSAGE' | 'POD_MESSAGE_NEW' | 'FRIEND_REQUEST' | 'POD_INVITATION' | 'GAME_INVITE' }>;

/** How one kind of event becomes a push: whose action it is, its kind, and what it says. */
interface PushRule<E extends PushedEvent> {
  kind: NotificationKind;
  actorId(event: E): string;
  /** Set when the event reaches more users than it is news to: only these (of those it reached) are pushed. */
  pushedOnly?(event: E): readonly string[];
  podId?(event: E): string;
  /** Set when some events of this type are not news (an edited or deleted message): those are never pushed. */
  isNews?(event: E): boolean;
  payload(event: E, lookups: IntentLookups): PushPayload | Promise<PushPayload>;
}

/** A message that was neither edited nor deleted: a new one (its put event is also how a change travels). */
const isNewMessage = (message: { editedAt?: string | null; deletedAt?: string | null }) => !message.editedAt && !message.deletedAt;

const RULES: { [T in PushedEvent['type']]: PushRule<Extract<PushedEvent, { type: T }>> } = {
  DIRECT_MESSAGE: {
    kind: 'directMessages',
    actorId: (event) => event.payload.senderId,
    isNews: (event) => isNewMessage(event.payload),
    payload: ({ payload: message }) => ({
      kind: 'directMessages',
      title: nameOf(message.sender),
      body: preview(message.content),
      url: notificationLinks.directMessage(message.senderId),
      tag: `dm:${message.senderId}`,
    }),
  },
  POD_MESSAGE_NEW: {
    kind: 'podMessages',
    actorId: (event) => event.payload.sender.id,
    podId: (event) => event.podId,
    isNews: (event) => isNewMessage(event.payload),
    payload: async ({ podId, payload: message }, lookups) => ({
      kind: 'podMessages',
      title: (await lookups.podName(podId)) ?? PushCopy.unknownPod,
      body: preview(`${nameOf(message.sender)}: ${message.content}`),
      url: notificationLinks.pod(podId),
      tag: `pod:${podId}`,
    }),
  },
  FRIEND_REQUEST: {
    kind: 'friendRequests',
    actorId: (event) => event.payload.requester.id,
    payload: ({ payload: request }) => ({
      kind: 'friendRequests',
      title: PushCopy.friendRequestTitle,
      body: PushCopy.friendRequestBody(nameOf(request.requester)),
      url: notificationLinks.friendRequests,
      tag: `friend:${request.friendshipId}`,
    }),
  },
  POD_INVITATION: {
    kind: 'podInvites',
    actorId: (event) => event.payload.invitedBy.id,
    pushedOnly: (event) => [event.payload.invitee.id],
    payload: ({ payload: invitation }) => ({
      kind: 'podInvites',
      title: PushCopy.podInviteTitle,
      body: PushCopy.podInviteBody(nameOf(invitation.invitedBy), invitation.pod.name),
      url: notificationLinks.invitations,
      tag: `pod-invite:${invitation.invitationId}`,
    }),
  },
  GAME_INVITE: {
    kind: 'gameInvites',
    actorId: (event) => event.payload.invitedBy.id,
    payload: ({ payload: invite }) => ({
      kind: 'gameInvites',
      title: PushCopy.gameInviteTitle,
      body: PushCopy.gameInviteBody(nameOf(invite.invitedBy)),
      url: notificationLinks.invitations,
      tag: `game-invite:${invite.id}`,
    }),
  },
};

/** The rule that pushes this event, or undefined when it is never pushed (no rule, or not news). */
function ruleOf(event: ServerEvent): PushRule<PushedEvent> | undefined {
  const rule = (RULES as Partial<Record<ServerEvent['type'], PushRule<PushedEvent>>>)[event.type];
  return rule && rule.isNews?.(event as PushedEvent) !== false ? rule : undefined;
}

/**
 * Everyone the event was published to but the actor (and, for a rule with `pushedOnly`, only
 * those it names), or null when nobody (or the event is never pushed).
 */
export function audienceFor(userIds: readonly string[], event: ServerEvent): PushAudience | null {
  const rule = ruleOf(event);
  if (!rule) return null;
  const only = rule.pushedOnly?.(event as PushedEvent);
  const reached = only ? userIds.filter((id) => only.includes(id)) : userIds;
  const recipients = others(reached, rule.actorId(event as PushedEvent));
  if (recipients.length === 0) return null;
  const podId = rule.podId?.(event as PushedEvent);
  return podId === undefined ? { kind: rule.kind, recipients } : { kind: rule.kind, recipients, podId };
}

/**
 * What the push says. Asked only once some recipient has a device that wants it: a pod
 * message's title is a lookup (the pod's name), skipped for the many events nobody is pushed.
 */
export async function payloadFor(event: ServerEvent, lookups: IntentLookups): Promise<PushPayload | null> {
  const rule = ruleOf(event);
  return rule ? rule.payload(event as PushedEvent, lookups) : null;
}
