/**
 * A thread reads like the chat apps people use, on a phone held upright (360×640) and sideways
 * (640×360): the composer is docked at the bottom above the navigation even with few messages,
 * the pod chat starts with its messages (its actions are in the pod info sheet), and the Chats
 * tabs keep their labels on one line; a thread read to the bottom stays there when the phone
 * turns. Measured with bounding boxes.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openTab, registerAndLogin, test, uniqueUser } from './fixtures';
import { closePodInfo, openPodInfo, sendInChat } from './chat-steps';

const POD = 'Layout Pod';
const UPRIGHT = { width: 360, height: 640 };
const SIDEWAYS = { width: 640, height: 360 };
const SIZES = [UPRIGHT, SIDEWAYS];

async function box(page: Page, locator: ReturnType<Page['locator']>) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`not rendered at ${page.viewportSize()?.width}×${page.viewportSize()?.height}`);
  return found;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

/** How many lines a tab's label takes: one client rect per line of its text. */
async function labelLines(page: Page): Promise<Record<string, number>> {
  return page.getByRole('tab').evaluateAll((tabs) =>
    Object.fromEntries(
      tabs.map((tab) => {
        const range = document.createRange();
        range.selectNodeContents(tab);
        const tops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
        return [tab.textContent ?? '', tops.size];
      }),
    ),
  );
}

test('the pod chat docks its composer, starts with its messages, keeps its actions in a sheet; tabs fit on one line', async ({ browser, baseURL }) => {
  // axe's analyze() can take over a minute on a busy 2-core machine.
  test.setTimeout(600_000);
  const context = await browser.newContext({ baseURL, viewport: UPRIGHT });
  const page = await context.newPage();
  await registerAndLogin(page, uniqueUser('thread'));
  await openTab(page, 'Pod Chats');
  await page.getByLabel('Pod name').fill(POD);
  await page.getByRole('button', { name: 'Create pod' }).click();
  await page.getByRole('button', { name: new RegExp(`^${POD}`) }).click();
  await sendInChat(page, 'first message');
  await sendInChat(page, 'second message');
  const list = page.getByRole('list', { name: `Messages in ${POD}` });
  await expect(list.getByRole('listitem').filter({ hasText: 'second message' })).toBeVisible();

  for (const size of SIZES) {
    await page.setViewportSize(size);
    const at = `${size.width}×${size.height}`;
    await expect(page.getByRole('tab')).toHaveCount(4);
    expect(await labelLines(page), `tab labels at ${at}`).toEqual({ 'All Chats': 1, Messages: 1, 'Pod Chats': 1, Friends: 1 });
    // All four fit across the screen: the tab list does not scroll sideways.
    const tabList = page.getByRole('tablist', { name: 'Chats sections' });
    expect(await tabList.evaluate((element) => element.scrollWidth - element.clientWidth), `tab list at ${at}`).toBeLessThanOrEqual(0);
    const lastTab = await box(page, page.getByRole('tab', { name: 'Friends' }));
    expect(lastTab.x + lastTab.width, `Friends tab at ${at}`).toBeLessThanOrEqual(size.width);

    // The composer sits right above the bottom navigation, with only two messages in the chat.
    const nav = await box(page, page.getByRole('navigation', { name: 'Main' }));
    const composer = await box(page, page.locator('form.composer'));
    expect(composer.y + composer.height, `composer bottom at ${at}`).toBeLessThanOrEqual(nav.y + 1);
    expect(composer.y + composer.height, `composer bottom at ${at}`).toBeGreaterThanOrEqual(nav.y - 24);

    // The first message comes right under the chat's header (and the row about older messages).
    const header = await box(page, page.locator('.chat-header'));
    const first = await box(page, list.getByRole('listitem').first());
    expect(first.y - (header.y + header.height), `first message at ${at}`).toBeLessThan(100);
    await expect(list.getByRole('listitem').first()).toContainText('first message');
    // Own messages on the right.
    const bubble = await box(page, list.getByRole('listitem').filter({ hasText: 'second message' }).locator('.bubble'));
    expect(bubble.x + bubble.width, `own bubble at ${at}`).toBeGreaterThan(size.width / 2);

    if (size === UPRIGHT) expect(await seriousViolations(page), 'pod chat').toEqual([]);

    // Nothing scrolls but the messages.
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight), `page scroll at ${at}`).toBeLessThanOrEqual(1);

    // The pod's actions are in its info sheet.
    await openPodInfo(page);
    const sheet = page.getByRole('dialog', { name: POD });
    await expect(sheet.getByRole('button', { name: 'Invite' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Leave Pod' })).toBeVisible();
    await expect(sheet.getByRole('list', { name: 'Members' })).toBeVisible();
    if (size === UPRIGHT) expect(await seriousViolations(page), 'pod info sheet').toEqual([]);
    const sheetBox = await box(page, sheet);
    expect(sheetBox.y, `sheet at ${at}`).toBeGreaterThanOrEqual(0);
    expect(sheetBox.y + sheetBox.height, `sheet at ${at}`).toBeLessThanOrEqual(size.height + 1);
    await closePodInfo(page);
    await expect(page.getByRole('button', { name: 'Invite' })).toHaveCount(0);
  }

  // A thread read to its last message keeps it in view when the phone turns (or the keyboard opens).
  await page.setViewportSize(UPRIGHT);
  for (let n = 1; n <= 12; n++) await sendInChat(page, `more ${n}`);
  const last = list.getByRole('listitem').filter({ hasText: 'more 12' });
  await expect(last).toBeInViewport();
  await page.setViewportSize(SIDEWAYS);
  await expect(last).toBeInViewport();
  await context.close();
});
