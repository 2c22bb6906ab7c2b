import type { Page } from '@playwright/test';
import { createPodWith, podChatTexts, sendInChat } from './chat-steps';
import { expect, openTab, person, test, waitForServiceWorker } from './fixtures';

/** Opens the "Message actions" menu of my message reading `text` in the open chat. */
async function messageActions(page: Page, text: string) {
  const row = page.getByRole('listitem').filter({ hasText: text });
  await row.getByRole('button', { name: 'Message actions' }).click();
}

async function editMessage(page: Page, from: string, to: string) {
  await messageActions(page, from);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const box = page.getByLabel('Edit message');
  await box.fill(to);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(box).toBeHidden();
}

test('my pod message: an edit and a delete reach the other phone live', async ({ browser, baseURL }) => {
  const ana = await person(browser, baseURL, 'lea');
  const bo = await person(browser, baseURL, 'max');
  await createPodWith(ana, bo, 'Edit Pod');
  await sendInChat(ana.page, 'Bring sleves');
  await expect(bo.page.getByText('Bring sleves')).toBeVisible();

  await editMessage(ana.page, 'Bring sleves', 'Bring sleeves');
  await expect(bo.page.getByText('Bring sleeves')).toBeVisible();
  await expect(bo.page.getByRole('listitem').filter({ hasText: 'Bring sleeves' }).getByText('edited')).toBeVisible();
  // Only the sender is offered the actions.
  await expect(bo.page.getByRole('listitem').filter({ hasText: 'Bring sleeves' }).getByRole('button', { name: 'Message actions' })).toHaveCount(0);

  await messageActions(ana.page, 'Bring sleeves');
  await ana.page.getByRole('menuitem', { name: 'Delete' }).click();
  await ana.page.getByRole('alertdialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete' }).click();
  // Focus stays where the message was (its menu is gone), not thrown back to the page's start.
  await expect(ana.page.getByRole('listitem').filter({ hasText: 'Message deleted' })).toBeFocused();
  await expect(bo.page.getByText('Message deleted')).toBeVisible();
  expect((await podChatTexts(bo.page, 'Edit Pod')).join('\n')).not.toContain('sleeves');
});

test('offline: an edit waits as pending through a reload and arrives once when the network returns', async ({ browser, baseURL }) => {
  const ana = await person(browser, baseURL, 'ned');
  const bo = await person(browser, baseURL, 'ola');
  await createPodWith(ana, bo, 'Offline Edit Pod');
  await sendInChat(bo.page, 'Game at 7');
  await expect(ana.page.getByText('Game at 7')).toBeVisible();
  await waitForServiceWorker(bo.page);

  await bo.page.context().setOffline(true);
  await editMessage(bo.page, 'Game at 7', 'Game at 8');
  await expect(bo.page.getByText('Game at 8')).toBeVisible();
  await bo.page.reload();
  await openTab(bo.page, 'Pod Chats');
  await bo.page.getByRole('button', { name: /^Offline Edit Pod/ }).click();
  await expect(bo.page.getByText('Game at 8')).toBeVisible();
  await expect(bo.page.getByRole('status').filter({ hasText: /Sending|Waiting/ }).first()).toBeVisible();
  expect((await podChatTexts(ana.page, 'Offline Edit Pod')).join('\n')).toContain('Game at 7');

  await bo.page.context().setOffline(false);
  await expect(ana.page.getByText('Game at 8')).toBeVisible({ timeout: 20_000 });
  const texts = (await podChatTexts(ana.page, 'Offline Edit Pod')).filter((text) => text.includes('Game at'));
  expect(texts).toHaveLength(1);
});
