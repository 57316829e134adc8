import { useState, type FormEvent } from 'react';
import { CopySecret } from '../components/copy-secret';
import { Dialog } from '../components/dialog';
import { ErrorNotice, Loading } from '../components/error-notice';
import { useEnableWebhook, useRegisterWebhook, useWebhooks } from '../data/webhooks';
import { splitList } from '../lib/format';
import { WebhookDeliveries } from './webhook-deliveries';

/** Webhook endpoints: register (refusals inline with the API's reason), secret once, list, re-arm. */
export function Webhooks() {
  const hooks = useWebhooks();
  const [form, setForm] = useState({ url: '', description: '', events: '' });
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<{ id: string; url: string } | null>(null);
  const register = useRegisterWebhook({ onSuccess: (answer) => setSecret(answer.secret) });
  const enable = useEnableWebhook();
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          register.mutate({
            url: form.url,
            ...(form.description ? { description: form.description } : {}),
            events: splitList(form.events),
          });
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
