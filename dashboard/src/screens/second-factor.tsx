import { useState } from 'react';
import { CurrentPasswordForm } from '../components/current-password-form';
import { ErrorNotice, Loading } from '../components/error-notice';
import { OneTimeCodeForm } from '../components/one-time-code-form';
import { RecoveryCodeList, TotpEnrolment, type EnrolmentWording } from '../components/totp-enrolment';
import { useMe, useVerifySecondFactor } from '../data/me';
import { useTotpEnrolment } from '../data/totp-enrolment';
import { paths } from '../lib/paths';
import { navigate, safeNext } from '../lib/router';

/**
 * The guided second-factor set-up, /dashboard/second-factor?next=…, where an action that needs one
 * leads: why, the password again, the QR code and the key to type by hand, a first code, the
 * recovery codes, then on to where the user was going. An account that has a factor but has not
 * used it in this session (enrolled from another one) gives a code instead.
 */
export function SecondFactor({ next }: { next: string | null }) {
  const me = useMe();
  const [done, setDone] = useState(false);
  const onward = safeNext(next, paths.overview);
  const goOn = () => navigate(onward);
  return (
    <section aria-labelledby="second-factor-title">
      <h1 id="second-factor-title">Protect your account with an authenticator app</h1>
      {me.isPending && <Loading what="your account" />}
      <ErrorNotice error={me.error} />
      {/* Still shown once the factor is on (the account is asked again then): the recovery codes are its last step. */}
      {me.data && (!me.data.mfa.totp_enabled || done) && <Enrol onDone={() => setDone(true)} onContinue={goOn} />}
      {me.data?.mfa.totp_enabled && !done && <VerifyHere onContinue={goOn} />}
    </section>
  );
}

/** The guided set-up says more than Security does: a first-time user may never have used such an app. */
const GUIDED: EnrolmentWording = {
  scanHint: 'In the app, choose to add an account and scan this code.',
  keyLead: 'Cannot scan it? Type this key into the app instead:',
  codeLabel: 'The 6-digit code the app shows',
};

function Enrol({ onDone, onContinue }: { onDone: () => void; onContinue: () => void }) {
  const { start, confirm, enrolment, recoveryCodes } = useTotpEnrolment(onDone);
  if (recoveryCodes)
    return (
      <>
        <h2>Step 3 of 3: keep your recovery codes</h2>
        <p role="status">The authenticator app is on: from now on you sign in with your password and a code from it.</p>
        <p>
          If you lose your phone, each of these codes signs you in once instead of the app. Write them down or keep them in a
          password manager: they are not shown again.
        </p>
        <RecoveryCodeList codes={recoveryCodes} />
        <button type="button" onClick={onContinue}>
          I have saved them, continue
        </button>
      </>
    );
  if (!enrolment)
    return (
      <>
        <p>
          A second factor keeps your account safe even if someone learns your password: signing in, and actions such as managing
          webhook endpoints, also need a 6-digit code from an app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password, Authy or any other TOTP app).
        </p>
        <h2>Step 1 of 3: confirm it is you</h2>
        <ErrorNotice error={start.error} />
        <CurrentPasswordForm onSubmit={(password) => start.mutate(password)}>
          <button type="submit" disabled={start.isPending}>
            Continue
          </button>
        </CurrentPasswordForm>
      </>
    );
  return (
    <>
      <h2>Step 2 of 3: add the account to your app</h2>
      <TotpEnrolment
        enrolment={enrolment}
        wording={GUIDED}
        onConfirm={(code) => confirm.mutate(code)}
        pending={confirm.isPending}
        error={confirm.error}
      />
    </>
  );
}

function VerifyHere({ onContinue }: { onContinue: () => void }) {
  const verify = useVerifySecondFactor({ onSuccess: onContinue });
  return (
    <>
      <p>Your account has an authenticator app. Enter a code from it to use it in this session too.</p>
      <ErrorNotice error={verify.error} />
      <OneTimeCodeForm
        label="Code from the app (or a recovery code)"
        submitLabel="Verify and continue"
        onSubmit={(code) => verify.mutate(code)}
        pending={verify.isPending}
      />
    </>
  );
}
