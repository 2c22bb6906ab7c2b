/**
 * Older messages on demand, on a real server: a pod chat with 120 messages opened on a fresh
 * device, whose first pull holds the latest 50. Scrolling to the top of the thread loads the
 * previous pages (the sentinel, no click) until "Beginning of the conversation"; while each page
 * arrives, the message that was at the top stays where it was on screen, also once the page's
 * messages near the screen are laid out at their real height (every fourth message is long). Read
 * back up from the newest, the messages under the user never move while those above them are laid
 * out for the first time (src/features/messages/use-scroll-anchor.ts). Then the network is
 * REALLY gone (the device reaches the server through a loopback proxy that is cut: the page, its
 * service worker and the socket all see refused connections) and the app is reloaded: every
 * older message still shows, and so does the beginning. A chat begun on this device finds its
 * beginning too, though its first message's time changes when the server takes it. Read back
 * to the top, a pod-mate's new message leaves the thread where it is and shows "1 new message",
 * which goes to it.
 */
import type { Locator, Page } from '@playwright/test';
import { startLoopbackProxy, type LoopbackProxy } from '../support/loopback-proxy';
import { sendInChat } from './chat-steps';
import { expect, openTab, person, serverCall, test, uniqueUser, waitForServiceWorker } from './fixtures';

const POD = 'Long Memory Pod';
const COUNT = 120;
const text = (n: number) => `older ${String(n).padStart(3, '0')}`;
/** Every fourth message wraps over several lines on a phone: taller than the height a message far from the screen is counted at. */
const content = (n: number) => (n % 4 === 0 ? `${text(n)}, a longer message that wraps over three lines on a phone and is taller than most` : text(n));
const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve)))));


const thread = (page: Page) => page.locator('.message-thread');
const items = (page: Page) => page.getByRole('list', { name: `Messages in ${POD}` }).getByRole('listitem');
const messageItem = (page: Page, n: number) => items(page).filter({ hasText: text(n) });

/**
 * The number in the first message shown at the top of the thread. Its text content, not its
 * rendered text: a message far from the screen is not rendered (message-thread.css), and its
 * innerText is empty until it comes near.
 */
async function firstShown(page: Page): Promise<number> {
  const first = (await items(page).first().textContent()) ?? '';
  return Number(/older (\d{3})/.exec(first)?.[1]);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
}

let proxy: LoopbackProxy | undefined;
test.afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

