/**
 * What an account form needs only once it is submitted: the contract's checks (zod/mini), the
 * account calls and the texts for their errors. Kept out of the pages' first paint
 * (docs/first-load.md) and fetched as soon as the person focuses the form, so it has arrived by
 * the time they submit. Resolves to null when it cannot be fetched (offline before the service
 * worker had it): the form then says the server cannot be reached.
 */
export type SubmitCode = Awaited<ReturnType<typeof fetchSubmitCode>>;

async function fetchSubmitCode() {
  const [validation, errors, accounts] = await Promise.all([import('./validation'), import('./errors'), import('../../sync/actions/signed-out-account')]);
  return { ...validation, ...errors, accountActions: accounts.accountActions };
}

export function loadSubmitCode(): Promise<SubmitCode | null> {
  return fetchSubmitCode().catch((error: unknown) => {
    console.warn('The form code did not load.', error);
    return null;
  });
}

/** For a form's onFocus: starts the fetch early. */
export function preloadSubmitCode(): void {
  void loadSubmitCode();
}
