/**
 * The new game wizard's draft, shared by its three pages (step 1, step 2, /game/layout). Kept in
 * sessionStorage: a reload of /game/layout keeps the table, and the draft stays with the tab
 * (a second tab starts its own game). Cleared once the game starts.
 *
 * Players are held in seat order (index = seat number = turn order). Each carries a `key`
 * that never changes while it is at the table, so the first player and React lists survive
 * reordering and shuffles.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SEAT_COUNT_MAX, SEAT_COUNT_MIN } from '../contract/game';
import type { PlayerDraft } from '../game/wizard';

export type WizardMode = 'pod' | 'custom';

export interface WizardPlayer extends PlayerDraft {
  key: string;
}

/** What a player's setup fields may change on the layout page. */
export type PlayerPatch = Partial<Omit<WizardPlayer, 'key' | 'role' | 'userId'>>;

/** Four seats: the usual Commander pod. */
export const DEFAULT_SEAT_COUNT = 4;
export const WIZARD_STORAGE_KEY = 'podtable:new-game';

export interface WizardDraft {
  /** The step-2 page shown; null shows step 1. */
  mode: WizardMode | null;
  /** What kind of table `players` were gathered for (kept while step 1 is shown again). */
  kind: WizardMode | null;
  /** The pod of a pod game; null for a custom table. */
  podId: string | null;
  seatCount: number;
  players: WizardPlayer[];
  /** A preset name from presetsFor(count); null until chosen (the count's default then applies). */
  layoutPreset: string | null;
  /** Key of the player who takes the first turn; null until chosen. */
  firstPlayerKey: string | null;
}

export interface WizardState extends WizardDraft {
  /** Step 1: pod or custom table (null: back to step 1). Choosing the other kind starts a new draft. */
  chooseMode(mode: WizardMode | null): void;
  /** Step 2 pod: the pod's members become the table. */
  seatPod(podId: string, players: WizardPlayer[]): void;
  setSeatCount(count: number): void;
  addPlayer(player: WizardPlayer): void;
  /** Seats the signed-in user first, unless they are seated already. */
  seatSelf(player: WizardPlayer): void;
  removePlayer(key: string): void;
  updatePlayer(key: string, patch: PlayerPatch): void;
  /** The players in a new order (reorder, shuffle); `keys` must be a permutation of theirs. */
  reorder(keys: readonly string[]): void;
  setLayoutPreset(name: string | null): void;
  setFirstPlayer(key: string | null): void;
  reset(): void;
}

const EMPTY: WizardDraft = {
  mode: null,
  kind: null,
  podId: null,
  seatCount: DEFAULT_SEAT_COUNT,
  players: [],
  layoutPreset: null,
  firstPlayerKey: null,
};

function clampSeats(count: number): number {
  if (!Number.isFinite(count)) return DEFAULT_SEAT_COUNT;
  return Math.min(SEAT_COUNT_MAX, Math.max(SEAT_COUNT_MIN, Math.round(count)));
}

function sessionStore(): Storage {
  // Node (unit tests without a DOM) has no sessionStorage: keep the draft in memory there.
  if (typeof sessionStorage !== 'undefined') return sessionStorage;
  const memory = new Map<string, string>();
  return {
    get length() {
      return memory.size;
    },
    clear: () => memory.clear(),
    getItem: (key) => memory.get(key) ?? null,
    key: (index) => [...memory.keys()][index] ?? null,
    removeItem: (key) => void memory.delete(key),
    setItem: (key, value) => void memory.set(key, value),
  };
}

export const useWizardStore = create<WizardState>()(
  persist(
    (set, get) => ({
      ...EMPTY,
      chooseMode(mode) {
        if (mode === null || mode === get().kind) {
          set({ mode });
          return;
        }
        // Another kind of table: the players of the old one do not carry over.
        set({ ...EMPTY, seatCount: get().seatCount, mode, kind: mode });
      },
      seatPod(podId, players) {
        set({ mode: 'pod', kind: 'pod', podId, players, seatCount: players.length, layoutPreset: null, firstPlayerKey: null });
      },
      setSeatCount(count) {
        set({ seatCount: clampSeats(count) });
      },
      addPlayer(player) {
        set({ players: [...get().players, player] });
      },
      seatSelf(player) {
        const { players } = get();
        if (players.some((seated) => seated.role === 'self')) return;
        set({ players: [{ ...player, role: 'self' }, ...players] });
      },
      removePlayer(key) {
        const { players, firstPlayerKey } = get();
        set({
          players: players.filter((player) => player.key !== key),
          firstPlayerKey: firstPlayerKey === key ? null : firstPlayerKey,
        });
      },
      updatePlayer(key, patch) {
        set({ players: get().players.map((player) => (player.key === key ? { ...player, ...patch } : player)) });
      },
      reorder(keys) {
        const byKey = new Map(get().players.map((player) => [player.key, player]));
        if (keys.length !== byKey.size || keys.some((key) => !byKey.has(key))) return;
        set({ players: keys.map((key) => byKey.get(key)!) });
      },
      setLayoutPreset(name) {
        set({ layoutPreset: name });
      },
      setFirstPlayer(key) {
        set({ firstPlayerKey: key && get().players.some((player) => player.key === key) ? key : null });
      },
      reset() {
        set({ ...EMPTY });
      },
    }),
    {
      name: WIZARD_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(sessionStore),
      partialize: ({ mode, kind, podId, seatCount, players, layoutPreset, firstPlayerKey }): WizardDraft => ({
        mode,
        kind,
        podId,
        seatCount,
        players,
        layoutPreset,
        firstPlayerKey,
      }),
    },
  ),
);

/** A key for a player new at the table. */
export function newPlayerKey(): string {
  return crypto.randomUUID();
}

/** Index (seat number) of the first player, or null when none is chosen or they left. */
export function firstPlayerIndex(draft: Pick<WizardDraft, 'players' | 'firstPlayerKey'>): number | null {
  if (!draft.firstPlayerKey) return null;
  const index = draft.players.findIndex((player) => player.key === draft.firstPlayerKey);
  return index === -1 ? null : index;
}
