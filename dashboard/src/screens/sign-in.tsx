import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../components/error-notice';
import { Link } from '../components/link';
import { OneTimeCodeForm } from '../components/one-time-code-form';
import { PasswordField } from '../components/password-field';
import { logIn, logInWithCode } from '../data/auth';
import { paths } from '../lib/paths';
import { session } from '../session/session-store';
import { useSession } from '../session/use-session';

/** Password first; with a second factor, the API answers a challenge and the code is asked next. */
export function SignIn() {
  const { endedBecause } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function run(step: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const signIn = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await logIn({ email, password });
      if (answer.token) session.signIn(answer.token);
      else if (answer.challenge) setChallenge(answer.challenge);
    });
  };
  const verify = (code: string) => {
    void run(async () => {
      const answer = await logInWithCode({ challenge: challenge ?? '', code });
      if (answer.token) session.signIn(answer.token);
    });
  };

  return (
    <main className="narrow">
      <h1>Sign in</h1>
      {endedBecause && (
        <p role="status" className="notice">
          {endedBecause}
        </p>
      )}
      <ErrorNotice error={error} />
      {challenge === null ? (
        <form onSubmit={signIn}>
          <label>
            E-mail
            <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <PasswordField label="Password" autoComplete="current-password" value={password} onChange={setPassword} />
          <button type="submit" disabled={busy}>
            Sign in
          </button>
        </form>
      ) : (
        <OneTimeCodeForm
          label="Authentication code (or a recovery code)"
          submitLabel="Verify"
          onSubmit={verify}
          pending={busy}
          autoFocus
        />
      )}
      <p>
        No account yet? <Link to={paths.signUp}>Create one</Link>
      </p>
      <p>
        <Link to={paths.resetPassword}>Forgot your password?</Link>
      </p>
    </main>
  );
}
