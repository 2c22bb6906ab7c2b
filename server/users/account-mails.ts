/**
 * The mails of the account-security flows. They name no secret but the one link they carry,
 * and they never tell a third party anything: a mail goes only to the address it is about.
 */
import type { MailDraft } from '../mail';

function footer(appUrl: string): string[] {
  return ['', `PodTable — ${appUrl}`];
}

export function welcomeMail(appUrl: string, to: string, username: string): MailDraft {
  return {
    kind: 'welcome',
    to,
    subject: 'Welcome to PodTable',
    text: [
      `Hello ${username},`,
      '',
      'Your PodTable account is ready: log in with your username and password.',
      '',
      'If you did not sign up, someone used your address. You can ignore this mail, or take the',
      `account over with "Forgot password?" on ${appUrl}/forgot-password.`,
      ...footer(appUrl),
    ].join('\n'),
  };
}

/** To the owner of an address someone tried to register or move an account to. */
export function addressInUseMail(appUrl: string, to: string, username: string, attempt: 'register' | 'email-change'): MailDraft {
  const what =
    attempt === 'register'
      ? 'Someone tried to create a new PodTable account with this e-mail address, which already belongs to your account'
      : 'Someone tried to move another PodTable account to this e-mail address, which already belongs to your account';
  return {
    kind: 'addressInUse',
    to,
    subject: 'Your PodTable e-mail address was used',
    text: [
      `Hello ${username},`,
      '',
      `${what} (${username}).`,
      'Nothing has changed. If it was you, just log in — or use "Forgot password?" if you do not',
      'remember your password. If it was not you, you can ignore this mail.',
      ...footer(appUrl),
    ].join('\n'),
  };
}

export function confirmEmailMail(appUrl: string, to: string, username: string, link: string): MailDraft {
  return {
    kind: 'emailConfirm',
    to,
    link,
    subject: 'Confirm your new PodTable e-mail address',
    text: [
      `Hello ${username},`,
      '',
      'You asked to use this address for your PodTable account. Open this link within 24 hours to confirm it:',
      '',
      link,
      '',
      'If it was not you, ignore this mail: nothing changes.',
      ...footer(appUrl),
    ].join('\n'),
  };
}

export function emailChangedMail(appUrl: string, to: string, username: string, newEmail: string, undoLink: string): MailDraft {
  return {
    kind: 'emailChanged',
    to,
    link: undoLink,
    subject: 'Your PodTable e-mail address was changed',
    text: [
      `Hello ${username},`,
      '',
      `The e-mail address of your PodTable account was changed to ${newEmail}.`,
      '',
      'If it was not you, open this link within 7 days: it puts this address back, signs out every',
      'device and sends you a link to choose a new password.',
      '',
      undoLink,
      '',
      'If it was you, there is nothing to do.',
      ...footer(appUrl),
    ].join('\n'),
  };
}

export function passwordChangedMail(appUrl: string, to: string, username: string): MailDraft {
  return {
    kind: 'passwordChanged',
    to,
    subject: 'Your PodTable password was changed',
    text: [
      `Hello ${username},`,
      '',
      'The password of your PodTable account was changed, and your other devices were signed out.',
      '',
      `If it was not you, choose a new password now with "Forgot password?" on ${appUrl}/forgot-password.`,
      ...footer(appUrl),
    ].join('\n'),
  };
}
