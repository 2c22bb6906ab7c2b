/** Decks: created and edited offline like everything else; the id is chosen by the client. */
import { deckInputBody, deckSchema, type DeckInput } from '../../contract/decks';
import type { DeckRow, PodTableDB } from '../../db/schema';
import type { SyncContext } from '../context';
import { replaceSettled } from '../merge';
import { enqueueWrite, newId } from '../outbox';
import type { Applier } from '../sender';

export const DeckKinds = { create: 'deck.create', update: 'deck.update', delete: 'deck.delete' } as const;

export async function storeDecks(db: PodTableDB, raw: unknown[], replaceAll = false): Promise<void> {
  const decks = raw.map((item) => deckSchema.parse(item));
  if (replaceAll) await replaceSettled<DeckRow, string>(db.decks, decks, (deck) => deck.id);
  else await db.decks.bulkPut(decks);
}

export async function saveDeck(ctx: SyncContext, input: DeckInput, existingId?: string): Promise<string> {
  const id = existingId ?? newId();
  const body = deckInputBody.parse({ ...input, id: existingId ? undefined : id });
  const now = new Date().toISOString();
  await enqueueWrite(
    ctx.db,
    {
      id: existingId ? undefined : id,
      kind: existingId ? DeckKinds.update : DeckKinds.create,
      method: existingId ? 'PUT' : 'POST',
      path: existingId ? `/api/decks/${encodeURIComponent(id)}` : '/api/decks',
      body,
      target: { table: 'decks', id },
    },
    async () => {
      const previous = await ctx.db.decks.get(id);
      await ctx.db.decks.put({
        id,
        name: body.name,
        description: body.description ?? null,
        commander: body.commander ?? null,
        hasPartner: body.hasPartner ?? false,
        partnerCommander: body.partnerCommander ?? null,
        externalLinks: body.externalLinks ?? [],
        createdAt: previous?.createdAt ?? now,
        updatedAt: now,
        syncState: 'queued',
      });
    },
  );
  ctx.kick();
  return id;
}

/** Deleting the default deck clears the default (the server does the same). */
export async function deleteDeck(ctx: SyncContext, id: string): Promise<void> {
  await enqueueWrite(ctx.db, { kind: DeckKinds.delete, method: 'DELETE', path: `/api/decks/${encodeURIComponent(id)}`, target: { table: 'decks', id } }, async () => {
    await ctx.db.decks.delete(id);
    const users = await ctx.db.users.filter((user) => user.defaultDeckId === id).toArray();
    for (const user of users) await ctx.db.users.update(user.id, { defaultDeckId: null });
  });
  ctx.kick();
}

export const deckAppliers: Record<string, Applier> = {
  [DeckKinds.create]: {
    async applied(db, _entry, body) {
      await storeDecks(db, [body]);
    },
    async failed(db, entry, message) {
      if (entry.target) await db.decks.update(entry.target.id, { syncState: 'failed', syncError: message });
    },
  },
  [DeckKinds.update]: {
    async applied(db, _entry, body) {
      await storeDecks(db, [body]);
    },
    async failed(db, entry, message) {
      if (entry.target) await db.decks.update(entry.target.id, { syncState: 'failed', syncError: message });
    },
  },
  [DeckKinds.delete]: { async applied() {} },
};
