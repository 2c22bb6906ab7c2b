/**
 * Unit tests' shared setup (vitest.config.ts): an IndexedDB in memory (fake-indexeddb), and
 * generous readiness waits. testing-library's findBy/waitFor give up after 1 s by default; the
 * first render of a lazily routed screen (its chunks transformed on first import) took longer
 * than that on a loaded 2-core CI machine. A wait that succeeds returns as soon as it does, so
 * passing tests are no slower; the test timeout stays above the wait.
 */
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/dom';

export const READINESS_TIMEOUT_MS = 10_000;

configure({ asyncUtilTimeout: READINESS_TIMEOUT_MS });
