import { ApiError, type ApiErrorCode } from '../api/api-error';
import { paths } from '../lib/paths';
import { current } from '../lib/router';
import { Link } from './link';

/**
 * The API's sentence for a few codes names the API path a script would call next; a person in the
 * dashboard gets what to do here instead.
 */
const IN_PLAIN_WORDS: Partial<Record<ApiErrorCode, string>> = {
  email_unverified: 'Verify your e-mail address first: open the link in the e-mail we sent you when you signed up.',
  step_up_required: 'This needs you to confirm it is you: enter your current password, then try again.',
  mfa_enrolment_not_started: 'The set-up of the authenticator app was interrupted: start it again.',
};

/**
 * An API error as a person needs it: the API's sentence (or its plain version above), and the
 * request id to quote to support. An action that needs a second factor the account lacks leads to
 * the guided set-up rather than showing an error.
 */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : null;
  if (apiError?.code === 'mfa_required') return <SecondFactorNeeded />;
  const message = (apiError && IN_PLAIN_WORDS[apiError.code]) ?? (error instanceof Error ? error.message : String(error));
  return (
    <div role="alert" className="error">
      <p>{message}</p>
      {apiError?.requestId && (
        <p className="request-id">
          Request id: <code>{apiError.requestId}</code>
        </p>
      )}
    </div>
  );
}

/** Not a failure but a step: the guided screen, which returns here once the second factor is on. */
export function SecondFactorNeeded() {
  return (
    <div role="status" className="notice">
      <p>This part of the dashboard needs a second factor: a code from an authenticator app on your phone.</p>
      <p>
        <Link to={paths.secondFactorThen(current())}>Protect your account with an authenticator app</Link>
      </p>
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" aria-live="polite" className="loading">
      Loading {what}…
    </p>
  );
}
