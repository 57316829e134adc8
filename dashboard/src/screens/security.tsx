import { useState, type FormEvent } from 'react';
import { Dialog } from '../components/dialog';
import { ErrorNotice, Loading } from '../components/error-notice';
import { QrCode } from '../components/qr-code';
import { logOut } from '../data/auth';
import { useChangePassword, useConfirmTotp, useMe, useMySecurityEvents, useStartTotp } from '../data/me';
import { useEndSession, useSessions } from '../data/sessions';
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

function SecondFactor() {
  const me = useMe();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useStartTotp();
  const confirm = useConfirmTotp({
    onSuccess: (answer) => {
      start.reset();
      setRecoveryCodes(answer.recoveryCodes);
    },
  });
  const enrolment = start.data;
  return (
    <>
      <h2>Second factor</h2>
      {me.isPending && <Loading what="your account" />}
      <ErrorNotice error={me.error ?? start.error ?? confirm.error} />
      {me.data?.mfa.totpEnabled && <p>An authenticator app is enabled. Recovery codes left: {me.data.mfa.recoveryCodesLeft}.</p>}
      {me.data && !me.data.mfa.totpEnabled && !enrolment && (
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            start.mutate(password);
          }}
        >
          <label>
            Current password
            <input
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <button type="submit">Set up an authenticator app</button>
        </form>
      )}
      {enrolment && (
        <div className="enrolment">
          <p>Scan this code with your authenticator app, or type the key by hand.</p>
          <QrCode value={enrolment.otpauthUri} label="QR code of the authenticator key" />
          <p>
            Key: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <form
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              confirm.mutate(code.trim());
            }}
          >
            <label>
              Code from the app
              <input
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </label>
            <button type="submit">Turn on</button>
          </form>
        </div>
      )}
      {recoveryCodes && (
        <Dialog title="Recovery codes" onClose={() => setRecoveryCodes(null)}>
          <p>Each code signs you in once without the app. Keep them somewhere safe: they are not shown again.</p>
          <ul className="codes" aria-label="Recovery codes">
            {recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => setRecoveryCodes(null)}>
            I have saved them
          </button>
        </Dialog>
      )}
    </>
  );
}

function PasswordChange() {
  const [form, setForm] = useState({ password: '', newPassword: '' });
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
        <label>
          Current password
          <input
            type="password"
            autoComplete="current-password"
            required
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </label>
        <label>
          New password
          <input
            type="password"
            autoComplete="new-password"
            required
            value={form.newPassword}
            onChange={(e) => setForm({ ...form, newPassword: e.target.value })}
          />
        </label>
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
            {s.current ? 'This session' : `Session from ${s.ip ?? 'an unknown address'}`}, started {formatInstant(s.createdAt)},
            last used {formatInstant(s.lastUsedAt)}{' '}
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
            <time dateTime={e.occurredAt}>{formatInstant(e.occurredAt)}</time> {e.kind} {e.ip ? `from ${e.ip}` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}
