/**
 * `npm test`: every check in one run — typecheck, lint, unit, server (embedded database, and
 * PostgreSQL too when TEST_DATABASE_URL is set), build, end-to-end in Chromium, the core journeys
 * in Firefox ESR (tests/firefox). Each step runs even when an earlier one failed; the last line
 * sums every suite as `N passed, N failed` (typecheck, lint and build count as one check each).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium';
import { ensureFirefox } from './ensure-firefox';
import { ensureHaproxy } from './ensure-haproxy';

interface Tally {
  name: string;
  passed: number;
  failed: number;
}

const tallies: Tally[] = [];
mkdirSync('.tmp', { recursive: true });

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function check(name: string, command: string, args: string[]): void {
  const ok = run(command, args) === 0;
  tallies.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

function vitestSuite(name: string, project: string, env: NodeJS.ProcessEnv = {}): void {
  const report = `.tmp/vitest-${name}.json`;
  rmSync(report, { force: true });
  const status = run('npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  if (!existsSync(report)) {
    tallies.push({ name, passed: 0, failed: 1 });
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTestSuites: number; testResults: Array<{ status: string; assertionResults: unknown[] }> };
  // A file that fails to load has no assertion results; count it as a failure.
  const brokenFiles = json.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  const failed = json.numFailedTests + brokenFiles + (status !== 0 && json.numFailedTests + brokenFiles === 0 ? 1 : 0);
  tallies.push({ name, passed: json.numPassedTests, failed });
}

function e2eSuite(): void {
  ensureChromium();
  const report = '.tmp/playwright.json';
  rmSync(report, { force: true });
  const status = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  if (!existsSync(report)) {
    tallies.push({ name: 'e2e', passed: 0, failed: 1 });
    return;
  }
  const stats = (JSON.parse(readFileSync(report, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } }).stats;
  const failed = stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  tallies.push({ name: 'e2e', passed: stats.expected + stats.flaky, failed });
}

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npm', ['run', '--silent', 'lint']);
vitestSuite('unit', 'unit');
// tests/server/proxy-trust.test.ts runs the shipped deploy/haproxy.cfg in Debian's HAProxy.
ensureHaproxy();
vitestSuite('server', 'server', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) vitestSuite('server-postgres', 'server');
check('build', 'npm', ['run', '--silent', 'build']);
if (existsSync('dist/index.html')) e2eSuite();
else tallies.push({ name: 'e2e', passed: 0, failed: 1 });
// The core journeys again in Firefox ESR, against the same build (docs/browsers.md).
if (existsSync('dist/index.html')) {
  ensureFirefox();
  vitestSuite('firefox', 'firefox');
} else tallies.push({ name: 'firefox', passed: 0, failed: 1 });

console.log('\nSuites:');
for (const tally of tallies) console.log(`  ${tally.name.padEnd(16)} ${tally.passed} passed, ${tally.failed} failed`);
const passed = tallies.reduce((sum, tally) => sum + tally.passed, 0);
const failed = tallies.reduce((sum, tally) => sum + tally.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
