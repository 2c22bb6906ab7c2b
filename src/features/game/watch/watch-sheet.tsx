/**
 * The playmat's TV sheet (Game menu → "TV view"): a read-only link to the whole table for a TV
 * or a tablet, as a QR code and its address, Copy link, "New link" (the old one dies at once) and
 * "Stop sharing". Opening it makes a link when none lives (not again after Stop sharing while
 * the playmat is open). The link is a server-made secret shown once (src/sync/actions/game-watch.ts),
 * so the sheet needs the network: offline it says so.
 */
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { WATCH_AFTER_END_MS, WatchText, watchLink } from '../../../contract/game-watch';
import { showToast } from '../../../stores/ui';
import { NetworkError, serverMessage } from '../../../sync/engine/api';
import { actions } from '../../../sync/app';
import type { WatchLinkShown } from '../../../sync/actions/game-watch';
import { useOnline } from '../../shell/use-online';
import { Sheet } from '../playmat/sheet';
import './watch.css';

/** The QR encoder (uqr) loads with the sheet's first link, not with the playmat. */
const QrCode = lazy(() => import('../../../ui/qr-code').then((module) => ({ default: module.QrCode })));

export const WatchSheetText = {
  title: 'TV view',
  description: 'Show the whole table on a TV or a tablet: open this link in its browser. No account needed; it only shows the table.',
  loading: 'Making a TV link…',
  linkLabel: 'Link',
  qrLabel: 'QR code of the TV link',
  copy: 'Copy link',
  copied: 'Link copied.',
  newLink: 'New link',
  make: 'Make a TV link',
  stop: 'Stop sharing',
  stopped: 'Not shared: an old TV link now says it is no longer valid.',
  liveElsewhere: 'A TV link is live, made on another phone or before this page was reloaded. "New link" makes one to show here and stops the old one.',
  lifetime: `It works until you stop sharing or make a new link, and ${WATCH_AFTER_END_MS / 3_600_000} hours after the game ends.`,
  retry: 'Try again',
} as const;

function describe(failure: unknown): string {
  return failure instanceof NetworkError ? WatchText.offlineLink : (serverMessage(failure) ?? WatchText.failed);
}

export function WatchSheet({ open, gameId, onClose }: { open: boolean; gameId: string; onClose(): void }) {
  const online = useOnline();
  const [shown, setShown] = useState<WatchLinkShown | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [stopped, setStopped] = useState(false);

  const run = useCallback(async (step: () => Promise<WatchLinkShown>) => {
    setError(null);
    setBusy(true);
    try {
      setShown(await step());
    } catch (failure) {
      setError(describe(failure));
    }
    setBusy(false);
  }, []);

  const readOrMake = () =>
    run(async () => {
      const state = await actions.gameWatch.read(gameId);
      return state.live || stopped ? state : actions.gameWatch.renew(gameId);
    });

  useEffect(() => {
    if (open && online) void readOrMake();
    // Read again on opening and when the connection comes back, not after each tap here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, online, gameId, run]);

  const renew = () => {
    setStopped(false);
    void run(() => actions.gameWatch.renew(gameId));
  };
  const stop = () => {
    setStopped(true);
    void run(() => actions.gameWatch.stop(gameId));
  };

  const link = shown?.token ? watchLink(window.location.origin, shown.token) : '';

  return (
    <Sheet open={open} title={WatchSheetText.title} description={WatchSheetText.description} onClose={onClose}>
      {!online ? (
        <p role="alert" className="alert alert--error">
          {WatchText.offlineLink}
        </p>
      ) : error ? (
        <div>
          <p role="alert" className="alert alert--error">
            {error}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void readOrMake()}>
            {WatchSheetText.retry}
          </button>
        </div>
      ) : !shown ? (
        <p role="status">{WatchSheetText.loading}</p>
      ) : (
        <div className="watch-sheet">
          {link ? (
            <>
              <Suspense fallback={<div className="watch-qr watch-qr--waiting" />}>
                <QrCode className="watch-qr" text={link} label={WatchSheetText.qrLabel} />
              </Suspense>
              <dl className="watch-facts">
                <dt>{WatchSheetText.linkLabel}</dt>
                <dd className="watch-link">{link}</dd>
              </dl>
              <p className="muted">{WatchSheetText.lifetime}</p>
            </>
          ) : shown.live ? (
            <p className="muted">{WatchSheetText.liveElsewhere}</p>
          ) : (
            <p role="status">{WatchSheetText.stopped}</p>
          )}
          <div className="button-row">
            {link ? (
              <button type="button" className="button button--secondary" onClick={() => void copy(link)}>
                {WatchSheetText.copy}
              </button>
            ) : null}
            <button type="button" className="button button--secondary" disabled={busy} onClick={renew}>
              {shown.live ? WatchSheetText.newLink : WatchSheetText.make}
            </button>
            {shown.live ? (
              <button type="button" className="button button--danger" disabled={busy} onClick={stop}>
                {WatchSheetText.stop}
              </button>
            ) : null}
          </div>
        </div>
      )}
    </Sheet>
  );
}

async function copy(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    showToast({ title: WatchSheetText.copied, variant: 'success' });
  } catch {
    // No clipboard (an insecure origin, a refused permission): the link is on screen to copy by hand.
    showToast({ title: link, variant: 'info' });
  }
}
