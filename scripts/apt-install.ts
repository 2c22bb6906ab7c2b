/**
 * Installs Debian packages as root for the test and bench commands (Chromium, Firefox ESR,
 * HAProxy). Two of these commands may run at once on one machine (two clones testing side by
 * side): apt holds one lock at a time, so each call waits for the lock (DPkg::Lock::Timeout),
 * and a run refused anyway (exit 100: the lists' lock is not covered by that option) is tried
 * again after a pause, three times in all.
 */
import { execFileSync } from 'node:child_process';

const LOCK_WAIT = ['-o', 'DPkg::Lock::Timeout=600'];
const ATTEMPTS = 3;
const PAUSE_MS = 20_000;

function apt(args: readonly string[]): void {
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync('apt-get', [...LOCK_WAIT, ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      return;
    } catch (error) {
      if ((error as { status?: number }).status !== 100 || attempt === ATTEMPTS) throw error;
      console.log(`apt-get ${args[0]} could not get apt's lock; trying again in ${PAUSE_MS / 1000} s…`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, PAUSE_MS);
    }
  }
}

/** `apt-get update` then `apt-get install -y <packages>` (extra install options first). */
export function aptInstall(packages: readonly string[], installOptions: readonly string[] = []): void {
  apt(['update']);
  apt(['install', '-y', ...installOptions, ...packages]);
}
