import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/api-error';
import { ErrorNotice } from '../components/error-notice';
import { NewPasswordFields } from '../components/new-password-fields';
import { useAcceptInvite } from '../data/account-links';
import { logOut } from '../data/auth';
import { useLinkToken } from '../lib/link-token';
import { paths } from '../lib/paths';
import { navigate } from '../lib/router';
import { session } from '../session/session-store';

/**
 * The invitation e-mail's landing page, /dashboard/accept-invite#token=…: the invitee chooses the
 * password of the new account (its address is proven by the link), then signs in. An address that
 * already has an account cannot join another agency: they are told so and sent to sign in.
 */
export function AcceptInvite() {
  const [token] = useLinkToken();
  // Another link opened in this tab starts afresh.
  return <Invitation key={token} token={token} />;
}

function Invitation({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const accept = useAcceptInvite();
  // The new account signs in on its own: a session of another account open here ends first.
  const toSignIn = () => {
    if (session.token()) void logOut().finally(() => session.signOut(null));
    navigate(paths.overview);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate({ token, password });
  };
  const code = accept.error instanceof ApiError ? accept.error.code : null;
  return (
    <main className="narrow">
      <h1>Join your team</h1>
      {accept.isSuccess ? (
        <>
          <p role="status">
            Welcome: you joined the agency as {accept.data.role}, and your e-mail address is verified. Sign in with it and the
            password you chose.
          </p>
          <button type="button" onClick={toSignIn}>
            Go to sign-in
          </button>
        </>
      ) : token === '' || code === 'invalid_invite_token' || code === 'email_taken' ? (
        <>
          <ErrorNotice error={accept.error} />
          {token === '' && <p role="status">Open the link from your invitation e-mail to join the agency.</p>}
          <p>
            {code === 'email_taken'
              ? 'Sign in with your account instead.'
              : 'Ask whoever invited you to send a new invitation, or sign in if you already have an account.'}
          </p>
          <button type="button" onClick={toSignIn}>
            Go to sign-in
          </button>
        </>
      ) : (
        <>
          <p>You are invited to join an agency on the Flight Gateway. Choose a password for your new account to accept.</p>
          <ErrorNotice error={accept.error} />
          <form onSubmit={submit}>
            <NewPasswordFields label="Password for your account" value={password} onChange={setPassword} />
            <button type="submit" disabled={accept.isPending}>
              Accept the invitation
            </button>
          </form>
        </>
      )}
    </main>
  );
}
