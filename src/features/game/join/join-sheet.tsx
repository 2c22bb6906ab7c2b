/**
 * The playmat's join sheet (Game menu → "Let someone join"): the live game's join code as a QR
 * code, its short link and the code itself, "New code" (the old one dies at once), copy and
 * share; and who joined with a code ("Ana joined seat 3"), with Undo for the game's creator.
 * The code is a server-made secret, so the sheet needs the network: offline it says so. It reads
 * the code when it opens, when the connection comes back and whenever a seat changes hands in
 * the mirror (a live GAME_UPDATED), so a join shows here at once.
 */
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { GameJoinText, joinLink, type JoinCodeView } from '../../../contract/game-join';
import type { GameRow } from '../../../db/schema';
import { showToast } from '../../../stores/ui';
import { NetworkError, serverMessage } from '../../../sync/engine/api';
import { actions } from '../../../sync/app';
import { useMyId } from '../../../ui/sync-hooks';
import { useOnline } from '../../shell/use-online';
import { Sheet } from '../playmat/sheet';
import './join.css';

/** The QR encoder (uqr) loads with the sheet's first code, not with the playmat. */
const QrCode = lazy(() => import('../../../ui/qr-code').then((module) => ({ default: module.QrCode })));

export const JoinSheetText = {
  title: 'Let someone join',
  description: 'They scan the code, open the link or type the code in "Join a game", then pick a free guest seat.',
  loading: 'Getting a join code…',
  codeLabel: 'Code',
  linkLabel: 'Link',
  qrLabel: (code: string) => `QR code of the join link for code ${code}`,
  newCode: 'New code',
  copy: 'Copy link',
  copied: 'Link copied.',
  share: 'Share',
  retry: 'Try again',
  validUntil: (time: string) => `Valid until ${time}, while the game goes on. "New code" makes this one stop working at once.`,
  noOpenSeat: 'There is no free guest seat: a code lets someone take a guest seat no one plays yet.',
  joinedTitle: 'Joined with a code',
  joined: (name: string, seat: number) => `${name} joined seat ${seat + 1}`,
  undo: 'Undo',
  undoLabel: (name: string, seat: number) => `Undo: give seat ${seat + 1} back from ${name}`,
  undone: (seat: number) => `Seat ${seat + 1} is a guest seat again.`,
} as const;

function describe(failure: unknown): string {
  return failure instanceof NetworkError ? GameJoinText.offlineCode : (serverMessage(failure) ?? GameJoinText.failed);
}

/**
 * Who sits where: changes only when a seat changes hands, not on every tap. A seat with no account
 * counts by its name: a guest who joins without an account renames it (src/contract/game-guest.ts).
 */
const seatHolders = (game: GameRow) => game.participants.map((p) => `${p.seatNumber}:${p.userId ?? `guest:${p.displayName}`}`).join(',');

export function JoinSheet({ open, game, onClose }: { open: boolean; game: GameRow; onClose(): void }) {
  const online = useOnline();
  const myId = useMyId();
  const [view, setView] = useState<JoinCodeView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const holders = seatHolders(game);
  const gameId = game.id;

  const load = useCallback(
    async (renew: boolean) => {
      setError(null);
      try {
        let next = renew ? await actions.gameJoins.renewCode(gameId) : await actions.gameJoins.readCode(gameId);
        if (!next.code) next = await actions.gameJoins.renewCode(gameId);
        setView(next);
      } catch (failure) {
        setError(describe(failure));
      }
    },
    [gameId],
  );

  useEffect(() => {
    if (open && online) void load(false);
  }, [open, online, holders, load]);

  const renew = async () => {
    setBusy(true);
    await load(true);
    setBusy(false);
  };

  const undo = async (seatNumber: number) => {
    setBusy(true);
    try {
      await actions.gameJoins.undo(gameId, seatNumber);
      showToast({ title: JoinSheetText.undone(seatNumber), variant: 'success' });
    } catch (failure) {
      setError(describe(failure));
    }
    setBusy(false);
  };

  const code = online ? view?.code : null;
  const link = code ? joinLink(window.location.origin, code) : '';
  // A seat a guest with no account holds (a join whose userId is null) is not free either.
  const guestHeld = new Set(view?.joins.filter((join) => join.userId === null).map((join) => join.seatNumber));
  const openSeats = game.participants.filter((p) => p.role === 'guest' && p.userId === null && !guestHeld.has(p.seatNumber)).length;
  const mine = game.createdById === myId;

  return (
    <Sheet open={open} title={JoinSheetText.title} description={JoinSheetText.description} onClose={onClose}>
      {!online ? (
        <p role="alert" className="alert alert--error">
          {GameJoinText.offlineCode}
        </p>
      ) : error ? (
        <div>
          <p role="alert" className="alert alert--error">
            {error}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void load(false)}>
            {JoinSheetText.retry}
          </button>
        </div>
      ) : !code ? (
        <p role="status">{JoinSheetText.loading}</p>
      ) : (
        <div className="join-sheet">
          <Suspense fallback={<div className="join-qr join-qr--waiting" />}>
            <QrCode className="join-qr" text={link} label={JoinSheetText.qrLabel(code)} />
          </Suspense>
          <dl className="join-facts">
            <dt>{JoinSheetText.codeLabel}</dt>
            <dd className="join-code" data-code={code}>
              {code}
            </dd>
            <dt>{JoinSheetText.linkLabel}</dt>
            <dd className="join-link">{link}</dd>
          </dl>
          {view?.expiresAt ? <p className="muted">{JoinSheetText.validUntil(new Date(view.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }))}</p> : null}
          {openSeats === 0 ? <p className="muted">{JoinSheetText.noOpenSeat}</p> : null}
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={() => void copy(link)}>
              {JoinSheetText.copy}
            </button>
            {typeof navigator.share === 'function' ? (
              <button type="button" className="button button--secondary" onClick={() => void navigator.share({ title: JoinSheetText.title, text: code, url: link }).catch(() => undefined)}>
                {JoinSheetText.share}
              </button>
            ) : null}
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void renew()}>
              {JoinSheetText.newCode}
            </button>
          </div>
        </div>
      )}
      {online && view && view.joins.length > 0 ? (
        <section aria-labelledby="join-sheet-joined">
          <h3 id="join-sheet-joined">{JoinSheetText.joinedTitle}</h3>
          <ul className="join-list">
            {view.joins.map((join) => (
              <li key={join.seatNumber}>
                <span>{JoinSheetText.joined(join.displayName, join.seatNumber)}</span>
                {mine ? (
                  <button type="button" className="button button--secondary" disabled={busy} aria-label={JoinSheetText.undoLabel(join.displayName, join.seatNumber)} onClick={() => void undo(join.seatNumber)}>
                    {JoinSheetText.undo}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Sheet>
  );
}

async function copy(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    showToast({ title: JoinSheetText.copied, variant: 'success' });
  } catch {
    // No clipboard (an insecure origin, a refused permission): the link is on screen to copy by hand.
    showToast({ title: link, variant: 'info' });
  }
}
