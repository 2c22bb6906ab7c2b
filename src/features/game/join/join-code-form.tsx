/**
 * A field to type a join code (any case; spaces and dashes are ignored) and go to its join page.
 * The shape is checked here first, so a typo costs no request from the join budget.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { GameJoinText, JOIN_CODE_LENGTH, isJoinCode, normalizeJoinCode } from '../../../contract/game-join';
import { Field } from '../../auth/field';
import './join.css';

export const JoinCodeFormText = {
  label: 'Game code',
  placeholder: 'e.g. K7M4QX',
  submit: 'Find the game',
} as const;

export function JoinCodeForm({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = normalizeJoinCode(value);
    if (!isJoinCode(code)) {
      setError(GameJoinText.badFormat);
      return;
    }
    setError(undefined);
    void navigate({ to: '/join/$code', params: { code } });
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <Field
        id="join-code"
        label={JoinCodeFormText.label}
        className="join-code-input"
        placeholder={JoinCodeFormText.placeholder}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        maxLength={JOIN_CODE_LENGTH + 4}
        value={value}
        onValueChange={setValue}
        error={error}
      />
      <button type="submit" className="button button--block">
        {JoinCodeFormText.submit}
      </button>
    </form>
  );
}
