import { ErrorNotice, Loading } from '../components/error-notice';
import { useEmailVerification } from '../data/account-links';
import { useLinkToken } from '../lib/link-token';
import { paths } from '../lib/paths';
import { navigate } from '../lib/router';
import { useSession } from '../session/use-session';

/**
 * The verification e-mail's landing page, /dashboard/verify-email#token=…: the token is taken off
 * the address bar and confirmed with a POST, and the answer said in words.
 */
export function VerifyEmail() {
  const [token] = useLinkToken();
  const verified = useEmailVerification(token);
  const { token: signedIn } = useSession();
  return (
    <main className="narrow">
      <h1>Verify your e-mail</h1>
      {token === '' && (
        <p role="status">
          This page confirms your e-mail address from the link we sent you. Open the link from the e-mail; if it has expired, sign
          in and ask for a new one.
        </p>
      )}
      {verified.isLoading && <Loading what="verification" />}
      <ErrorNotice error={verified.error} />
      {verified.isSuccess && (
        <p role="status">Your e-mail address is verified. {signedIn ? 'You can create API keys now.' : 'You can sign in now.'}</p>
      )}
      <button type="button" onClick={() => navigate(paths.overview)}>
        {signedIn ? 'Go to the dashboard' : 'Go to sign-in'}
      </button>
    </main>
  );
}
