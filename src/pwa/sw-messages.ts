/**
 * Messages a page sends to the service worker (sw/sw.ts). No imports: the worker bundles this.
 * SKIP_WAITING is the type workbox-window's messageSkipWaiting() sends.
 */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
/**
 * "Take this page over": a page whose navigation started while the worker was still installing
 * is not a client yet when the worker's activate-time clients.claim() runs, and would stay
 * uncontrolled (no offline reload, no drain requests) until its next navigation.
 */
export const CLAIM_MESSAGE = 'podtable:claim';
