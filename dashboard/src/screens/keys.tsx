import { useState, type FormEvent } from 'react';
import { ColumnHeads } from '../components/column-heads';
import { CopySecret } from '../components/copy-secret';
import { Dialog } from '../components/dialog';
import { ErrorNotice, Loading } from '../components/error-notice';
import { needsStepUp, StepUpDialog } from '../components/step-up';
import type { components } from '../api/schema';
import { useApiKeys, useCreateKey, useRevealKey, useRevokeKey, useRotateKey } from '../data/api-keys';
import { formatInstant, keyRestrictions, splitList } from '../lib/format';
import { EditKeyDialog } from './edit-key-dialog';

/** The agency's API keys: list, create (secret once), reveal with step-up, rotate, revoke. */
export function Keys() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ title: string; secret: string } | null>(null);
  const [revealing, setRevealing] = useState<{ id: string; error: unknown } | null>(null);
  const [editing, setEditing] = useState<components['schemas']['ApiKey'] | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);

  const reveal = useRevealKey({
    onSuccess: (answer) => {
      setRevealing(null);
      setShown({ title: 'Key secret', secret: answer.secret });
    },
    onError: (error, { id }) => setRevealing(needsStepUp(error) ? { id, error } : null),
  });
  const rotate = useRotateKey({
    onSuccess: (answer) => setShown({ title: 'New key secret (the old key is revoked)', secret: answer.secret }),
  });
  const revoke = useRevokeKey({ onSuccess: () => setRevoking(null) });

  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">API keys</h1>
      <button type="button" onClick={() => setCreating(true)}>
        Create key
      </button>
      <ErrorNotice error={keys.error ?? (needsStepUp(reveal.error) ? null : reveal.error) ?? rotate.error ?? revoke.error} />
      {keys.isPending && <Loading what="keys" />}
      {keys.data && (
        <table>
          <ColumnHeads names={['Name', 'Prefix', 'Kind', 'Environment', 'Restrictions', 'Status', 'Last used', 'Actions']} />
          <tbody>
            {keys.data.keys.length === 0 && (
              <tr>
                <td colSpan={8}>No keys yet.</td>
              </tr>
            )}
            {keys.data.keys.map((key) => (
              <tr key={key.id}>
                <td>{key.name ?? '—'}</td>
                <td>
                  <code>{key.prefix}</code>
                </td>
                <td>{key.kind}</td>
                <td>{key.environment}</td>
                <td>{keyRestrictions(key)}</td>
                <td>{key.status}</td>
                {/* Within a minute: the gateway writes uses in batches. */}
                <td>{key.last_used_at ? formatInstant(key.last_used_at) : 'Never'}</td>
                <td className="actions">
                  {key.status === 'active' && (
                    <>
                      <button
                        type="button"
                        onClick={() => reveal.mutate({ id: key.id })}
                        aria-label={`Reveal ${key.name ?? key.prefix}`}
                      >
                        Reveal
                      </button>
                      <button type="button" onClick={() => setEditing(key)} aria-label={`Edit ${key.name ?? key.prefix}`}>
                        Edit
                      </button>
                      <button type="button" onClick={() => rotate.mutate(key.id)} aria-label={`Rotate ${key.name ?? key.prefix}`}>
                        Rotate
                      </button>
                      <button
                        type="button"
                        onClick={() => setRevoking({ id: key.id, name: key.name ?? key.prefix })}
                        aria-label={`Revoke ${key.name ?? key.prefix}`}
                      >
                        Revoke
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(secret) => {
            setCreating(false);
            setShown({ title: 'Your new key secret', secret });
          }}
        />
      )}
      {shown && (
        <Dialog title={shown.title} onClose={() => setShown(null)}>
          <p>Copy it now: it is not shown again here.</p>
          <CopySecret label="Secret" secret={shown.secret} />
          <button type="button" onClick={() => setShown(null)}>
            Done
          </button>
        </Dialog>
      )}
      {revealing && (
        <StepUpDialog
          action="Revealing a key secret"
          error={revealing.error}
          onClose={() => setRevealing(null)}
          onSubmit={(password) => reveal.mutate({ id: revealing.id, password })}
        />
      )}
      {editing && <EditKeyDialog apiKey={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />}
      {revoking && (
        <Dialog title="Revoke key?" onClose={() => setRevoking(null)}>
          <p>Requests with {revoking.name} are refused at once. This cannot be undone.</p>
          <div className="actions">
            <button type="button" className="danger" onClick={() => revoke.mutate(revoking.id)}>
              Revoke key
            </button>
            <button type="button" onClick={() => setRevoking(null)}>
              Cancel
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (secret: string) => void }) {
  const [form, setForm] = useState({
    name: '',
    environment: 'test' as 'test' | 'live',
    allowedIps: '',
    allowed_paths: '',
    expiresAt: '',
    read_only: false,
  });
  const create = useCreateKey({ onSuccess: (answer) => onCreated(answer.secret) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      // An empty name is refused on creation: a key without a name leaves the field out.
      ...(form.name.trim() ? { name: form.name.trim() } : {}),
      environment: form.environment,
      read_only: form.read_only,
      ...(form.allowedIps ? { allowedIps: splitList(form.allowedIps) } : {}),
      ...(form.allowed_paths ? { allowed_paths: splitList(form.allowed_paths) } : {}),
      ...(form.expiresAt ? { expiresAt: new Date(form.expiresAt).toISOString() } : {}),
    });
  };
  return (
    <Dialog title="Create key" onClose={onClose}>
      <ErrorNotice error={create.error} />
      <form onSubmit={submit}>
        <label>
          Name
          <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label>
          Environment
          <select value={form.environment} onChange={(e) => setForm({ ...form, environment: e.target.value as 'test' | 'live' })}>
            <option value="test">test</option>
            <option value="live">live</option>
          </select>
        </label>
        <label>
          IP allowlist (comma-separated addresses or CIDR ranges)
          <input value={form.allowedIps} onChange={(e) => setForm({ ...form, allowedIps: e.target.value })} />
        </label>
        <label>
          Allowed paths (comma-separated prefixes under /v1)
          <input value={form.allowed_paths} onChange={(e) => setForm({ ...form, allowed_paths: e.target.value })} />
        </label>
        <label>
          Expires at
          <input type="datetime-local" value={form.expiresAt} onChange={(e) => setForm({ ...form, expiresAt: e.target.value })} />
        </label>
        <label className="inline">
          <input type="checkbox" checked={form.read_only} onChange={(e) => setForm({ ...form, read_only: e.target.checked })} />
          Read-only (GET requests only)
        </label>
        <div className="actions">
          <button type="submit" disabled={create.isPending}>
            Create
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
