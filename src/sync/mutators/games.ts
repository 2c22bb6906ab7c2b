/**
 * Game mutations on the mirror: src/game's pure rules, the same the server runs. A change the
 * game refuses by now (it ended on another device) throws GameRuleError and is skipped on rebase;
 * an increment already in the game (its id is in the log) is not applied twice.
 */
import type { GameRow } from '../../db/schema';
import { applyIncrement } from '../../game/counters';
import { startGame } from '../../game/start';
import { applyGameUpdate } from '../../game/update';
import type { ClientMutator } from './types';

const onGame = (args: { gameId: string }) => ({ table: 'games', id: args.gameId });

export const gameCreate: ClientMutator<'game.create'> = {
  target: (args) => ({ table: 'games', id: args.id }),
  apply(view, args, { me, at }) {
    if (view.get('games', args.id)) return;
    view.put('games', args.id, startGame(args, { createdById: me.id, at }));
  },
};

export const gameIncrement: ClientMutator<'game.increment'> = {
  target: onGame,
  apply(view, args, { at }) {
    const game = view.get<GameRow>('games', args.gameId);
    if (game) view.put('games', args.gameId, applyIncrement(game, args.increment, { at }));
  },
};

export const gameUpdate: ClientMutator<'game.update'> = {
  target: onGame,
  apply(view, args, { at }) {
    const game = view.get<GameRow>('games', args.gameId);
    if (game) view.put('games', args.gameId, applyGameUpdate(game, args.update, { at }));
  },
};

export const gameDelete: ClientMutator<'game.delete'> = {
  target: onGame,
  apply: (view, args) => view.delete('games', args.gameId),
};
