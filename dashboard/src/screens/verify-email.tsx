import { ErrorNotice, Loading } from '../components/error-notice';
import { useEmailVerification } from '../data/auth';
import { paths } from '../lib/paths';
import { navigate } from '../lib/router';

/** The e-mailed link's landing page: /dashboard/verify-email?token=… confirms the address. */
export function VerifyEmail({ token }: { token: string }) {
  const verified = useEmailVerification(token);
  return (
    <main className="narrow">
      <h1>Verify your e-mail</h1>
      {verified.isPending && <Loading what="verification" />}
      <ErrorNotice error={verified.error} />
      {verified.isSuccess && <p role="status">Your e-mail address is verified. You can sign in now.</p>}
      <button type="button" onClick={() => navigate(paths.overview)}>
        Go to sign-in
      </button>
    </main>
  );
}
