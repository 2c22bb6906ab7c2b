/** Accept and Decline for an invitation (pod or game): one row, each button named for what it answers. */
export function AnswerButtons({ about, onAccept, onDecline }: { about: string; onAccept: () => void; onDecline: () => void }) {
  return (
    <span className="button-row">
      <button type="button" className="button" aria-label={`Accept ${about}`} onClick={onAccept}>
        Accept
      </button>
      <button type="button" className="button button--secondary" aria-label={`Decline ${about}`} onClick={onDecline}>
        Decline
      </button>
    </span>
  );
}
