/** Playmat steps shared by the game e2e specs: the game menu, the whole story, the TV link, a guest's join. */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Opens an item of the playmat's Game menu. */
export async function openMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Game menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Opens the whole story (Game menu → Recent events → Whole story); the sheet and its list. */
export async function openStory(page: Page): Promise<{ sheet: Locator; story: Locator }> {
  await openMenu(page, 'Recent events');
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('button', { name: 'Whole story' }).click();
  await expect(sheet.getByText('The beginning of the game.')).toBeVisible();
  return { sheet, story: sheet.getByRole('list', { name: 'The whole story, newest first' }) };
}

/** Uses the Table tools sheet, then closes it. */
export async function useTools(page: Page, use: (sheet: Locator) => Promise<void>): Promise<void> {
  await openMenu(page, 'Table tools');
  const sheet = page.getByRole('dialog', { name: 'Table tools' });
  await use(sheet);
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Makes the TV link (Game menu → TV view: a QR code and the link), closes the sheet and answers the link. */
export async function shareTvLink(page: Page, baseURL: string): Promise<string> {
  await openMenu(page, 'TV view');
  const sheet = page.getByRole('dialog', { name: 'TV view' });
  const linkCell = sheet.locator('.watch-link');
  await expect(linkCell).toHaveText(new RegExp(`^${baseURL}/watch/[A-Za-z0-9_-]{43}$`), { timeout: 30_000 });
  await expect(sheet.getByRole('img', { name: 'QR code of the TV link' })).toBeVisible();
  const link = (await linkCell.textContent())!;
  await sheet.getByRole('button', { name: 'Close' }).click();
  return link;
}

/**
 * A phone with no account joins by the code (/join-guest/<code>, where the log-in page's "Join as
 * a guest" leads) under `name`, taking the guest seat `seat` ("Take seat 3: Kim"); it lands on
 * the guest playmat.
 */
export async function joinAsGuest(page: Page, code: string, name: string, seat: string): Promise<void> {
  await page.goto(`/join-guest/${code}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: `Take ${seat}` }).click();
  await expect(page).toHaveURL(/\/guest\/[0-9a-f-]+$/, { timeout: 30_000 });
}
