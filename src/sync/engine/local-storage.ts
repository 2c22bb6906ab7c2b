/** The page's localStorage, or undefined where there is none (the service worker) or it is refused (some private modes). */
export function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}
