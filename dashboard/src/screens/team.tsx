import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorNotice, Loading } from '../components/error-notice';
import { formatInstant } from '../format';

/** Invitations into the agency: invite with a role, list the open ones, revoke. */
export function Team() {
  const client = useQueryClient();
  const invites = useQuery({ queryKey: ['invites'], queryFn: () => unwrap(api.GET('/v1/dev/invites')) });
  const [form, setForm] = useState({ email: '', role: 'developer' as 'admin' | 'developer' });
  const refresh = () => client.invalidateQueries({ queryKey: ['invites'] });
  const invite = useMutation({ mutationFn: () => unwrap(api.POST('/v1/dev/invites', { body: form })), onSuccess: refresh });
  const revoke = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/v1/dev/invites/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  return (
    <section aria-labelledby="team-title">
      <h1 id="team-title">Team</h1>
      <ErrorNotice error={invites.error ?? invite.error ?? revoke.error} />
      <form
        className="row"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          invite.mutate();
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
            {i.email} as {i.role}, expires {formatInstant(i.expiresAt)}{' '}
            <button type="button" onClick={() => revoke.mutate(i.id)} aria-label={`Revoke the invitation of ${i.email}`}>
              Revoke
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
