/**
 * What the playmat's tiles show (taps paint first): the mirror's game with this
 * device's overlay taps on top, `shownGame(mirror, overlay taps)` (src/stores/tap-overlay.ts has the
 * invariant). Kept outside React, so each tile reads its own player and its life number only the
 * life, and each is told when its part changes: a life tap re-renders that one number — not the
 * tile layer, not the tile, not the other seats.
 */
import type { GameParticipant } from '../../../contract/game';
import type { GameRow } from '../../../db/schema';
import { pendingTaps, shownGame, useTaps } from '../../../stores/tap-overlay';

export class ShownTable {
  private mirror: GameRow;
  private shown: GameRow;
  private readonly listeners = new Set<() => void>();

  constructor(mirror: GameRow) {
    this.mirror = mirror;
    this.shown = this.rebase();
  }

  /** The player in `seat` as the tiles show them. A player no tap changed keeps their object. */
  player(seat: number): GameParticipant | undefined {
    return this.shown.participants.find((p) => p.seatNumber === seat);
  }

  /** Recomputes after a new mirror copy (or, without one, a change of the overlay), and tells every reader. */
  update(mirror: GameRow = this.mirror): void {
    this.mirror = mirror;
    this.shown = this.rebase();
    for (const listener of [...this.listeners]) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private rebase(): GameRow {
    return shownGame(this.mirror, pendingTaps(useTaps.getState().taps, this.mirror.id));
  }
}
