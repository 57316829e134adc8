import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { CopySecret } from '../components/copy-secret';
import { Dialog } from '../components/dialog';
import { ErrorNotice, Loading } from '../components/error-notice';
import { splitList } from '../format';
import { WebhookDeliveries } from './webhook-deliveries';

/** Webhook endpoints: register (refusals inline with the API's reason), secret once, list, re-arm. */
export function Webhooks() {
  const client = useQueryClient();
  const hooks = useQuery({ queryKey: ['webhooks'], queryFn: () => unwrap(api.GET('/v1/dev/webhooks')) });
  const [form, setForm] = useState({ url: '', description: '', events: '' });
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<{ id: string; url: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['webhooks'] });
  const register = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/v1/dev/webhooks', {
          body: { url: form.url, ...(form.description ? { description: form.description } : {}), events: splitList(form.events) },
        }),
      ),
    onSuccess: (answer) => {
      setSecret(answer.secret);
      void refresh();
    },
  });
  const enable = useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/v1/dev/webhooks/{id}/enable', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          register.mutate();
        }}
      >
        <label>
          Endpoint URL (https)
          <input type="url" required value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} />
        </label>
        <label>
          Events (comma-separated; empty for every event)
          <input value={form.events} onChange={(e) => setForm({ ...form, events: e.target.value })} />
        </label>
        <label>
          Description
          <input value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
        </label>
        <ErrorNotice error={register.error} />
        <button type="submit">Register endpoint</button>
      </form>
      <h2>Endpoints</h2>
      {hooks.isPending && <Loading what="webhook endpoints" />}
      <ErrorNotice error={hooks.error ?? enable.error} />
      <ul>
        {hooks.data?.webhooks.map((w) => (
          <li key={w.id}>
            <code>{w.url}</code> — {w.status}
            {w.failureStreak > 0 ? `, ${w.failureStreak} failures in a row` : ''}
            {w.disabledReason ? ` (switched off: ${w.disabledReason})` : ''}{' '}
            <button type="button" onClick={() => setOpen({ id: w.id, url: w.url })} aria-label={`Deliveries to ${w.url}`}>
              Deliveries
            </button>{' '}
            {w.disabledAt && (
              <button type="button" onClick={() => enable.mutate(w.id)}>
                Re-arm
              </button>
            )}
          </li>
        ))}
      </ul>
      {open && <WebhookDeliveries endpointId={open.id} url={open.url} />}
      {secret && (
        <Dialog title="Signing secret" onClose={() => setSecret(null)}>
          <p>Verify deliveries with this secret. It is not shown again.</p>
          <CopySecret label="Signing secret" secret={secret} />
          <button type="button" onClick={() => setSecret(null)}>
            Done
          </button>
        </Dialog>
      )}
    </section>
  );
}
