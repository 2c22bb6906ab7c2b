/** Renders the real route tree at a path, signed in (the mirror comes from ./app-mock). */
import { render } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from '../../../src/routes/router';
import { useSessionStore } from '../../../src/stores/session';
import { useWizardStore } from '../../../src/stores/wizard';

export function renderAt(path: string) {
  useSessionStore.getState().signIn('tkn');
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

/** A fresh wizard: nothing chosen, nothing stored. */
export function resetWizard(): void {
  useWizardStore.getState().reset();
  sessionStorage.clear();
}
