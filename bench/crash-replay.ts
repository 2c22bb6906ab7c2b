/**
 * Kill the server mid-replay: ROUNDS rounds of QUEUED direct messages replayed from a
 * device's outbox to a server that is SIGKILLed during the replay and restarted on the same
 * DATA_DIR (tests/support/crash-round.ts). The kill point moves from round to round: after the
 * first or the second push request left, 0–KILL_WINDOW_MS later (inside that batch's transaction
 * or just after its commit). Totals of writes lost, stored twice, left failed: the target is 0/0/0.
 */
import type { ServerProcess } from '../tests/e2e/server-process';
import { crashReplayRound, type CrashAccount, type CrashRoundResult } from '../tests/support/crash-round';
import { account } from './accounts';

export const ROUNDS = 20;
export const QUEUED = 200;
/** 100 writes a push take a few hundred ms to apply on the embedded database: the kill lands inside or just after. */
export const KILL_WINDOW_MS = 600;

export interface CrashReplayTotals {
  rounds: CrashRoundResult[];
  lost: number;
  duplicated: number;
  failed: number;
}

export async function crashReplay(server: ServerProcess, sender: CrashAccount): Promise<CrashReplayTotals> {
  const rounds: CrashRoundResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // A receiver per round: each round's conversation holds exactly its own writes.
    const receiver = await account(server.url, `crash${round}`);
    const killAfterMs = Math.round(((round * 7) % ROUNDS) / ROUNDS * KILL_WINDOW_MS);
    rounds.push(await crashReplayRound(server, sender, receiver, `r${round}`, { queued: QUEUED, killOnPush: 1 + (round % 2), killAfterMs }));
  }
  const sum = (key: 'lost' | 'duplicated' | 'failed') => rounds.reduce((total, round) => total + round[key], 0);
  return { rounds, lost: sum('lost'), duplicated: sum('duplicated'), failed: sum('failed') };
}
