/** The landing page's 'Learn More' modal (Radix Dialog: title, close button, focus trap). */
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { BLURBS } from './blurbs';

export function LearnMoreDialog() {
  return (
    <Dialog.Root>
      <Dialog.Trigger className="button button--secondary">Learn More</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--wide">
          <Dialog.Title>About PodTable</Dialog.Title>
          <Dialog.Description className="muted">
            PodTable is the companion app for Commander players who meet in regular groups.
          </Dialog.Description>
          {BLURBS.map((blurb) => (
            <section key={blurb.title} className="learn-more-section">
              <h3>{blurb.title}</h3>
              <p>{blurb.detail}</p>
            </section>
          ))}
          <div className="dialog-actions">
            <Dialog.Close className="button button--secondary">Close</Dialog.Close>
            <Link to="/register" className="button">
              Create an account
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
