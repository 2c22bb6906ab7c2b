/**
 * The 'Learn More' button of the landing page. The dialog's code (Radix Dialog) is fetched when
 * the pointer or focus reaches the button and shown on click, so it is not part of the landing
 * page's first paint (docs/first-load.md).
 */
import { lazy, Suspense, useRef, useState } from 'react';

const loadDialog = () => import('./learn-more-dialog');
const LearnMoreDialog = lazy(() => loadDialog().then((module) => ({ default: module.LearnMoreDialog })));

export function LearnMore() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadDialog().catch(() => undefined);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--secondary"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        Learn More
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <LearnMoreDialog open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
