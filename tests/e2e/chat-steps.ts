/** Steps the chat journeys share: a pod with two people in it, sending, reading a chat. */
import type { Page } from '@playwright/test';
import { expect, openTab, type Person } from './fixtures';

/** Leaves both people in the pod's chat view. */
export async function createPodWith(owner: Person, member: Person, podName: string) {
  await openTab(owner.page, 'Pod Chats');
  await owner.page.getByLabel('Pod name').fill(podName);
  await owner.page.getByRole('button', { name: 'Create pod' }).click();
  await owner.page.getByRole('button', { name: new RegExp(`^${podName}`) }).click();
  await openPodInfo(owner.page);
  await owner.page.getByRole('button', { name: 'Invite' }).click();
  const dialog = owner.page.getByRole('dialog');
  await dialog.getByLabel('Find people to invite').fill(member.username);
  await dialog.getByRole('button', { name: /^Invite/ }).click();
  await expect(dialog.getByText('Invited')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await closePodInfo(owner.page);

  await openTab(member.page, 'All Chats');
  // Waiting invitations are pinned as one row at the top of All Chats; it unfolds them.
  await member.page.getByRole('button', { name: /^Requests and invites/ }).click();
  await member.page.getByRole('button', { name: `Accept invitation to ${podName}` }).click();
  await openTab(member.page, 'Pod Chats');
  await member.page.getByRole('button', { name: new RegExp(`^${podName}`) }).click();
}

/** A pod's actions (Invite, Remove Members, Mute, Leave), description and members are in its info sheet. */
export async function openPodInfo(page: Page) {
  await page.getByRole('button', { name: 'Pod info' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

export async function closePodInfo(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

export async function sendInChat(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** The message texts of an open pod chat, top to bottom. */
export async function podChatTexts(page: Page, podName: string): Promise<string[]> {
  return page.getByRole('list', { name: `Messages in ${podName}` }).getByRole('listitem').allInnerTexts();
}
