/**
 * Guest claim links. When a game is created, every guest seat gets a random token (256 bits,
 * base64url; only its SHA-256 is stored) mailed to the guest's contact e-mail as
 * `${APP_URL}/claim/${token}`. POST /api/games/claim/:token (signed in) makes the caller that
 * participant, once:
 * - userId becomes the caller's, displayName the caller's display name (else username);
 * - role stays 'guest': it records how the seat joined the table (the creator added a guest),
 *   and 'friend' would claim a friendship that may not exist;
 * - accountEmail is cleared: the caller is now an account holder, and an account holder's
 *   e-mail is never shown to other users; guestName stays as the creator typed it;
 * - the game then lists for the caller (game_players) and GAME_UPDATED reaches everyone.
 * Links do not expire: a game can be claimed whenever the guest gets round to it; they die
 * with the game (cascade) and after use.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Game } from '../../src/contract/game';
import { ServerText } from '../../src/contract/users';
import { participantAt } from '../../src/game/events';
import { requireUser } from '../auth/authenticate';
import { hashSecret, looksLikeToken, newSecret } from '../auth/tokens';
import { gameClaims, gamePlayers } from '../db/schema';
import type { Tx } from '../db/types';
import type { AppDeps } from '../deps';
import { badRequest, conflict, unauthorized } from '../errors';
import { tokenParams } from '../http/params';
import type { MailDraft } from '../mail';
import { findUserById } from '../users/repo';
import { withChangeLog } from '../sync/log-writes';
import { ref } from '../sync/refs';
import { gameForViewer } from './guest-emails';
import { audienceOfGame } from '../visibility/games';
import { GameServerText, findGame, saveGame } from './repo';

/**
 * A name the game's creator chose, as it may appear in a plain-text mail: one line (control,
 * format and line-separator characters become spaces), at most 64 characters, in quotes of
 * its own (its own double quotes become single), so it cannot pose as the mail's own words.
 */
export function quotedName(value: string): string {
  const line = value
    .normalize('NFC')
    .replace(/[\p{C}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/["“”„«»]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  const short = [...line].length > 64 ? `${[...line].slice(0, 63).join('')}…` : line;
  return `"${short}"`;
}

/**
 * The claim mail. Its subject is fixed: nothing the creator chose is in it (a subject is what
 * a spammer would want to choose). The names are only in the plain-text body, quoted
 * (`quotedName`); the mail has no HTML part.
 */
export function claimMail(appUrl: string, options: { guestName: string; hostName: string; link: string; to: string }): MailDraft {
  return {
    kind: 'claim',
    to: options.to,
    link: options.link,
    subject: 'You were added to a PodTable game',
    text: [
      'Hello,',
      '',
      `The PodTable user ${quotedName(options.hostName)} added you as the guest ${quotedName(options.guestName)} to a Commander game.`,
      'Open this link and sign in (or create an account) to add the game, with your life totals, to your own history:',
      '',
      options.link,
      '',
      'The link works once. If you do not know this game, ignore this mail.',
      '',
      `PodTable — ${appUrl}`,
    ].join('\n'),
  };
}

/**
 * Stores a claim token per guest seat (inside the create transaction) and returns the mails to
 * send after it commits; the caller spends their budgets in the transaction (server/mail-gate.ts:
 * the creator is refused 429 beyond their sender budget; over a guest address's budget the
 * mail is silently not sent, and the seat's claim row waits unused).
 */
export async function createClaims(tx: Tx, game: Game, hostName: string, appUrl: string, now: Date): Promise<MailDraft[]> {
  const mails: MailDraft[] = [];
  for (const guest of game.participants) {
    if (guest.role !== 'guest' || guest.userId || !guest.accountEmail) continue;
    const token = newSecret();
    await tx.insert(gameClaims).values({
      tokenHash: hashSecret(token),
      gameId: game.id,
      seatNumber: guest.seatNumber,
      email: guest.accountEmail,
      createdAt: now,
    });
    const link = `${appUrl}/claim/${token}`;
    mails.push(claimMail(appUrl, { to: guest.accountEmail, guestName: guest.guestName ?? guest.displayName, hostName, link }));
  }
  return mails;
}

export function registerClaimRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.post<{ Params: { token: string } }>('/api/games/claim/:token', { config: { idempotent: true }, schema: { params: tokenParams } }, async (request) => {
    const me = requireUser(request);
    const { token } = request.params;
    if (!looksLikeToken(token)) throw badRequest(GameServerText.claimInvalid);
    const user = await findUserById(db, me.id);
    if (!user) throw unauthorized(ServerText.unauthorized);
    const tokenHash = hashSecret(token);
    const now = deps.now();

    const game = await withChangeLog(deps, async (tx, log) => {
      const usable = and(eq(gameClaims.tokenHash, tokenHash), isNull(gameClaims.usedAt));
      const [found] = await tx.select({ gameId: gameClaims.gameId }).from(gameClaims).where(usable).limit(1);
      if (!found) throw badRequest(GameServerText.claimInvalid);
      // Lock order game → claim, as DELETE /api/games/:id (whose cascade reaches the claims) takes them.
      // The claimant cannot see the game yet: the token is their access.
      const current = await findGame(tx, found.gameId, true);
      const [claim] = await tx.select().from(gameClaims).where(usable).limit(1).for('update');
      if (!current || !claim) throw badRequest(GameServerText.claimInvalid);
      if (current.participants.some((p) => p.userId === me.id)) throw conflict(GameServerText.alreadyPlaying);
      const seat = participantAt(current, claim.seatNumber);
      if (!seat || seat.userId) throw badRequest(GameServerText.claimInvalid);

      const next: Game = {
        ...current,
        participants: current.participants.map((p) =>
          p.seatNumber === claim.seatNumber ? { ...p, userId: me.id, displayName: user.displayName || user.username, accountEmail: null } : p,
        ),
        updatedAt: now.toISOString(),
        rev: (current.rev ?? 1) + 1,
      };
      await saveGame(tx, next);
      await tx.insert(gamePlayers).values({ gameId: next.id, userId: me.id }).onConflictDoNothing();
      await tx.update(gameClaims).set({ usedAt: now, usedById: me.id }).where(eq(gameClaims.tokenHash, tokenHash));
      log.emit(await audienceOfGame(tx, next), [ref('game', next.id)], { type: 'GAME_UPDATED', payload: next });
      return next;
    });
    request.log.info({ gameId: game.id, userId: me.id }, 'guest seat claimed');
    return gameForViewer(game, me.id);
  });
}
