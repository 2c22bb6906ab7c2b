/**
 * POST /api/games as the spec's API calls write it (podId, requiresVerification, participants[],
 * status, startTime) completed into our body (createGameBody), so a client written to the spec
 * can start a game and ours is taken unchanged:
 * - no `id`: the server names the game;
 * - seat numbers may be any distinct integers (1-based, 10/20/30, …): their order is the seat
 *   order, renumbered 0..n-1 (a given `activeSeat` follows its player);
 * - no `layoutPreset`/`seats`: the count's default layout (`layoutFor`), or the named preset's seats;
 * - no `activeSeat`: the first seat takes the first turn (an explicit null is still refused);
 * - a participant with `user` but no `userId`: the user's id.
 * Anything else is left for createGameBody to judge, with its usual messages.
 */
import { COMPUTED_LAYOUT_NAME, SEAT_COUNT_MAX, SEAT_COUNT_MIN } from '../contract/game';
import { layoutFor } from './layouts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Seat numbers as given when they are distinct integers, else null (the schema will say what is wrong). */
function givenSeats(participants: Json[]): number[] | null {
  const seats = participants.map((p) => p.seatNumber);
  if (!seats.every((seat): seat is number => Number.isInteger(seat))) return null;
  return new Set(seats).size === seats.length ? seats : null;
}

function withUserId(participant: Json): Json {
  if (participant.userId != null || !isObject(participant.user) || typeof participant.user.id !== 'string') return participant;
  return { ...participant, userId: participant.user.id };
}

export function completeCreateRequest(raw: Json, newId: () => string): Json {
  const body: Json = { ...raw };
  if (body.id === undefined) body.id = newId();
  if (!Array.isArray(body.participants) || !body.participants.every(isObject)) return body;

  let participants = (body.participants as Json[]).map(withUserId);
  const seats = givenSeats(participants);
  const needsAllSeats = participants.every((p) => p.seatNumber === undefined);
  if (needsAllSeats) {
    participants = participants.map((p, seatNumber) => ({ ...p, seatNumber }));
  } else if (seats) {
    const order = [...seats].sort((a, b) => a - b);
    if (order.every((seat, i) => seat === i)) return finish(body, participants);
    const renumber = new Map(order.map((seat, index) => [seat, index]));
    participants = participants
      .map((p) => ({ ...p, seatNumber: renumber.get(p.seatNumber as number)! }))
      .sort((a, b) => a.seatNumber - b.seatNumber);
    if (typeof body.activeSeat === 'number' && renumber.has(body.activeSeat)) body.activeSeat = renumber.get(body.activeSeat);
  }
  return finish(body, participants);
}

function finish(body: Json, participants: Json[]): Json {
  body.participants = participants;
  const count = participants.length;
  if (body.seats === undefined) {
    // A count outside 2..8 gets no seats: the schema then names the count, not the layout.
    const fits = count >= SEAT_COUNT_MIN && count <= SEAT_COUNT_MAX;
    const layout = fits ? layoutFor(count, typeof body.layoutPreset === 'string' ? body.layoutPreset : undefined) : { name: COMPUTED_LAYOUT_NAME, seats: [] };
    body.layoutPreset = layout.name;
    body.seats = layout.seats;
  }
  if (body.activeSeat === undefined) body.activeSeat = 0;
  return body;
}
