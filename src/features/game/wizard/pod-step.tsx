/**
 * Step 2 with a pod: pick one of the user's pods (from the mirror, so it works offline) and Next
 * seats its members: the signed-in user as 'self', the others as 'pod'.
 */
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { SEAT_COUNT_MAX, SEAT_COUNT_MIN } from '../../../contract/game';
import { visiblePods } from '../../../db/queries';
import type { PodRow } from '../../../db/schema';
import { useWizardStore, type WizardPlayer } from '../../../stores/wizard';
import { db } from '../../../sync/app';
import { pullKey } from '../../../sync/engine/pull';
import { useCurrentUser } from '../../auth/use-current-user';
import { usePullOnMount, usePullState } from '../../../ui/sync-hooks';
import { listState } from '../../../ui/list-state';
import { ListStatus } from '../../../ui/list-status';
import { useMyDecks } from '../hooks';
import { accountPlayer, selfPlayer } from '../players';
import { NO_PODS, NO_PODS_DETAIL, PODS_FAILED, podSizeProblem } from '../texts';

/** The number of players a pod seats: its members, plus the user if the mirror lacks them. */
function seatsOf(pod: PodRow, myId: string | undefined): number {
  return pod.members.length + (myId && !pod.members.some((member) => member.id === myId) ? 1 : 0);
}

export function PodStep({ onBack }: { onBack(): void }) {
  const navigate = useNavigate();
  const pods = useLiveQuery(() => visiblePods(db), []);
  const pull = usePullState(pullKey('pods'));
  const me = useCurrentUser();
  const decks = useMyDecks();
  usePullOnMount();

  const draft = useWizardStore();
  const [chosenId, setChosenId] = useState<string | null>(draft.kind === 'pod' ? draft.podId : null);
  const chosen = pods?.find((pod) => pod.id === chosenId) ?? null;
  const size = chosen ? seatsOf(chosen, me?.id) : 0;
  const sizeProblem = chosen && (size < SEAT_COUNT_MIN || size > SEAT_COUNT_MAX) ? podSizeProblem(chosen.name, size) : null;

  function next() {
    if (!chosen || !me || sizeProblem) return;
    const sameTable = draft.kind === 'pod' && draft.podId === chosen.id && draft.players.length === size;
    if (!sameTable) {
      const others = chosen.members.filter((member) => member.id !== me.id).map((member) => accountPlayer(member, 'pod'));
      const players: WizardPlayer[] = [selfPlayer(me, decks), ...others];
      draft.seatPod(chosen.id, players);
    }
    void navigate({ to: '/game/layout' });
  }

  return (
    <section aria-labelledby="pod-step-title" className="wizard-step">
      <h2 id="pod-step-title">Play With a Pod</h2>
      <ListStatus state={listState(pods, pull)} loading="Loading pods..." error={PODS_FAILED} empty={NO_PODS} emptyDetail={NO_PODS_DETAIL} />
      {pods && pods.length > 0 ? (
        <fieldset className="choice-list">
          <legend>Choose a pod</legend>
          {pods.map((pod) => {
            const members = seatsOf(pod, me?.id);
            return (
              <label key={pod.id} className="choice-row">
                <input type="radio" name="wizard-pod" value={pod.id} checked={pod.id === chosenId} onChange={() => setChosenId(pod.id)} />
                <span className="choice-text">
                  <span className="choice-title">{pod.name}</span>
                  <span className="choice-detail muted">{members === 1 ? '1 member' : `${members} members`}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
      ) : null}
      {sizeProblem ? (
        <p role="alert" className="alert alert--error">
          {sizeProblem}
        </p>
      ) : null}
      <div className="wizard-actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          Back
        </button>
        <button type="button" className="button" disabled={!chosen || !me || sizeProblem !== null} onClick={next}>
          Next
        </button>
      </div>
    </section>
  );
}