test('scrolling up loads older pages in place until the beginning; offline after a reload they still show', async ({ browser, server }) => {
  test.setTimeout(300_000);
  // The account and its pod's 120 messages exist before the device ever signs in.
  const user = uniqueUser('memo');
  await serverCall(server.url, null, 'POST', '/api/users', user);
  const { token } = await serverCall<{ token: string }>(server.url, null, 'POST', '/api/users/login', { username: user.username, password: user.password });
  const pod = await serverCall<{ id: string }>(server.url, token, 'POST', '/api/pods', { name: POD });
  for (let n = 1; n <= COUNT; n++) await serverCall(server.url, token, 'POST', `/api/pods/${pod.id}/messages`, { content: content(n) });

  proxy = await startLoopbackProxy({ targetPort: server.port });
  const context = await browser.newContext({ baseURL: proxy.url, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto(`/pods?tab=pods&pod=${pod.id}`);

  // The first pull brings the latest 50 (its rest: a chat opened before the rest landed waits
  // for it rather than reading an older page itself).
  await expect(messageItem(page, COUNT)).toBeVisible();
  await expect(items(page)).toHaveCount(50);
  expect(await firstShown(page)).toBe(COUNT - 49);
  await expect(page.getByRole('button', { name: 'Load older messages' })).toBeVisible();

  // Scroll to the top, page after page: the message that was first stays put while the page arrives above it.
  for (let pages = 0; pages < 5 && !(await page.getByText('Beginning of the conversation').isVisible()); pages++) {
    const first = await firstShown(page);
    // Scrolled and measured in one go in the page: the sentinel's callback, and the page, come after.
    const before = await thread(page).evaluate((element, wanted) => {
      element.scrollTo({ top: 0 });
      const item = [...element.querySelectorAll('li')].find((li) => li.textContent?.includes(wanted));
      return item!.getBoundingClientRect().top;
    }, text(first));
    await expect.poll(() => firstShown(page), { timeout: 30_000 }).toBeLessThan(first);
    // The page's messages near the screen are laid out in the next frames.
    await frames(page);
    const after = await box(messageItem(page, first));
    const visible = await box(thread(page));
    expect(Math.abs(after.y - before), 'the message that was at the top stays where it was').toBeLessThanOrEqual(2);
    expect(after.y).toBeGreaterThanOrEqual(visible.y - 1);
    expect(after.y + after.height).toBeLessThanOrEqual(visible.y + visible.height + 1);
  }
  await expect(page.getByText('Beginning of the conversation')).toBeVisible();
  await expect(items(page)).toHaveCount(COUNT);
  expect(await firstShown(page)).toBe(1);
  await thread(page).evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(messageItem(page, 1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);

  // Read back up from the newest, 150 px at a time: the message in the middle of the box moves by the scroll, exactly.
  await thread(page).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await frames(page);
  for (let step = 0; step < 200; step++) {
    const before = await thread(page).evaluate((element) => {
      const bounds = element.getBoundingClientRect();
      const middle = bounds.top + bounds.height / 2;
      const item = [...element.querySelectorAll('li')].find((li) => li.getBoundingClientRect().bottom > middle);
      item?.setAttribute('data-probe', '');
      const top = item?.getBoundingClientRect().top ?? null;
      const was = element.scrollTop;
      element.scrollTop -= 150;
      return { top, scrolled: was - element.scrollTop };
    });
    if (before.scrolled === 0) break;
    await frames(page);
    const after = await thread(page).evaluate((element) => {
      const item = element.querySelector('[data-probe]');
      item?.removeAttribute('data-probe');
      return item?.getBoundingClientRect().top ?? null;
    });
    expect(before.top, 'a message at the middle of the box').not.toBeNull();
    expect(Math.abs(after! - before.top! - before.scrolled), `step ${step}: the message under the user moves only by the scroll`).toBeLessThanOrEqual(1);
  }

  // Reading at the top, a pod-mate writes: the thread stays put and says so below; one press goes to it.
  const reader = await thread(page).evaluate((element) => element.scrollTop);
  const mate = uniqueUser('mate');
  await serverCall(server.url, null, 'POST', '/api/users', mate);
  const mateLogin = await serverCall<{ token: string; user: { id: string } }>(server.url, null, 'POST', '/api/users/login', { username: mate.username, password: mate.password });
  const invitation = await serverCall<{ invitationId: string }>(server.url, token, 'POST', `/api/pods/${pod.id}/invite`, { userId: mateLogin.user.id });
  await serverCall(server.url, mateLogin.token, 'POST', `/api/pods/invitations/${invitation.invitationId}/accept`, {});
  await serverCall(server.url, mateLogin.token, 'POST', `/api/pods/${pod.id}/messages`, { content: 'Written while you read back' });
  const latest = page.getByRole('button', { name: '1 new message' });
  await expect(latest).toBeVisible();
  expect(await thread(page).evaluate((element) => element.scrollTop)).toBe(reader);
  await latest.click();
  await expect(page.getByText('Written while you read back')).toBeInViewport();
  await expect(latest).toHaveCount(0);
  await thread(page).evaluate((element) => element.scrollTo({ top: 0 }));

  // The network really goes; the installed app is reloaded from the service worker.
  await waitForServiceWorker(page);
  await proxy.cut();
  await page.reload();
  await expect(messageItem(page, COUNT)).toBeVisible();
  for (let tries = 0; tries < 5 && (await firstShown(page)) !== 1; tries++) {
    const first = await firstShown(page);
    await thread(page).evaluate((element) => element.scrollTo({ top: 0 }));
    await expect.poll(() => firstShown(page)).toBeLessThan(first);
  }
  await thread(page).evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(messageItem(page, 1)).toBeVisible();
  // The 120, and the pod-mate's message.
  await expect(items(page)).toHaveCount(COUNT + 1);
  await expect(page.getByText('Beginning of the conversation')).toBeVisible();
  await context.close();
});

test('a chat begun on this device says where it begins once its first message is on the server', async ({ browser, baseURL }) => {
  const ana = await person(browser, baseURL, 'beg');
  await openTab(ana.page, 'Pod Chats');
  await ana.page.getByLabel('Pod name').fill('Fresh Pod');
  await ana.page.getByRole('button', { name: 'Create pod' }).click();
  await ana.page.getByRole('button', { name: /^Fresh Pod/ }).click();
  await sendInChat(ana.page, 'The very first message');
  const list = ana.page.getByRole('list', { name: 'Messages in Fresh Pod' });
  // Sent: the server gave the message its own time; the thread still knows nothing is older.
  await expect(list.getByRole('listitem').filter({ hasText: 'The very first message' }).getByText(/Sending|Waiting/)).toHaveCount(0);
  await expect(ana.page.getByText('Beginning of the conversation')).toBeVisible();
  await expect(ana.page.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
});
