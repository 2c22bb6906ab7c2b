/** What the app says about its own updates. */
export const UPDATE_AVAILABLE = 'A new version of PodTable is available.';
