/**
 * A counter with its buttons: a group named after the counter ('Ana life'), each button named
 * '<group> <step>' ('Ana life −5', with the typographic minus the log uses too).
 */
import { signed, total } from '../../../game/events';

interface StepperProps {
  label: string;
  value: number;
  steps: readonly number[];
  disabled: boolean;
  onStep(delta: number): void;
  className?: string;
  /** Shown before the value (e.g. 'Poison'); the group's name says it to assistive tech. */
  caption?: string;
  /** Counters that stop at 0: the minus buttons rest there (the core clamps anyway). */
  floorAtZero?: boolean;
}

function StepButton({ label, step, disabled, onStep }: { label: string; step: number; disabled: boolean; onStep(delta: number): void }) {
  const kind = step < 0 ? 'minus' : 'plus';
  return (
    <button
      type="button"
      className={`step-button step-button--${kind} step-button--${kind}${Math.abs(step)}`}
      aria-label={`${label} ${signed(step)}`}
      disabled={disabled}
      onClick={() => onStep(step)}
    >
      {signed(step)}
    </button>
  );
}

export function Stepper({ label, value, steps, disabled, onStep, className, caption, floorAtZero = false }: StepperProps) {
  const down = steps.filter((step) => step < 0);
  const up = steps.filter((step) => step > 0);
  return (
    <div role="group" aria-label={label} className={`stepper${className ? ` ${className}` : ''}`}>
      {caption ? (
        <span className="stepper-caption" aria-hidden="true">
          {caption}
        </span>
      ) : null}
      {down.map((step) => (
        <StepButton key={step} label={label} step={step} disabled={disabled || (floorAtZero && value <= 0)} onStep={onStep} />
      ))}
      <span className="stepper-value">{total(value)}</span>
      {up.map((step) => (
        <StepButton key={step} label={label} step={step} disabled={disabled} onStep={onStep} />
      ))}
    </div>
  );
}
