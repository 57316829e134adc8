import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorNotice, Loading } from '../components/error-notice';
import { navigate } from '../router';

/** The e-mailed link's landing page: /dashboard/verify-email?token=… confirms the address. */
export function VerifyEmail({ token }: { token: string }) {
  const verified = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => unwrap(api.GET('/v1/dev/verify-email', { params: { query: { token } } })),
    retry: false,
  });
  return (
    <main className="narrow">
      <h1>Verify your e-mail</h1>
      {verified.isPending && <Loading what="verification" />}
      <ErrorNotice error={verified.error} />
      {verified.isSuccess && <p role="status">Your e-mail address is verified. You can sign in now.</p>}
      <button type="button" onClick={() => navigate('/')}>
        Go to sign-in
      </button>
    </main>
  );
}
