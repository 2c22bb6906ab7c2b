/**
 * Games stored before guests' addresses were masked in the game row hold the full address there
 * (server/games/guest-emails.ts). Run at start-up: masks them in place (the claim row keeps the
 * full one). Idempotent — a masked address is left as it is — and safe when several processes
 * start at once (each row is rewritten under its row lock from what it holds then).
 */
import { eq, sql } from 'drizzle-orm';
import { games } from '../db/schema';
import type { Db } from '../db/types';
import { storedParticipants } from './guest-emails';

/** Rows with an address that is not in the masked form (one character, the mask, the domain). */
const UNMASKED = sql`jsonb_path_exists(${games.participants}, '$[*] ? (@.accountEmail.type() == "string" && !(@.accountEmail like_regex "^.\u2022\u2022\u2022@"))')`;

export async function maskStoredGuestEmails(db: Db): Promise<number> {
  const rows = await db.select({ id: games.id }).from(games).where(UNMASKED);
  for (const { id } of rows) {
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ participants: games.participants }).from(games).where(eq(games.id, id)).for('update');
      if (row) await tx.update(games).set({ participants: storedParticipants(row.participants) }).where(eq(games.id, id));
    });
  }
  return rows.length;
}
