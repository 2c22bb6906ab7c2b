/**
 * The Firefox tests (tests/firefox) drive Debian's Firefox ESR through puppeteer-core over
 * WebDriver BiDi; nothing here ever downloads a browser. When it is missing: as root,
 * `apt-get update && apt-get install -y firefox-esr`; otherwise say exactly what to install and fail.
 */
import { existsSync } from 'node:fs';
import { aptInstall } from './apt-install';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export function ensureFirefox(): void {
  if (existsSync(FIREFOX_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || process.env.FIREFOX_PATH) {
    console.error(
      `Firefox is missing at ${FIREFOX_PATH}. Install Debian's package as root:\n` +
        '  apt-get update && apt-get install -y firefox-esr\n' +
        '(or set FIREFOX_PATH to an installed Firefox). Browsers are never downloaded.',
    );
    process.exit(1);
  }
  console.log("Firefox is missing: installing Debian's firefox-esr package (about a minute)…");
  aptInstall(['firefox-esr']);
  if (!existsSync(FIREFOX_PATH)) {
    console.error(`apt-get finished but ${FIREFOX_PATH} still does not exist.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureFirefox();
