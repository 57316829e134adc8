import { useState, type FormEvent } from 'react';
import { ErrorNotice, Loading } from '../components/error-notice';
import { useAcknowledgeEvent, useAllSecurityEvents, useLockouts, useUnlock } from '../data/admin-security';
import { useOpenSupportSession } from '../data/support-sessions';
import { formatInstant } from '../lib/format';
import { paths } from '../lib/paths';
import { navigate } from '../lib/router';
import { session } from '../session/session-store';
import { Agencies } from './operators/agencies';

/** For operators (admin permissions): support sessions, lockouts, security events, agencies and plans. */
export function Operators({ permissions }: { permissions: readonly string[] }) {
  return (
    <section aria-labelledby="operators-title">
      <h1 id="operators-title">Operators</h1>
      {/* Each part only for the permission its API asks for: no screen of refusals. */}
      {permissions.includes('support.session') && <SupportSession />}
      {permissions.includes('platform.read') && (
        <>
          <Lockouts />
          <AllSecurityEvents />
        </>
      )}
      {permissions.includes('billing.manage') && <Agencies />}
    </section>
  );
}

function SupportSession() {
  const [form, setForm] = useState({ agency_id: '', reason: '' });
  const open = useOpenSupportSession({
    onSuccess: (answer) => {
      session.startSupport(answer.token, {
        sessionId: answer.support_session.id,
        agencyId: answer.support_session.agency_id,
        reason: answer.support_session.reason,
      });
      navigate(paths.overview);
    },
  });
  return (
    <>
      <h2>Open a support session</h2>
      <p>See the dashboard as the agency sees it. Every action is recorded as support on the agency’s behalf.</p>
      <ErrorNotice error={open.error} />
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          open.mutate(form);
        }}
      >
        <label>
          Agency id
          <input required value={form.agency_id} onChange={(e) => setForm({ ...form, agency_id: e.target.value })} />
        </label>
        <label>
          Reason (ticket number or a sentence)
          <input required minLength={3} value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} />
        </label>
        <button type="submit">Open support session</button>
      </form>
    </>
  );
}

function Lockouts() {
  const lockouts = useLockouts();
  const unlock = useUnlock();
  return (
    <>
      <h2>Locked accounts</h2>
      {lockouts.isPending && <Loading what="lockouts" />}
      <ErrorNotice error={lockouts.error ?? unlock.error} />
      {lockouts.data?.lockouts.length === 0 && <p>No account is locked.</p>}
      <ul>
        {lockouts.data?.lockouts.map((l) => (
          <li key={l.user_id}>
            {l.email}: {l.failed_logins} failed sign-ins, locked until {formatInstant(l.locked_until)}{' '}
            <button type="button" onClick={() => unlock.mutate(l.user_id)} aria-label={`Unlock ${l.email}`}>
              Unlock
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function AllSecurityEvents() {
  const events = useAllSecurityEvents();
  const ack = useAcknowledgeEvent();
  return (
    <>
      <h2>Security events</h2>
      {events.isPending && <Loading what="security events" />}
      <ErrorNotice error={events.error ?? ack.error} />
      <ul>
        {events.data?.events.map((e) => (
          <li key={e.id}>
            <time dateTime={e.occurred_at}>{formatInstant(e.occurred_at)}</time> {e.kind} {e.user_id ?? ''}{' '}
            {e.acknowledged_at ? (
              '(acknowledged)'
            ) : (
              <button type="button" onClick={() => ack.mutate(e.id)} aria-label={`Acknowledge event ${e.id}`}>
                Acknowledge
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
