/**
 * One account's stats from the games in the mirror: the six figures the spec's
 * 'Stats Highlights' placeholder names, the split per commander and per deck, head-to-head
 * against frequent opponents, and the wins-over-time series. Pure.
 */
import type { Game } from '../contract/game';
import { podRank, type PodRank } from './leaderboard';
import { averagePlace, commandersOf, outcomesFor, rate, type Outcome } from './outcomes';

/** An opponent counts as frequent once met in this many counted games (docs/stats.md). */
export const FREQUENT_OPPONENT_MIN_GAMES = 2;

export interface Highlights {
  gamesPlayed: number;
  wins: number;
  draws: number;
  /** 0..1 */
  winRate: number;
  mostPlayedCommander: { name: string; games: number } | null;
  averageGameMs: number;
  longestWinStreak: number;
  podRank: PodRank | null;
}

export interface GroupLine {
  key: string;
  label: string;
  games: number;
  wins: number;
  winRate: number;
  /** Mean place (1 = winner) over the games that ranked players; null when all were draws. */
  averageFinish: number | null;
}

export interface HeadToHead {
  userId: string;
  /** The name they had at the table in the latest game together. */
  name: string;
  games: number;
  myWins: number;
  theirWins: number;
}

export interface WinsPoint {
  gameId: string;
  endedAt: string;
  won: boolean;
  draw: boolean;
  /** Wins so far, this game included. */
  wins: number;
}

export interface PersonalStats {
  highlights: Highlights;
  commanders: GroupLine[];
  decks: GroupLine[];
  opponents: HeadToHead[];
  winsOverTime: WinsPoint[];
}

export interface StatsOptions {
  /** Current deck names by id (the decks table): a renamed deck shows its new name. */
  deckNames?: ReadonlyMap<string, string>;
}

function longestStreak(outcomes: readonly Outcome[]): number {
  let best = 0;
  let run = 0;
  for (const outcome of outcomes) {
    run = outcome.won ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

/** Groups outcomes by key (null: left out), most games first, then most wins, then label. */
function groupLines(outcomes: readonly Outcome[], keyOf: (o: Outcome) => { key: string; label: string } | null): GroupLine[] {
  const groups = new Map<string, { label: string; outcomes: Outcome[] }>();
  // Oldest first, so the latest game's label wins for a key seen with several spellings.
  for (const outcome of outcomes) {
    const found = keyOf(outcome);
    if (!found) continue;
    const group = groups.get(found.key) ?? { label: found.label, outcomes: [] };
    group.label = found.label;
    group.outcomes.push(outcome);
    groups.set(found.key, group);
  }
  return [...groups]
    .map(([key, { label, outcomes: mine }]) => {
      const wins = mine.filter((o) => o.won).length;
      return { key, label, games: mine.length, wins, winRate: rate(wins, mine.length), averageFinish: averagePlace(mine) };
    })
    .sort((a, b) => b.games - a.games || b.wins - a.wins || a.label.localeCompare(b.label));
}

function commanderKey(outcome: Outcome) {
  const label = commandersOf(outcome.seat);
  return label ? { key: label.toLowerCase(), label } : null;
}

/** A deck is its id when it has one (its current name from the decks table), else its typed name. */
function deckKey(deckNames: ReadonlyMap<string, string>) {
  return (outcome: Outcome) => {
    const { deckId, deckName } = outcome.seat;
    const typed = deckName?.trim() ?? '';
    if (deckId) return { key: `id:${deckId}`, label: deckNames.get(deckId) ?? (typed || 'Unnamed deck') };
    return typed ? { key: `name:${typed.toLowerCase()}`, label: typed } : null;
  };
}

function opponents(outcomes: readonly Outcome[], userId: string): HeadToHead[] {
  const met = new Map<string, HeadToHead>();
  for (const { game, won } of outcomes) {
    for (const other of game.participants) {
      if (!other.userId || other.userId === userId) continue;
      const line = met.get(other.userId) ?? { userId: other.userId, name: '', games: 0, myWins: 0, theirWins: 0 };
      line.name = other.displayName || other.guestName || line.name;
      line.games += 1;
      if (won) line.myWins += 1;
      if (game.result.winnerSeat === other.seatNumber) line.theirWins += 1;
      met.set(other.userId, line);
    }
  }
  return [...met.values()]
    .filter((line) => line.games >= FREQUENT_OPPONENT_MIN_GAMES)
    .sort((a, b) => b.games - a.games || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}

/** Every stat of `userId` from `games` (any games: the ones that do not count are left out here). */
export function personalStats(games: readonly Game[], userId: string, options: StatsOptions = {}): PersonalStats {
  const outcomes = outcomesFor(games, userId);
  const commanders = groupLines(outcomes, commanderKey);
  const wins = outcomes.filter((o) => o.won).length;
  const top = commanders[0];
  let running = 0;
  return {
    highlights: {
      gamesPlayed: outcomes.length,
      wins,
      draws: outcomes.filter((o) => o.draw).length,
      winRate: rate(wins, outcomes.length),
      mostPlayedCommander: top ? { name: top.label, games: top.games } : null,
      averageGameMs: outcomes.length > 0 ? outcomes.reduce((sum, o) => sum + o.durationMs, 0) / outcomes.length : 0,
      longestWinStreak: longestStreak(outcomes),
      podRank: podRank(games, userId),
    },
    commanders,
    decks: groupLines(outcomes, deckKey(options.deckNames ?? new Map())),
    opponents: opponents(outcomes, userId),
    winsOverTime: outcomes.map((o) => {
      if (o.won) running += 1;
      return { gameId: o.game.id, endedAt: o.endedAt, won: o.won, draw: o.draw, wins: running };
    }),
  };
}
