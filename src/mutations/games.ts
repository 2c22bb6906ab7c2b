/**
 * Game mutations on the mirror: src/game's pure rules, the same the server runs. A change the
 * game refuses by now (it ended on another device) throws GameRuleError and is skipped on rebase;
 * an increment already in the game (its id is in the log) is not applied twice.
 */
import * as z from 'zod/mini';
import { createGameBody, gameIncrement, updateGameBody } from '../contract/game';
import type { GameRow } from '../db/schema';
import { applyIncrement } from '../game/counters';
import { startGame } from '../game/start';
import { applyGameUpdate } from '../game/update';
import { defineMutation, ref } from './types';

const onGame = (args: { gameId: string }) => ({ table: 'games', id: args.gameId });

export const gameMutations = {
  'game.create': defineMutation({
    args: createGameBody,
    mutationId: (args) => args.id,
    target: (args) => ({ table: 'games', id: args.id }),
    apply(view, args, { me, at }) {
      if (view.get('games', args.id)) return;
      view.put('games', args.id, startGame(args, { createdById: me.id, at }));
    },
  }),

  // Each increment is its own mutation, under the increment's id.
  'game.increment': defineMutation({
    args: z.object({ gameId: ref, increment: gameIncrement }),
    mutationId: (args) => args.increment.id,
    target: onGame,
    apply(view, args, { at }) {
      const game = view.get<GameRow>('games', args.gameId);
      if (game) view.put('games', args.gameId, applyIncrement(game, args.increment, { at }));
    },
  }),

  'game.update': defineMutation({
    args: z.object({ gameId: ref, update: updateGameBody }),
    target: onGame,
    apply(view, args, { at }) {
      const game = view.get<GameRow>('games', args.gameId);
      if (game) view.put('games', args.gameId, applyGameUpdate(game, args.update, { at }));
    },
  }),

  'game.delete': defineMutation({
    args: z.object({ gameId: ref }),
    target: onGame,
    apply: (view, args) => view.delete('games', args.gameId),
  }),
};
