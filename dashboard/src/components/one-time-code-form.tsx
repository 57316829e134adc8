import { useState, type FormEvent } from 'react';

/**
 * One code from the authenticator app (or, where `label` says so, a recovery code), sent trimmed.
 * The button is disabled while `pending`.
 */
export function OneTimeCodeForm({
  label,
  submitLabel,
  onSubmit,
  pending,
  autoFocus,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (code: string) => void;
  pending?: boolean;
  autoFocus?: boolean;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code.trim());
  };
  return (
    <form onSubmit={submit}>
      <label>
        {label}
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus={autoFocus}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </label>
      <button type="submit" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
