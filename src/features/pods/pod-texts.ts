/** Texts of the pod screens (the spec's screens, validation rules and error catalogue), word for word. */
import type { MutationName } from '../../contract/mutations';

export const NO_PODS = 'No Pods Yet';
export const NO_PODS_DETAIL = 'Join or create a pod to start collaborating.';
export const PODS_FAILED = 'Failed to load pods.';
export const POD_DETAILS_FAILED = 'Error loading pod details.';
export const MESSAGES_FAILED = 'Error loading messages.';
export const CONNECTING = 'Connecting to chat service.';
export const POD_SEND_FAILED = 'Failed to send message.';
export const CREATE_FAILED = 'Failed to create pod.';
export const DELETE_FAILED = 'Failed to delete pod.';
export const LEAVE_FAILED = 'Failed to leave the pod.';
export const LEAVE_DELETE_FAILED = 'Failed to delete the pod.';
export const REMOVE_FAILED = 'Failed to remove member.';
export const REMOVED = 'Member removed.';
export const TRANSFER_FAILED = 'An error occurred. Please try again.';
export const TRANSFERRED = 'Ownership transferred and you have left the pod.';
export const SELECT_OWNER = 'Please select a new owner.';
export const INVITE_MIN_CHARS = 'Enter at least three characters to find people to invite.';
export const INVITE_FAILED = 'Failed to send invitation.';
export const INVITE_SENT = 'Invitation sent!';
export const INVITE_SEARCH_FAILED = 'Unable to search users right now.';
export const WITHDRAW_FAILED = 'Failed to withdraw invitation.';
export const DESCRIBE_FAILED = 'Failed to save the description.';
/** The spec's business constants: the pod invite search starts at 3 characters. */
export const INVITE_MIN_LENGTH = 3;

/** What a refused write about a pod row means to its owner, by mutation. */
export function podFailureText(name: MutationName | string): string {
  switch (name) {
    case 'pod.create':
      return CREATE_FAILED;
    case 'pod.delete':
      return DELETE_FAILED;
    case 'pod.leave':
      return LEAVE_FAILED;
    case 'pod.member.remove':
      return REMOVE_FAILED;
    case 'pod.owner.assign':
      return TRANSFER_FAILED;
    case 'pod.describe':
      return DESCRIBE_FAILED;
    default:
      return 'This change to the pod was not saved.';
  }
}
