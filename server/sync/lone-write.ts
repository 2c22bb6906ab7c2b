/**
 * The shared part of a one-statement write (`ServerMutator.applyAlone`, run-alone.ts): a
 * mutation that inserts one record, seen by a few users, as ONE autocommit statement:
 *
 *   with sender as (the author's public fields),
 *        <the mutation's CTEs, ending with `inserted`: its INSERT … RETURNING, which returns a row
 *         only when the write is to happen>,
 *        claimed as (the applied_mutations row, with the kept answer; none for a server-chosen id),
 *        heads   as (each recipient's head moved one position, locked in user-id order),
 *        logged  as (each recipient's change-log entry at that position)
 *   select the sender's fields and the new heads
 *
 * It stores exactly what the transaction path stores for the same mutation (its statements, the
 * claim in run.ts, ChangeRecorder.flush for one emitted group): one entry per recipient at the
 * recipient's next position, the mutation id on the author's entry only. The author must be a
 * recipient (the acknowledgement every applied mutation gives its author).
 * Every INSERT is plain (no ON CONFLICT): a repeat's claim or a taken record id fails the whole
 * statement, and the transaction path judges it (run-alone.ts).
 * Placeholders every such statement takes: me, mutationId, at, claim, answer, refs.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { LoggedEvent } from '../../src/contract/live';
import type { MutationName } from '../../src/contract/mutations';
import { toNumber } from '../db/errors';
import { rowsOf } from '../db/rows';
import { appliedMutations, syncHeads, syncLog, users } from '../db/schema';
import { namedStatement, type NamedStatement } from '../db/statements';
import type { PublicUser } from '../../src/contract/users';
import type { LoneMutationContext, LoneOutcome } from './mutator';
import { ChangeRecorder } from './recorder';
import type { Ref } from './refs';

const p = (name: string) => sql.placeholder(name);

/**
 * `ctes`: the mutation's own CTEs (after `sender`), the last named `inserted`;
 * `recipients`: a query of `user_id`s (it may read those CTEs).
 * The kept answer (`answer`, null when not kept) is the REST answer as the application built it,
 * with the sender object's `username`, `displayName` and `avatarUrl` (those it has) set from
 * the database, as the transaction path reads them.
 */
export function loneWriteStatement(name: string, mutation: MutationName, ctes: SQL, recipients: SQL): NamedStatement {
  return namedStatement(
    name,
    sql`
      with sender as materialized (
        select username, display_name, avatar_url from ${users} where id = ${p('me')}::uuid
      ), ${ctes},
      claimed as (
        insert into ${appliedMutations} (user_id, id, name, result, applied_at)
        select ${p('me')}::uuid, ${p('mutationId')}::text, ${mutation},
          jsonb_set(jsonb_set(jsonb_set(${p('answer')}::jsonb,
            '{sender,username}', to_jsonb(s.username), false),
            '{sender,displayName}', coalesce(to_jsonb(s.display_name), 'null'::jsonb), false),
            '{sender,avatarUrl}', coalesce(to_jsonb(s.avatar_url), 'null'::jsonb), false),
          ${p('at')}::timestamptz
        from sender s where ${p('claim')}::boolean and exists (select 1 from inserted)
      ), heads as (
        insert into ${syncHeads} (user_id, pos)
        select r.user_id, 1 from (${recipients}) as r(user_id) where exists (select 1 from inserted)
        order by r.user_id
        on conflict (user_id) do update set pos = ${syncHeads}.pos + 1
        returning user_id, pos
      ), logged as (
        insert into ${syncLog} (user_id, pos, refs, mutation_id, created_at)
        select h.user_id, h.pos, ${p('refs')}::jsonb, case when h.user_id = ${p('me')}::uuid then ${p('mutationId')}::text end, ${p('at')}::timestamptz
        from heads h
      )
      select s.username, s.display_name, s.avatar_url,
        coalesce((select array_agg(user_id::text order by user_id) from heads), '{}') as head_users,
        coalesce((select array_agg(pos order by user_id) from heads), '{}') as head_positions
      from sender s`,
  );
}

interface LoneRow {
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  head_users: string[];
  head_positions: unknown[];
}

export interface LoneWrite {
  /** The author's public fields as the database has them. */
  sender: PublicUser;
  /** Each recipient's new head position. */
  heads: Map<string, number>;
}

/**
 * Runs the statement; null when it wrote nothing. `answer(sender)`: the REST answer, built by
 * the same function the transaction path uses (its sender fields are replaced by the database's).
 */
export async function runLoneWrite(
  statement: NamedStatement,
  ctx: LoneMutationContext,
  values: Record<string, unknown>,
  refs: Ref[],
  answer: (sender: PublicUser) => unknown,
): Promise<LoneWrite | null> {
  const placeholder: PublicUser = { id: ctx.me.id, username: '', displayName: null, avatarUrl: null };
  // Only an id a client chose can be sent again, so only such an id is claimed.
  const claim = ctx.clientId !== null;
  const [row] = rowsOf<LoneRow>(
    await statement.run(ctx.db, {
      ...values,
      me: ctx.me.id,
      mutationId: ctx.mutationId,
      at: ctx.now.toISOString(),
      claim,
      answer: claim && ctx.keepResult ? JSON.stringify(answer(placeholder)) : null,
      refs: JSON.stringify(refs),
    }),
  );
  if (!row || row.head_users.length === 0) return null;
  return {
    sender: { id: ctx.me.id, username: row.username, displayName: row.display_name, avatarUrl: row.avatar_url },
    heads: new Map(row.head_users.map((userId, i) => [userId, toNumber(row.head_positions[i])])),
  };
}

/** The outcome of a lone write: its answer, and its event to every recipient at their new positions. */
export function loneOutcome(ctx: LoneMutationContext, written: LoneWrite, refs: Ref[], event: LoggedEvent, result: unknown): LoneOutcome {
  const log = new ChangeRecorder(ctx.me.id);
  log.begin(ctx.mutationId);
  log.emit(written.heads.keys(), refs, event);
  log.end();
  return { result, published: log.publishedAt(written.heads) };
}
