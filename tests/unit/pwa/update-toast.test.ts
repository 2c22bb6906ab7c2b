// @vitest-environment happy-dom
/**
 * The "new version" toast appears only when a new worker waits behind an older one that controls
 * the page, not when workbox-window reports a first install that lingers in 'installed' (a busy
 * device does), where a toast would offer a reload that changes nothing and cover the page.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useUiStore } from '../../../src/stores/ui';
import { UPDATE_AVAILABLE } from '../../../src/pwa/texts';

type Listener = (event: { sw?: unknown }) => void;
const listeners = new Map<string, Listener>();

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: Listener) {
      listeners.set(type, listener);
    }
    register() {
      return new Promise(() => undefined);
    }
  },
}));

const controllerOf = { value: null as unknown };

beforeEach(() => {
  listeners.clear();
  vi.stubEnv('PROD', true);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { get controller() { return controllerOf.value; } },
  });
  useUiStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

async function registered() {
  const { registerServiceWorker } = await import('../../../src/pwa/register');
  registerServiceWorker();
  const waiting = listeners.get('waiting');
  if (!waiting) throw new Error('no waiting listener');
  return waiting;
}

function shownTitles() {
  return useUiStore.getState().toasts.map((toast) => toast.title);
}

test('a first install that lingers in "installed" shows no toast', async () => {
  controllerOf.value = null;
  (await registered())({ sw: {} });
  expect(shownTitles()).toEqual([]);
});

test('a worker waiting behind the one controlling the page offers the reload', async () => {
  controllerOf.value = { scriptURL: '/sw.js' };
  (await registered())({ sw: {} });
  expect(shownTitles()).toEqual([UPDATE_AVAILABLE]);
});
