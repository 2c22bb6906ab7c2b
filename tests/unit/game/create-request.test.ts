/** POST /api/games as the spec writes it, completed into ours (src/game/create-request.ts). */
import { describe, expect, it } from 'vitest';
import { createGameBody } from '../../../src/contract/game';
import { completeCreateRequest } from '../../../src/game/create-request';
import { layoutFor } from '../../../src/game/layouts';
import { uid } from './helpers';

const guest = (name: string, seatNumber?: number) => ({
  ...(seatNumber === undefined ? {} : { seatNumber }),
  role: 'guest',
  displayName: name,
  guestName: name,
  accountEmail: `${name.toLowerCase()}@example.test`,
  deckName: 'Borrowed',
  commanderName: 'Kenrith',
});
const self = (seatNumber?: number) => ({ ...(seatNumber === undefined ? {} : { seatNumber }), role: 'self', displayName: 'Ana', user: { id: 'u-ana' }, deckName: 'Mine', commanderName: 'Atraxa' });
const parse = (raw: Record<string, unknown>) => createGameBody.parse(completeCreateRequest(raw, () => uid(1)));

describe('completeCreateRequest', () => {
  it("takes the spec's fields alone: an id, the count's layout, the first seat first", () => {
    const body = parse({ podId: null, requiresVerification: false, status: 'ACTIVE', startTime: '2026-11-21T19:30:00.000Z', participants: [self(1), guest('Gus', 2), guest('Kim', 3)] });
    expect(body).toMatchObject({ id: uid(1), layoutPreset: layoutFor(3).name, seats: layoutFor(3).seats, activeSeat: 0 });
    expect(body.participants.map((p) => [p.seatNumber, p.displayName, p.userId])).toEqual([
      [0, 'Ana', 'u-ana'],
      [1, 'Gus', null],
      [2, 'Kim', null],
    ]);
  });

  it('renumbers any distinct seat numbers in their order, the first player following them; no numbers: list order', () => {
    const body = parse({ activeSeat: 20, participants: [guest('Gus', 30), self(10), guest('Kim', 20)] });
    expect(body.participants.map((p) => [p.seatNumber, p.displayName])).toEqual([
      [0, 'Ana'],
      [1, 'Kim'],
      [2, 'Gus'],
    ]);
    expect(body.activeSeat).toBe(1);
    expect(parse({ participants: [self(), guest('Gus')] }).participants.map((p) => p.seatNumber)).toEqual([0, 1]);
    expect(parse({ layoutPreset: 'quad-grid', participants: [self(), guest('A'), guest('B'), guest('C')] }).seats).toEqual(layoutFor(4, 'quad-grid').seats);
  });

  it('passes our own body through unchanged, and leaves bad input for the schema to name', () => {
    const ours = { id: uid(2), layoutPreset: 'duo-classic', seats: layoutFor(2).seats, activeSeat: 1, participants: [self(0), guest('Gus', 1)] };
    expect(completeCreateRequest(ours, () => uid(3))).toEqual({ ...ours, participants: [{ ...self(0), userId: 'u-ana' }, guest('Gus', 1)] });
    const twice = createGameBody.safeParse(completeCreateRequest({ participants: [self(1), guest('Gus', 1)] }, () => uid(4)));
    expect(twice.error?.issues[0]?.message).toBe('Seat numbers must be 0 to 1, once each.');
    expect(createGameBody.safeParse(completeCreateRequest({ activeSeat: null, participants: [self(), guest('Gus')] }, () => uid(5))).error?.issues[0]?.message).toBe(
      'Choose who will take the first turn.',
    );
  });
});
