/**
 * Validation of the new game wizard (the spec's New game wizard and validation rules): the custom table (step 2, Next)
 * and game start (layout page, Start game). Texts are the spec's, word for word (GameText).
 * Works on drafts — half-filled form state — and never throws.
 */
import { GameText, SEAT_COUNT_MAX, SEAT_COUNT_MIN, type ParticipantRole } from '../contract/game';
import { emailSchema } from '../contract/users';

/** A player as the wizard holds them before the game exists; every text may still be blank. */
export interface PlayerDraft {
  role: ParticipantRole;
  userId?: string | null;
  displayName?: string | null;
  guestName?: string | null;
  accountEmail?: string | null;
  deckId?: string | null;
  deckName?: string | null;
  commanderName?: string | null;
  partnerCommanderName?: string | null;
}

/** `ok` is true exactly when there is no overall message and no player has an issue. */
export interface WizardCheck {
  ok: boolean;
  overall?: string;
  /** Issues per player, keyed by the player's index in the list; players without issues are absent. */
  byParticipant: Record<number, string[]>;
}

const filled = (value: string | null | undefined): boolean => (value ?? '').trim().length > 0;

const isGuest = (player: PlayerDraft): boolean => player.role === 'guest';

/** A guest's name as typed in the guest form, else the name shown at the table. */
function guestKey(player: PlayerDraft): string {
  const name = filled(player.guestName) ? player.guestName : player.displayName;
  return (name ?? '').trim().toLocaleLowerCase();
}

/**
 * Same person: the same account (userId), or two guests with the same name, ignoring case and
 * surrounding spaces. Guests without a name are never "the same" (they get 'Guest name is required.').
 */
export function isSamePlayer(a: PlayerDraft, b: PlayerDraft): boolean {
  if (!isGuest(a) && !isGuest(b)) return !!a.userId && a.userId === b.userId;
  if (isGuest(a) && isGuest(b)) return guestKey(a) !== '' && guestKey(a) === guestKey(b);
  return false;
}

/** 'Choose between 2 and 8 seats.' when the seat count is out of range, else null. */
export function seatCountProblem(seatCount: number): string | null {
  return Number.isInteger(seatCount) && seatCount >= SEAT_COUNT_MIN && seatCount <= SEAT_COUNT_MAX
    ? null
    : GameText.seatCountRange;
}

/** 'Add N more player(s) to continue.' / 'Remove N player(s) to match seat count.' / null when equal. */
export function seatCountMessage(seatCount: number, playerCount: number): string | null {
  if (playerCount < seatCount) return GameText.addPlayers(seatCount - playerCount);
  if (playerCount > seatCount) return GameText.removePlayers(playerCount - seatCount);
  return null;
}

/** What a guest needs before joining the table: a name and at least one commander. */
export function guestProblems(guest: PlayerDraft): string[] {
  const problems: string[] = [];
  if (!filled(guest.guestName) && !filled(guest.displayName)) problems.push(GameText.guestNameRequired);
  if (!filled(guest.commanderName) && !filled(guest.partnerCommanderName)) problems.push(GameText.guestCommanderRequired);
  return problems;
}

/**
 * Why `candidate` cannot be added to `table`, or null: a player already seated (yourself
 * included: you are seated by your userId) or a guest missing a name or a commander.
 */
export function addPlayerProblem(table: readonly PlayerDraft[], candidate: PlayerDraft): string | null {
  if (table.some((player) => isSamePlayer(player, candidate))) return GameText.duplicatePlayer;
  return isGuest(candidate) ? (guestProblems(candidate)[0] ?? null) : null;
}

/** Later copies of a player seated earlier in the list. */
function duplicateIndexes(players: readonly PlayerDraft[]): Set<number> {
  const duplicates = new Set<number>();
  players.forEach((player, i) => {
    if (players.slice(0, i).some((earlier) => isSamePlayer(earlier, player))) duplicates.add(i);
  });
  return duplicates;
}

function check(byParticipant: Record<number, string[]>, overall?: string): WizardCheck {
  const ok = overall === undefined && Object.keys(byParticipant).length === 0;
  return overall === undefined ? { ok, byParticipant } : { ok, overall, byParticipant };
}

function collect(players: readonly PlayerDraft[], issuesOf: (player: PlayerDraft, index: number) => string[]) {
  const byParticipant: Record<number, string[]> = {};
  players.forEach((player, index) => {
    const issues = issuesOf(player, index);
    if (issues.length > 0) byParticipant[index] = issues;
  });
  return byParticipant;
}

/**
 * Step 2 of a custom table (Next): the seat count is 2–8 and the number of players equals it;
 * no player twice; every guest named and with a commander.
 */
export function validateCustomTable(seatCount: number, players: readonly PlayerDraft[]): WizardCheck {
  const duplicates = duplicateIndexes(players);
  const byParticipant = collect(players, (player, index) => [
    ...(duplicates.has(index) ? [GameText.duplicatePlayer] : []),
    ...(isGuest(player) ? guestProblems(player) : []),
  ]);
  const overall = seatCountProblem(seatCount) ?? seatCountMessage(seatCount, players.length) ?? undefined;
  return check(byParticipant, overall);
}

/** Issues of one player at game start, in the order the form shows its fields. */
export function startProblems(player: PlayerDraft): string[] {
  const problems: string[] = [];
  if (isGuest(player) && !filled(player.guestName) && !filled(player.displayName)) problems.push(GameText.guestNameRequired);
  if (!filled(player.commanderName)) problems.push(GameText.commanderRequired);
  if (!filled(player.deckId) && !filled(player.deckName)) problems.push(GameText.deckRequired);
  if (isGuest(player)) {
    if (!filled(player.accountEmail)) problems.push(GameText.guestEmailRequired);
    else if (!emailSchema.safeParse(player.accountEmail).success) problems.push(GameText.invalidEmail);
  }
  return problems;
}

/**
 * Start game. `firstSeat` is the index (in seat order) of the player who takes the first turn,
 * or null when nobody was chosen. The overall message, by precedence:
 * 'Add players to your table before starting.' (no players) → 'A game needs 2 to 8 players.' →
 * 'Choose who will take the first turn.' → 'Resolve the highlighted issues to start the game.'
 * (some player has an issue). Players' issues are reported whatever the overall message.
 */
export function validateGameStart(players: readonly PlayerDraft[], firstSeat: number | null | undefined): WizardCheck {
  if (players.length === 0) return check({}, GameText.noPlayers);
  const duplicates = duplicateIndexes(players);
  const byParticipant = collect(players, (player, index) => [
    ...(duplicates.has(index) ? [GameText.duplicatePlayer] : []),
    ...startProblems(player),
  ]);
  const firstChosen = firstSeat != null && Number.isInteger(firstSeat) && firstSeat >= 0 && firstSeat < players.length;
  let overall: string | undefined;
  if (players.length < SEAT_COUNT_MIN || players.length > SEAT_COUNT_MAX) overall = GameText.playerCountRange;
  else if (!firstChosen) overall = GameText.chooseFirstPlayer;
  else if (Object.keys(byParticipant).length > 0) overall = GameText.resolveIssues;
  return check(byParticipant, overall);
}
