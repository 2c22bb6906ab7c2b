/**
 * The new game wizard, steps 1 and 2 (/game/setup and /new-game-setup; the spec's New game wizard): choose a
 * pod or a custom table, then gather the players. The draft lives in the wizard store, so the
 * layout page's Back returns here with everything kept.
 */
import { useNavigate } from '@tanstack/react-router';
import { useWizardStore, type WizardMode } from '../../../stores/wizard';
import { PageHeader } from '../../shell/page-header';
import { CustomTableStep } from './custom-table-step';
import { PodStep } from './pod-step';
import '../../chats/chats.css';
import '../game.css';

const CHOICES: { mode: WizardMode; title: string; detail: string }[] = [
  { mode: 'pod', title: 'Play With a Pod', detail: 'Seat the members of one of your pods.' },
  { mode: 'custom', title: 'Build a Custom Table', detail: 'Invite friends, pod members or anyone, and add guests.' },
];

function ModeChoice({ onChoose, onCancel }: { onChoose(mode: WizardMode): void; onCancel(): void }) {
  return (
    <section aria-labelledby="wizard-choice-title" className="wizard-step">
      <h2 id="wizard-choice-title" className="visually-hidden">
        Choose a table
      </h2>
      <ul className="wizard-choices">
        {CHOICES.map((choice) => (
          <li key={choice.mode}>
            {/* The name is the button's whole visible text, title first, so a voice-control user
                saying the title hits it (WCAG 2.5.3, label in name). */}
            <button type="button" className="wizard-choice" onClick={() => onChoose(choice.mode)}>
              <span className="wizard-choice-title">{choice.title}</span>
              <span className="wizard-choice-detail">
                {choice.detail}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="wizard-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}

export function NewGamePage() {
  const navigate = useNavigate();
  const mode = useWizardStore((state) => state.mode);
  const chooseMode = useWizardStore((state) => state.chooseMode);
  // Cancel leaves the wizard (an installed app on iOS has no back button) and drops the draft.
  const cancel = () => {
    useWizardStore.getState().reset();
    void navigate({ to: '/dashboard' });
  };

  return (
    <main className="page wizard">
      <PageHeader title="New game" />
      {mode === null ? <ModeChoice onChoose={chooseMode} onCancel={cancel} /> : null}
      {mode === 'pod' ? <PodStep onBack={() => chooseMode(null)} /> : null}
      {mode === 'custom' ? <CustomTableStep onBack={() => chooseMode(null)} /> : null}
    </main>
  );
}
