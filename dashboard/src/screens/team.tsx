import { useState, type FormEvent } from 'react';
import { ErrorNotice, Loading } from '../components/error-notice';
import { useInvite, useInvites, useRevokeInvite } from '../data/invites';
import { formatInstant } from '../lib/format';

/** Invitations into the agency: invite with a role, list the open ones, revoke. */
export function Team() {
  const invites = useInvites();
  const [form, setForm] = useState({ email: '', role: 'developer' as 'admin' | 'developer' });
  const invite = useInvite();
  const revoke = useRevokeInvite();
  return (
    <section aria-labelledby="team-title">
      <h1 id="team-title">Team</h1>
      <ErrorNotice error={invites.error ?? invite.error ?? revoke.error} />
      <form
        className="row"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          invite.mutate(form);
        }}
      >
        <label>
          E-mail
          <input type="email" required value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </label>
        <label>
          Role
          <select value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as 'admin' | 'developer' })}>
            <option value="developer">developer (test keys)</option>
            <option value="admin">admin (same rights as the owner)</option>
          </select>
        </label>
        <button type="submit">Invite</button>
      </form>
      <h2>Open invitations</h2>
      {invites.isPending && <Loading what="invitations" />}
      <ul>
        {invites.data?.invites.map((i) => (
          <li key={i.id}>
            {i.email} as {i.role}, expires {formatInstant(i.expires_at)}{' '}
            <button type="button" onClick={() => revoke.mutate(i.id)} aria-label={`Revoke the invitation of ${i.email}`}>
              Revoke
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
