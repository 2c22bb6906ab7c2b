/**
 * A new game from a validated POST /api/games body: the same function builds the client's
 * optimistic game and the server's record, so both start from identical state.
 */
import { STARTING_LIFE, type CreateGameBody, type Game, type GameParticipant } from '../contract/game';
import { nowIso } from './events';
import { startingTable } from './table';

export function startGame(body: CreateGameBody, meta: { createdById: string; at?: string }): Game {
  const at = meta.at ?? nowIso();
  const participants: GameParticipant[] = [...body.participants]
    .sort((a, b) => a.seatNumber - b.seatNumber)
    .map((p) => ({
      seatNumber: p.seatNumber,
      role: p.role,
      displayName: p.displayName,
      userId: p.userId,
      accountEmail: p.accountEmail,
      deckId: p.deckId,
      deckName: p.deckName,
      commanderName: p.commanderName,
      partnerCommanderName: p.partnerCommanderName,
      lifeTotal: STARTING_LIFE,
      poisonCounters: 0,
      energyCounters: 0,
      experienceCounters: 0,
      commanderDamage: {},
      guestName: p.guestName,
      out: false,
    }));
  return {
    id: body.id,
    podId: body.podId,
    requiresVerification: body.requiresVerification,
    status: body.status,
    startTime: body.startTime ?? at,
    createdById: meta.createdById,
    layoutPreset: body.layoutPreset,
    seats: [...body.seats].sort((a, b) => a.seat - b.seat).map((seat) => ({ ...seat })),
    activeSeat: body.activeSeat,
    turnNumber: 1,
    participants,
    events: [],
    updatedAt: at,
    table: startingTable(participants, at),
    result: null,
  };
}
