// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import { startProblems } from '../../../src/game/wizard';
import { useWizardStore } from '../../../src/stores/wizard';
import { pullKey } from '../../../src/sync/engine/pull';
import { actions, bo, cy, db, dee, deck, failedPull, loaded, me, pod, resetApp, setPull } from './app-mock';
import { renderAt, resetWizard } from './render';

async function openCustomTable() {
  const view = renderAt('/game/setup');
  fireEvent.click(await screen.findByRole('button', { name: /^Build a Custom Table/ }));
  await screen.findByRole('heading', { name: 'Build a Custom Table' });
  // The signed-in user is seated first.
  await screen.findByRole('heading', { name: /Players at the table/ });
  return view;
}

function tablePlayers(): string[] {
  const list = screen.getByRole('heading', { name: /Players at the table/ }).parentElement!.querySelector('ul')!;
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.table-player-name')!.textContent!);
}

async function openTab(name: string) {
  const tab = screen.getByRole('tab', { name });
  fireEvent.mouseDown(tab, { button: 0 });
  await waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'));
}

function fillGuest(fields: Partial<Record<'Guest name' | 'Deck name' | 'Commander' | 'Partner commander' | 'Guest email', string>>) {
  const form = screen.getByRole('form', { name: 'Add a guest' });
  for (const [label, value] of Object.entries(fields)) {
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  }
  fireEvent.click(within(form).getByRole('button', { name: 'Add guest' }));
}

beforeEach(async () => {
  await resetApp();
  resetWizard();
});
afterEach(cleanup);

