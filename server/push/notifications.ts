/**
 * Which live events become push notifications, for whom, and what they say. The actor (the
 * sender, requester or inviter) is never notified of their own action; everyone else the
 * event was published to is a candidate, subject to their settings (notifier.ts).
 */
import type { ServerEvent } from '../../src/contract/live';
import { notificationLinks, PUSH_BODY_MAX_LENGTH, type NotificationKind, type PushPayload } from '../../src/contract/push';
import { nameOf } from '../../src/db/queries/names';

/** The live events that can become a push; everything else is not even queued. */
export const PUSHED_EVENT_TYPES: ReadonlySet<ServerEvent['type']> = new Set(['DIRECT_MESSAGE', 'POD_MESSAGE_NEW', 'FRIEND_REQUEST', 'POD_INVITATION', 'GAME_INVITE']);

export interface PushIntent {
  kind: NotificationKind;
  recipients: string[];
  /** Set for pod messages: recipients who muted this pod are skipped. */
  podId?: string;
  payload: PushPayload;
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

export async function intentFor(userIds: readonly string[], event: ServerEvent, lookups: IntentLookups): Promise<PushIntent | null> {
  switch (event.type) {
    case 'DIRECT_MESSAGE': {
      const message = event.payload;
      return {
        kind: 'directMessages',
        recipients: others(userIds, message.senderId),
        payload: {
          kind: 'directMessages',
          title: nameOf(message.sender),
          body: preview(message.content),
          url: notificationLinks.directMessage(message.senderId),
          tag: `dm:${message.senderId}`,
        },
      };
    }
    case 'POD_MESSAGE_NEW': {
      const message = event.payload;
      const recipients = others(userIds, message.sender.id);
      if (recipients.length === 0) return null;
      const podName = (await lookups.podName(event.podId)) ?? PushCopy.unknownPod;
      return {
        kind: 'podMessages',
        recipients,
        podId: event.podId,
        payload: {
          kind: 'podMessages',
          title: podName,
          body: preview(`${nameOf(message.sender)}: ${message.content}`),
          url: notificationLinks.pod(event.podId),
          tag: `pod:${event.podId}`,
        },
      };
    }
    case 'FRIEND_REQUEST': {
      const request = event.payload;
      return {
        kind: 'friendRequests',
        recipients: others(userIds, request.requester.id),
        payload: {
          kind: 'friendRequests',
          title: PushCopy.friendRequestTitle,
          body: PushCopy.friendRequestBody(nameOf(request.requester)),
          url: notificationLinks.friendRequests,
          tag: `friend:${request.friendshipId}`,
        },
      };
    }
    case 'POD_INVITATION': {
      const invitation = event.payload;
      return {
        kind: 'podInvites',
        recipients: others(userIds, invitation.invitedBy.id),
        payload: {
          kind: 'podInvites',
          title: PushCopy.podInviteTitle,
          body: PushCopy.podInviteBody(nameOf(invitation.invitedBy), invitation.pod.name),
          url: notificationLinks.invitations,
          tag: `pod-invite:${invitation.invitationId}`,
        },
      };
    }
    case 'GAME_INVITE': {
      const invite = event.payload;
      return {
        kind: 'gameInvites',
        recipients: others(userIds, invite.invitedBy.id),
        payload: {
          kind: 'gameInvites',
          title: PushCopy.gameInviteTitle,
          body: PushCopy.gameInviteBody(nameOf(invite.invitedBy)),
          url: notificationLinks.invitations,
          tag: `game-invite:${invite.inviteId}`,
        },
      };
    }
    default:
      return null;
  }
}
