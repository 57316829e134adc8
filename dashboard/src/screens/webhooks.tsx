import { useState, type FormEvent } from 'react';
import { CopySecret } from '../components/copy-secret';
import { Dialog } from '../components/dialog';
import { ErrorNotice, Loading } from '../components/error-notice';
import { EventChecklist } from '../components/event-checklist';
import { useEnableWebhook, useRegisterWebhook, useUpdateWebhook, useWebhooks } from '../data/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';

/** Changes which events one endpoint receives, with the same checklist as registration. */
function EditEvents({ id, url, events, onDone }: { id: string; url: string; events: string[]; onDone: () => void }) {
  const [chosen, setChosen] = useState<string[]>(events);
  const update = useUpdateWebhook({ onSuccess: onDone });
  return (
    <form
      aria-label={`Events sent to ${url}`}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        update.mutate({ id, events: chosen });
      }}
    >
      <EventChecklist legend={`Events sent to ${url}`} value={chosen} onChange={setChosen} />
      <ErrorNotice error={update.error} />
      <button type="submit" disabled={update.isPending}>
        Save events
      </button>{' '}
      <button type="button" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

/** Webhook endpoints: register (refusals inline with the API's reason), secret once, list, edit events, re-arm. */
export function Webhooks() {
  const hooks = useWebhooks();
  const [form, setForm] = useState<{ url: string; description: string; events: string[] }>({
    url: '',
    description: '',
    events: [],
  });
  const [editing, setEditing] = useState<string | null>(null);
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
            events: form.events,
          });
        }}
      >
        <label>
          Endpoint URL (https)
          <input type="url" required value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} />
        </label>
        <EventChecklist legend="Events" value={form.events} onChange={(events) => setForm({ ...form, events })} />
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
            {w.failure_streak > 0 ? `, ${w.failure_streak} failures in a row` : ''}
            {w.disabled_reason ? ` (switched off: ${w.disabled_reason})` : ''}
            {` — events: ${w.events.length === 0 ? 'every event' : w.events.join(', ')}`}{' '}
            <button
              type="button"
              onClick={() => setEditing(editing === w.id ? null : w.id)}
              aria-label={`Edit events of ${w.url}`}
            >
              Edit events
            </button>{' '}
            <button type="button" onClick={() => setOpen({ id: w.id, url: w.url })} aria-label={`Deliveries to ${w.url}`}>
              Deliveries
            </button>{' '}
            {w.disabled_at && (
              <button type="button" onClick={() => enable.mutate(w.id)}>
                Re-arm
              </button>
            )}
            {editing === w.id && <EditEvents id={w.id} url={w.url} events={w.events} onDone={() => setEditing(null)} />}
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