describe('step 1', () => {
  it("offers 'Play With a Pod' and 'Build a Custom Table' under 'New game', on both setup paths", async () => {
    renderAt('/new-game-setup');
    expect(await screen.findByRole('heading', { level: 1, name: 'New game' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Play With a Pod/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Build a Custom Table/ })).toBeTruthy();
    // Label in name (WCAG 2.5.3): each choice is named by all the text it shows, title first.
    expect(screen.getByRole('button', { name: 'Play With a Pod Seat the members of one of your pods.' })).toBeTruthy();
    // /new-game-setup sits in the shell (bottom navigation); /game/setup does not.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    cleanup();
    renderAt('/game/setup');
    expect(await screen.findByRole('button', { name: /^Play With a Pod/ })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('Cancel leaves the wizard for the dashboard and drops the draft (an installed app has no back button)', async () => {
    useWizardStore.getState().chooseMode('custom');
    useWizardStore.getState().chooseMode(null);
    const { router } = renderAt('/game/setup');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(useWizardStore.getState().kind).toBeNull();
  });
});

describe('step 2: custom table', () => {
  it('seats the signed-in user first and tells how many players to add or remove', async () => {
    await db.friendships.bulkPut([
      { friendshipId: 'f1', status: 'ACCEPTED', friend: bo, requester: me, createdAt: '2026-01-01T00:00:00.000Z' },
      { friendshipId: 'f2', status: 'ACCEPTED', friend: cy, requester: me, createdAt: '2026-01-01T00:00:00.000Z' },
    ]);
    await openCustomTable();
    expect(tablePlayers()).toEqual(['Ana']);
    expect(screen.queryByRole('button', { name: 'Remove Ana' })).toBeNull();
    expect(screen.getByText('Add 3 more player(s) to continue.')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Seats'), { target: { value: '2' } });
    expect(await screen.findByText('Add 1 more player(s) to continue.')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Add Bo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Cy' }));
    await waitFor(() => expect(tablePlayers()).toEqual(['Ana', 'Bo', 'Cy']));
    expect(screen.getByText('Remove 1 player(s) to match seat count.')).toBeTruthy();
    expect(next.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Cy' }));
    await waitFor(() => expect(tablePlayers()).toEqual(['Ana', 'Bo']));
    expect(screen.queryByText(/player\(s\)/)).toBeNull();
    expect(next.disabled).toBe(false);
  });

  it('rejects adding someone twice, and adding yourself', async () => {
    await db.friendships.put({ friendshipId: 'f1', status: 'ACCEPTED', friend: bo, requester: me, createdAt: '2026-01-01T00:00:00.000Z' });
    actions.searchUsers.mockResolvedValue([me, dee]);
    await openCustomTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Bo' }));
    await waitFor(() => expect(tablePlayers()).toEqual(['Ana', 'Bo']));

    fireEvent.click(screen.getByRole('button', { name: 'Add Bo' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This player is already at the table.');
    expect(tablePlayers()).toEqual(['Ana', 'Bo']);

    await openTab('Search');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'a' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Ana' }, { timeout: 2000 }));
    expect((await screen.findByRole('alert')).textContent).toBe('This player is already at the table.');
    expect(tablePlayers()).toEqual(['Ana', 'Bo']);
    expect(actions.searchUsers).toHaveBeenCalledWith('a');

    // Someone new from the search joins; the message goes away.
    fireEvent.click(screen.getByRole('button', { name: 'Add dee' }));
    await waitFor(() => expect(tablePlayers()).toEqual(['Ana', 'Bo', 'dee']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('needs a guest name and at least one commander, and refuses the same guest twice', async () => {
    await openCustomTable();
    await openTab('Guest');

    fillGuest({ Commander: 'Edgar Markov' });
    expect((await screen.findByRole('alert')).textContent).toBe('Guest name is required.');
    fillGuest({ 'Guest name': 'Dee', Commander: '' });
    expect((await screen.findByRole('alert')).textContent).toBe('Add at least one commander for this guest.');
    expect(tablePlayers()).toEqual(['Ana']);

    fillGuest({ 'Guest name': 'Dee', Commander: 'Edgar Markov' });
    await waitFor(() => expect(tablePlayers()).toEqual(['Ana', 'Dee']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Guest · Edgar Markov')).toBeTruthy();
    // The form is cleared for the next guest.
    expect((screen.getByLabelText('Guest name') as HTMLInputElement).value).toBe('');

    fillGuest({ 'Guest name': ' dee ', Commander: 'Tymna', 'Partner commander': 'Thrasios' });
    expect((await screen.findByRole('alert')).textContent).toBe('This player is already at the table.');
    expect(tablePlayers()).toEqual(['Ana', 'Dee']);
  });

  it("shows 'Unable to load your friends list.' when friends could not load and none are known", async () => {
    await setPull(pullKey('friends'), failedPull());
    await openCustomTable();
    expect((await screen.findByText('Unable to load your friends list.')).getAttribute('role')).toBe('alert');
  });

  it("takes a guest's deck in the guest form, so a complete guest needs nothing more at Start game", async () => {
    await openCustomTable();
    await openTab('Guest');
    fillGuest({ 'Guest name': 'Dee', 'Deck name': 'Vampires', Commander: 'Edgar Markov', 'Guest email': 'dee@example.test' });
    await waitFor(() => expect(tablePlayers()).toContain('Dee'));
    const dee = useWizardStore.getState().players.find((p) => p.displayName === 'Dee')!;
    expect(dee).toMatchObject({ deckName: 'Vampires', commanderName: 'Edgar Markov', accountEmail: 'dee@example.test' });
    expect(startProblems(dee)).toEqual([]);
  });

  it('goes to the layout page with the draft once the table is complete', async () => {
    await db.pods.put(pod({ id: 'p1', name: 'Tuesday', members: [me, cy] }));
    const { router } = await openCustomTable();
    fireEvent.change(screen.getByLabelText('Seats'), { target: { value: '2' } });
    await openTab('Pods');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Cy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/layout'));
    expect(await screen.findByRole('heading', { name: 'Seating order' })).toBeTruthy();
    const { players, kind, podId } = useWizardStore.getState();
    expect(players.map((p) => [p.displayName, p.role])).toEqual([
      ['Ana', 'self'],
      ['Cy', 'pod'],
    ]);
    expect([kind, podId]).toEqual(['custom', null]);
  });
});

describe('step 2: pod', () => {
  it("shows 'No Pods Yet' when the user has none, 'Unable to load pods.' when they could not load", async () => {
    await setPull(pullKey('pods'), loaded());
    renderAt('/game/setup');
    fireEvent.click(await screen.findByRole('button', { name: /^Play With a Pod/ }));
    expect(await screen.findByText('No Pods Yet')).toBeTruthy();
    expect(screen.getByText('Join or create a pod to start collaborating.')).toBeTruthy();
    await setPull(pullKey('pods'), failedPull());
    expect((await screen.findByText('Unable to load pods.')).getAttribute('role')).toBe('alert');
  });

  it("seats a pod's members (you as 'self', with your default deck) and refuses a pod of one", async () => {
    await resetApp({ defaultDeckId: 'd1' });
    await db.decks.put(deck({ id: 'd1', name: 'Superfriends', commander: 'Atraxa' }));
    await db.pods.bulkPut([
      pod({ id: 'p1', name: 'Solo', members: [me] }),
      pod({ id: 'p2', name: 'Tuesday', members: [bo, me, cy] }),
      pod({ id: 'p3', name: 'Leaving', members: [me, bo], pendingRemoval: true }),
    ]);
    const { router } = renderAt('/game/setup');
    fireEvent.click(await screen.findByRole('button', { name: /^Play With a Pod/ }));
    expect(await screen.findByRole('radio', { name: /Tuesday/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Leaving/ })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /Solo/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Solo has 1 member; a game needs 2 to 8 players.');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: /Tuesday/ }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/layout'));
    const draft = useWizardStore.getState();
    expect(draft.players.map((p) => [p.displayName, p.role, p.deckName ?? null, p.commanderName ?? null])).toEqual([
      ['Ana', 'self', 'Superfriends', 'Atraxa'],
      ['Bo', 'pod', null, null],
      ['Cy', 'pod', null, null],
    ]);
    expect([draft.kind, draft.podId, draft.seatCount]).toEqual(['pod', 'p2', 3]);
  });

  it('seats you with your only deck when no default is set, and with none when there are two', async () => {
    const seatedDeck = async () => {
      const { router } = renderAt('/game/setup');
      fireEvent.click(await screen.findByRole('button', { name: /^Play With a Pod/ }));
      fireEvent.click(await screen.findByRole('radio', { name: /Tuesday/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/game/layout'));
      const self = useWizardStore.getState().players.find((p) => p.role === 'self')!;
      return [self.deckId ?? null, self.deckName ?? null, self.commanderName ?? null];
    };
    await resetApp({ defaultDeckId: null });
    await db.pods.put(pod({ id: 'p2', name: 'Tuesday', members: [bo, me] }));
    await db.decks.put(deck({ id: 'd1', name: 'Superfriends', commander: 'Atraxa' }));
    expect(await seatedDeck()).toEqual(['d1', 'Superfriends', 'Atraxa']);

    cleanup();
    resetWizard();
    await db.decks.put(deck({ id: 'd2', name: 'Vampires', commander: 'Edgar Markov' }));
    expect(await seatedDeck()).toEqual([null, null, null]);
  });
});

describe('the wizard draft', () => {
  it('survives a reload of the tab (sessionStorage)', async () => {
    useWizardStore.getState().chooseMode('custom');
    useWizardStore.getState().addPlayer({ key: 'k1', role: 'guest', displayName: 'Dee', guestName: 'Dee', commanderName: 'Edgar Markov' });
    const stored = sessionStorage.getItem('podtable:new-game');
    expect(stored).toContain('Edgar Markov');

    // A reload: the in-memory store starts empty and reads the tab's storage back.
    useWizardStore.setState({ players: [], mode: null, kind: null });
    sessionStorage.setItem('podtable:new-game', stored!);
    await useWizardStore.persist.rehydrate();
    expect(useWizardStore.getState().players.map((p) => p.displayName)).toEqual(['Dee']);
    expect(useWizardStore.getState().mode).toBe('custom');
  });
});
