/**
 * End-to-end tests drive Debian's Chromium; nothing here ever downloads a browser.
 * When it is missing: as root, `apt-get update && apt-get install -y chromium`; otherwise
 * say exactly what to install and fail.
 */
import { existsSync } from 'node:fs';
import { aptInstall } from './apt-install';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || process.env.CHROMIUM_PATH) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install Debian's package as root:\n` +
        '  apt-get update && apt-get install -y chromium\n' +
        '(or set CHROMIUM_PATH to an installed Chromium). Browsers are never downloaded.',
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing Debian\'s chromium package (about a minute)…');
  aptInstall(['chromium']);
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`apt-get finished but ${CHROMIUM_PATH} still does not exist.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
