/** Commander search says why it shows commanders seen before: no connection, or the card service failed. */
import { describe, expect, it } from 'vitest';
import { searchCommanders } from '../../../src/sync/actions/card-search';
import { fail, freshDb, offline, scriptedApi } from './helpers';

async function withSeenCard() {
  const db = await freshDb();
  await db.cards.put({ name: 'Krenko, Mob Boss', kind: 'commander', typeLine: null, imageUrl: null, search: 'krenko, mob boss' });
  return db;
}

describe('searchCommanders', () => {
  it("answers from the cards seen before with reason 'service' when the card service fails (502), 'network' offline", async () => {
    const db = await withSeenCard();
    const down = await searchCommanders({ db, api: scriptedApi(() => fail(502, 'The card service is not answering.')), kick: () => undefined }, 'kren');
    expect(down).toMatchObject({ offline: true, reason: 'service', cards: [{ name: 'Krenko, Mob Boss' }] });
    const noSignal = await searchCommanders({ db, api: scriptedApi(offline), kick: () => undefined }, 'kren');
    expect(noSignal).toMatchObject({ offline: true, reason: 'network', cards: [{ name: 'Krenko, Mob Boss' }] });
    await expect(searchCommanders({ db, api: scriptedApi(() => fail(400, 'Bad query.')), kick: () => undefined }, 'kren')).rejects.toThrow();
  });
});
