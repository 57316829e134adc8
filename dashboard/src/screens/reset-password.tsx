import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/api-error';
import { ErrorNotice } from '../components/error-notice';
import { NewPasswordFields } from '../components/new-password-fields';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../data/account-links';
import { useLinkToken } from '../lib/link-token';
import { paths } from '../lib/paths';
import { navigate } from '../lib/router';
import { session } from '../session/session-store';

/**
 * A forgotten password. With the e-mailed link's token (/dashboard/reset-password#token=…): a new
 * password, checked by the API's password policy, whose sentence is shown as it is. Without one
 * (from sign-in, or a link that no longer works): the address to send a new link to.
 */
export function ResetPassword() {
  const [token, setToken] = useLinkToken();
  return (
    <main className="narrow">
      <h1>Reset your password</h1>
      {token ? <ChooseNewPassword key={token} token={token} onNewLink={() => setToken('')} /> : <AskForLink />}
    </main>
  );
}

function ChooseNewPassword({ token, onNewLink }: { token: string; onNewLink: () => void }) {
  const [password, setPassword] = useState('');
  const reset = useConfirmPasswordReset();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate({ token, password });
  };
  if (reset.isSuccess)
    return (
      <>
        <p role="status">Your password is reset. Every session of your account has ended: sign in with the new password.</p>
        <button type="button" onClick={() => (session.signOut(null), navigate(paths.overview))}>
          Go to sign-in
        </button>
      </>
    );
  const linkSpent = reset.error instanceof ApiError && reset.error.code === 'invalid_reset_token';
  return (
    <>
      <ErrorNotice error={reset.error} />
      {linkSpent ? (
        <button type="button" onClick={onNewLink}>
          Send me a new link
        </button>
      ) : (
        <form onSubmit={submit}>
          <NewPasswordFields label="New password" value={password} onChange={setPassword} />
          <button type="submit" disabled={reset.isPending}>
            Set the new password
          </button>
        </form>
      )}
    </>
  );
}

function AskForLink() {
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();
  if (request.isSuccess)
    return (
      <p role="status">
        If {email} has an account, a link to reset its password is on its way. Open it from that mailbox; it works once.
      </p>
    );
  return (
    <>
      <p>Enter the e-mail address of your account: we send it a link to choose a new password.</p>
      <ErrorNotice error={request.error} />
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          request.mutate(email.trim());
        }}
      >
        <label>
          E-mail
          <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <button type="submit" disabled={request.isPending}>
          Send the link
        </button>
      </form>
    </>
  );
}
