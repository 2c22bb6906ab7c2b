/**
 * The account's games as CSV (GET /api/users/me/export/games.csv), one row per game, RFC 4180:
 * every cell quoted when it holds a comma, quote or line break (quotes doubled), CRLF between rows.
 * Seats are counted from 1, as a person would. Names are typed by people, so a cell starting with = + - @ (or a tab or carriage return) gets a
 * leading ' : a spreadsheet shows it as text instead of running it as a formula.
 */
import type { Game } from '../../src/contract/game';

export const GAMES_CSV_HEADER = ['date', 'ended', 'pod', 'players', 'my seat', 'result', 'winner', 'turns', 'status'];

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function result(game: Game, mySeat: number | undefined): string {
  if (!game.result) return game.status === 'ACTIVE' ? 'in progress' : '';
  if (game.result.draw) return 'draw';
  if (game.result.winnerSeat === null) return '';
  if (mySeat === undefined) return '';
  return game.result.winnerSeat === mySeat ? 'won' : 'lost';
}

export function gamesCsv(me: string, games: Game[], podNames: Map<string, string>): string {
  const rows = games.map((game) => {
    const mine = game.participants.find((p) => p.userId === me);
    const winner = game.result?.winnerSeat != null ? game.participants.find((p) => p.seatNumber === game.result!.winnerSeat) : undefined;
    return [
      game.startTime,
      game.result?.endedAt ?? '',
      game.podId ? (podNames.get(game.podId) ?? '') : '',
      game.participants.map((p) => `${p.seatNumber + 1}: ${p.displayName}`).join('; '),
      mine ? mine.seatNumber + 1 : '',
      result(game, mine?.seatNumber),
      winner?.displayName ?? '',
      game.turnNumber,
      game.status,
    ];
  });
  return [GAMES_CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
