import { useState, type FormEvent, type ReactNode } from 'react';
import { PasswordField } from './password-field';

/**
 * The current password asked again as proof it is the account's owner (before a second factor is
 * set up, or an action that needs a step-up). `children` are the form's buttons.
 */
export function CurrentPasswordForm({
  onSubmit,
  autoFocus,
  children,
}: {
  onSubmit: (password: string) => void;
  autoFocus?: boolean;
  children: ReactNode;
}) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password);
  };
  return (
    <form onSubmit={submit}>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        autoFocus={autoFocus}
        value={password}
        onChange={setPassword}
      />
      {children}
    </form>
  );
}
