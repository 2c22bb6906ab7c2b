/**
 * Joining a live game by code (src/contract/game-join.ts): online-only REST calls, never queued
 * (the code is a server-made secret, and the server decides which of two phones gets a seat).
 * A call made offline rejects with the api's NetworkError, which screens answer with
 * GameJoinText's offline texts. A game the server answers goes into the mirror at once, so the
 * playmat a joiner lands on has it before the live event arrives.
 */
import { gameSchema } from '../../contract/game';
import { GuestSeatText } from '../../contract/game-guest';
import { joinCodeViewSchema, joinPreviewSchema, type JoinCodeView, type JoinPreview } from '../../contract/game-join';
import { applyServerData } from '../engine/apply-server';
import type { SyncContext } from '../engine/context';

export interface GameJoinActions {
  /** The game's live code (null when none lives) and who joined with one. */
  readCode(gameId: string): Promise<JoinCodeView>;
  /** A new code; the old one dies at once. */
  renewCode(gameId: string): Promise<JoinCodeView>;
  /** The table a code opens to (normalised and checked by the server). */
  preview(code: string): Promise<JoinPreview>;
  /** Takes the seat; resolves with the game's id once the game is in the mirror. */
  join(code: string, seatNumber: number): Promise<string>;
  /** The creator gives a joined seat back to the guest it was. */
  undo(gameId: string, seatNumber: number): Promise<void>;
  /**
   * The signed-in user takes over the seat this phone holds as a guest with no account
   * (src/contract/game-guest.ts): the game goes into the mirror, the guest seat's row and waiting
   * taps leave it.
   */
  claimGuestSeat(gameId: string): Promise<void>;
}

export function gameJoinActions(ctx: SyncContext): GameJoinActions {
  const path = (gameId: string) => `/api/games/${encodeURIComponent(gameId)}`;
  return {
    async readCode(gameId) {
      return joinCodeViewSchema.parse(await ctx.api.request('GET', `${path(gameId)}/join-code`));
    },
    async renewCode(gameId) {
      return joinCodeViewSchema.parse(await ctx.api.request('POST', `${path(gameId)}/join-code`));
    },
    async preview(code) {
      return joinPreviewSchema.parse(await ctx.api.request('POST', '/api/games/join/preview', { body: { code } }));
    },
    async join(code, seatNumber) {
      const game = gameSchema.parse(await ctx.api.request('POST', '/api/games/join', { body: { code, seatNumber } }));
      await applyServerData(ctx.db, { puts: { games: [game] } });
      return game.id;
    },
    async undo(gameId, seatNumber) {
      const game = gameSchema.parse(await ctx.api.request('DELETE', `${path(gameId)}/joins/${seatNumber}`));
      await applyServerData(ctx.db, { puts: { games: [game] } });
    },
    async claimGuestSeat(gameId) {
      const seat = await ctx.db.guestSeats.get(gameId);
      if (!seat) throw new Error(GuestSeatText.invalid);
      const game = gameSchema.parse(await ctx.api.request('POST', '/api/guest-seat/claim', { body: { token: seat.token } }));
      await applyServerData(ctx.db, { puts: { games: [game] } });
      await ctx.db.transaction('rw', ctx.db.guestSeats, ctx.db.guestTaps, async () => {
        await ctx.db.guestTaps.where('gameId').equals(gameId).delete();
        await ctx.db.guestSeats.delete(gameId);
      });
    },
  };
}
