/** Steps the chat journeys share: a pod with two people in it, sending, reading a chat. */
import type { Page } from '@playwright/test';
import { expect, openTab, type Person } from './fixtures';

/** Leaves both people in the pod's chat view. */
export async function createPodWith(owner: Person, member: Person, podName: string) {
  await openTab(owner.page, 'Pod Chats');
  await owner.page.getByLabel('Pod name').fill(podName);
  await owner.page.getByRole('button', { name: 'Create pod' }).click();
  await owner.page.getByRole('button', { name: new RegExp(`^${podName}`) }).click();
  await owner.page.getByRole('button', { name: 'Invite' }).click();
  const dialog = owner.page.getByRole('dialog');
  await dialog.getByLabel('Find people to invite').fill(member.username);
  await dialog.getByRole('button', { name: /^Invite/ }).click();
  await expect(dialog.getByText('Invited')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await openTab(member.page, 'All Chats');
  await member.page.getByRole('button', { name: `Accept invitation to ${podName}` }).click();
  await openTab(member.page, 'Pod Chats');
  await member.page.getByRole('button', { name: new RegExp(`^${podName}`) }).click();
}

export async function sendInChat(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** The message texts of an open pod chat, top to bottom. */
export async function podChatTexts(page: Page, podName: string): Promise<string[]> {
  return page.getByRole('list', { name: `Messages in ${podName}` }).getByRole('listitem').allInnerTexts();
}
