import { describe, expect, it } from 'vitest';
import type { Game, GameEvent } from '../../../src/contract/game';
import { applyIncrement } from '../../../src/game/counters';
import { setMarker } from '../../../src/game/markers';
import { storyText } from '../../../src/game/story-text';
import { applyTurnChange, nextTurn } from '../../../src/game/turns';
import { undoStep, undoableIds } from '../../../src/game/undo';
import { fourPlayerGame, inc, player, uid } from './helpers';

const tymna = { seat: 1, which: 'commander' } as const;
const thrasios = { seat: 1, which: 'partner' } as const;
const kenrith = { seat: 2, which: 'commander' } as const;

/** Applies each increment in turn; the game and the story's texts, newest first. */
function play(...increments: Parameters<typeof applyIncrement>[1][]): { game: Game; texts: string[] } {
  let game = fourPlayerGame();
  for (const increment of increments) game = applyIncrement(game, increment);
  return { game, texts: game.events.map((event) => storyText(event, game)) };
}

describe('storyText', () => {
  it('names each change with its source', () => {
    const { texts } = play(
      inc(0, 'life', -7),
      inc(0, 'commanderDamage', 7, { source: kenrith }),
      inc(3, 'commanderDamage', 4, { source: thrasios }),
      inc(3, 'commanderDamage', -2, { source: thrasios }),
      inc(2, 'poison', 1),
      inc(1, 'commanderTax', 2, { source: tymna }),
    );
    expect(texts.reverse()).toEqual([
      'Ana \u22127 (life 33)',
      'Ana \u22127 (Kenrith\u2019s commander damage from Cy)',
      'Dee \u22124 (Thrasios\u2019s commander damage from Bo)',
      'Dee +2 (Thrasios\u2019s commander damage from Bo taken back)',
      'Cy +1 poison (1)',
      'Bo +2 Tymna tax (2)',
    ]);
  });

  it('says why a player went out, and that they came back', () => {
    const damage = play(inc(2, 'commanderDamage', 14, { source: { seat: 0, which: 'commander' } }), inc(2, 'commanderDamage', 7, { source: { seat: 0, which: 'commander' } }));
    expect(damage.texts[0]).toBe('Cy out: 21 commander damage from Ana');
    // A partner pair is named by the commander that dealt it, as the tile's band does.
    expect(play(inc(0, 'commanderDamage', 21, { source: tymna })).texts[0]).toBe('Ana out: 21 commander damage from Bo\u2019s Tymna');
    expect(play(inc(3, 'poison', 10)).texts[0]).toBe('Dee out: 10 poison');
    const life = play(inc(3, 'life', -43), inc(3, 'life', 5));
    expect(life.texts).toEqual(['Dee back in: +5 (life 2)', 'Dee out: \u221243 (life \u22123)']);
  });

  it('says what an undo undid, and keeps the words of everything else', () => {
    let { game } = play(inc(1, 'life', -7, { id: uid(1) }));
    const step = undoStep(game.events[0]!, uid(2));
    if (step?.kind !== 'increment') throw new Error('not an increment');
    game = applyIncrement(game, step.increment);
    expect(storyText(game.events[0]!, game)).toBe('Undo: Bo \u22127');
    game = setMarker(game, 'monarch', 0);
    expect(storyText(game.events[0]!, game)).toBe('Ana became the monarch');
    // An event logged before totals were kept reads without the value after.
    const old: GameEvent = { id: uid(5), at: game.updatedAt, kind: 'counter', seat: 1, counter: 'life', delta: -3, text: 'Bo: life \u22123 (30)' };
    expect(storyText(old, game)).toBe('Bo \u22123');
    // A clamped change that moved nothing keeps its own words.
    expect(play(inc(0, 'energy', -1)).texts[0]).toBe('Ana: energy already at 0');
  });
});

describe('undo of any entry', () => {
  it('offers every counter change not undone, and only the latest turn pass', () => {
    let game = applyIncrement(fourPlayerGame(), inc(1, 'life', -7, { id: uid(1) }));
    game = applyTurnChange(game, { ...nextTurn(game), eventId: uid(2) });
    game = applyIncrement(game, inc(2, 'poison', 1, { id: uid(3) }));
    game = applyTurnChange(game, { ...nextTurn(game), eventId: uid(4) });
    game = applyIncrement(game, inc(0, 'energy', -1, { id: uid(5) }));
    game = setMarker(game, 'monarch', 1, { eventId: uid(6) });
    // uid(5) moved nothing; uid(2) is a turn pass with a newer one.
    expect([...undoableIds(game, game.events)].sort()).toEqual([uid(1), uid(3), uid(4), uid(6)]);

    const undoTurn = undoStep(game.events.find((event) => event.id === uid(4))!, uid(7))!;
    expect(undoTurn.kind).toBe('turn');
    game = undoTurn.kind === 'turn' ? applyTurnChange(game, undoTurn.change) : game;
    // The undo of the newest pass makes the one before it the latest; undos are never offered.
    expect([...undoableIds(game, game.events)].sort()).toEqual([uid(1), uid(2), uid(3), uid(6)]);
    expect(undoableIds({ ...game, status: 'FINISHED' }, game.events).size).toBe(0);
  });

  it('undoes an entry older than the 25 the game keeps, once', () => {
    let game = applyIncrement(fourPlayerGame(), inc(1, 'commanderDamage', 7, { id: uid(1), source: kenrith }));
    const old = game.events[0]!;
    for (let i = 0; i < 30; i += 1) game = applyIncrement(game, inc(1, 'life', -1));
    expect(game.events.some((event) => event.id === old.id)).toBe(false);
    expect(player(game, 1).lifeTotal).toBe(3);

    const step = undoStep(old, uid(99))!;
    expect(step).toMatchObject({ kind: 'increment', increment: { id: uid(99), seat: 1, counter: 'commanderDamage', delta: -7, source: kenrith, undoes: uid(1) } });
    if (step.kind !== 'increment') throw new Error('not an increment');
    game = applyIncrement(game, step.increment);
    expect(player(game, 1)).toMatchObject({ lifeTotal: 10, commanderDamage: {} });
    expect(storyText(game.events[0]!, game)).toBe('Undo: Bo \u22127 (Kenrith\u2019s commander damage from Cy)');

    // The story (the old entry and its undo) no longer offers it; a second undo changes nothing.
    const story = [...game.events, old];
    expect(undoableIds(game, story).has(old.id)).toBe(false);
    expect(undoableIds(game, story).has(uid(99))).toBe(false);
    expect(applyIncrement(game, { ...step.increment, id: uid(100) })).toBe(game);
  });
});
