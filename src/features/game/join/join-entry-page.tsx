/** /join: "Join a game" — type the code a player shows on their phone (or scan its QR code with the camera). */
import { PageHeader } from '../../shell/page-header';
import { JoinCodeForm } from './join-code-form';

export const JoinEntryText = {
  title: 'Join a game',
  intro: 'A player at the table shows a join code from their playmat (Game menu → Let someone join). Type it here, or scan its QR code with your camera.',
} as const;

export function JoinEntryPage() {
  return (
    <main className="page">
      <PageHeader title={JoinEntryText.title} />
      <section className="card">
        <p>{JoinEntryText.intro}</p>
        <JoinCodeForm />
      </section>
    </main>
  );
}
