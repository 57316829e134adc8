import { useState, type FormEvent } from 'react';
import { CurrentPasswordForm } from '../components/current-password-form';
import { Dialog } from '../components/dialog';
import { ErrorNotice, Loading } from '../components/error-notice';
import { PasswordField } from '../components/password-field';
import { RecoveryCodeList, TotpEnrolment, type EnrolmentWording } from '../components/totp-enrolment';
import { logOut } from '../data/auth';
import { useChangePassword, useMe, useMySecurityEvents } from '../data/me';
import { useEndSession, useSessions } from '../data/sessions';
import { useTotpEnrolment } from '../data/totp-enrolment';
import { formatInstant } from '../lib/format';
import { session } from '../session/session-store';

/** Second factor (enrol with a QR code, recovery codes shown once), password, sessions, events. */
export function Security() {
  return (
    <section aria-labelledby="security-title">
      <h1 id="security-title">Security</h1>
      <SecondFactor />
      <PasswordChange />
      <Sessions />
      <SecurityEvents />
    </section>
  );
}

/** Security is for those who know their way: the enrolment says the least it can. */
const TERSE: EnrolmentWording = {
  scanHint: 'Scan this code with your authenticator app, or type the key by hand.',
  keyLead: 'Key:',
  codeLabel: 'Code from the app',
};

function SecondFactor() {
  const me = useMe();
  const { start, confirm, enrolment, recoveryCodes, dismissRecoveryCodes } = useTotpEnrolment();
  return (
    <>
      <h2>Second factor</h2>
      {me.isPending && <Loading what="your account" />}
      <ErrorNotice error={me.error ?? start.error ?? confirm.error} />
      {me.data?.mfa.totp_enabled && (
        <p>An authenticator app is enabled. Recovery codes left: {me.data.mfa.recovery_codes_left}.</p>
      )}
      {me.data && !me.data.mfa.totp_enabled && !enrolment && (
        <CurrentPasswordForm onSubmit={(password) => start.mutate(password)}>
          <button type="submit">Set up an authenticator app</button>
        </CurrentPasswordForm>
      )}
      {enrolment && (
        <div className="enrolment">
          <TotpEnrolment enrolment={enrolment} wording={TERSE} onConfirm={(code) => confirm.mutate(code)} />
        </div>
      )}
      {recoveryCodes && (
        <Dialog title="Recovery codes" onClose={dismissRecoveryCodes}>
          <p>Each code signs you in once without the app. Keep them somewhere safe: they are not shown again.</p>
          <RecoveryCodeList codes={recoveryCodes} />
          <button type="button" onClick={dismissRecoveryCodes}>
            I have saved them
          </button>
        </Dialog>
      )}
    </>
  );
}

function PasswordChange() {
  const [form, setForm] = useState({ password: '', new_password: '' });
  const change = useChangePassword();
  return (
    <>
      <h2>Password</h2>
      <ErrorNotice error={change.error} />
      {change.isSuccess && <p role="status">Password changed.</p>}
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          change.mutate(form);
        }}
      >
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={form.password}
          onChange={(password) => setForm({ ...form, password })}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={form.new_password}
          onChange={(newPassword) => setForm({ ...form, new_password: newPassword })}
        />
        <button type="submit">Change password</button>
      </form>
    </>
  );
}

function Sessions() {
  const sessions = useSessions();
  const end = useEndSession();
  return (
    <>
      <h2>Sessions</h2>
      {sessions.isPending && <Loading what="sessions" />}
      <ErrorNotice error={sessions.error ?? end.error} />
      <ul>
        {sessions.data?.sessions.map((s) => (
          <li key={s.id}>
            {s.current ? 'This session' : `Session from ${s.ip ?? 'an unknown address'}`}, started {formatInstant(s.created_at)},
            last used {formatInstant(s.last_used_at)}{' '}
            {s.current ? (
              <button type="button" onClick={() => void logOut().finally(() => session.signOut('You are signed out.'))}>
                Sign out
              </button>
            ) : (
              <button type="button" onClick={() => end.mutate(s.id)}>
                End session
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function SecurityEvents() {
  const events = useMySecurityEvents();
  return (
    <>
      <h2>Security events</h2>
      {events.isPending && <Loading what="security events" />}
      <ErrorNotice error={events.error} />
      <ul>
        {events.data?.events.map((e) => (
          <li key={e.id}>
            <time dateTime={e.occurred_at}>{formatInstant(e.occurred_at)}</time> {e.kind} {e.ip ? `from ${e.ip}` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}
