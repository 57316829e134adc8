import { useState, type FormEvent } from 'react';
import type { components } from '../api/schema';
import { Dialog } from '../components/dialog';
import { ErrorNotice } from '../components/error-notice';
import { useUpdateKey } from '../data/api-keys';
import { splitList } from '../lib/format';

type ApiKey = components['schemas']['ApiKey'];

/**
 * Edits a key's name and restrictions. Only changed fields are sent (the API leaves the others
 * untouched); an emptied field is sent empty, which the API takes as "remove the restriction".
 */
export function EditKeyDialog({ apiKey, onClose, onSaved }: { apiKey: ApiKey; onClose: () => void; onSaved: () => void }) {
  const initial = {
    name: apiKey.name ?? '',
    allowedIps: apiKey.allowedIps.join(', '),
    allowedPaths: apiKey.allowedPaths.join(', '),
    readOnly: apiKey.readOnly,
  };
  const [form, setForm] = useState(initial);
  const save = useUpdateKey({ onSuccess: onSaved });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      id: apiKey.id,
      body: {
        ...(form.name !== initial.name ? { name: form.name } : {}),
        ...(form.allowedIps !== initial.allowedIps ? { allowedIps: splitList(form.allowedIps) } : {}),
        ...(form.allowedPaths !== initial.allowedPaths ? { allowedPaths: splitList(form.allowedPaths) } : {}),
        ...(form.readOnly !== initial.readOnly ? { readOnly: form.readOnly } : {}),
      },
    });
  };
  return (
    <Dialog title="Edit key" onClose={onClose}>
      <ErrorNotice error={save.error} />
      <form onSubmit={submit}>
        <label>
          Name
          <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label>
          IP allowlist (comma-separated addresses or CIDR ranges; empty removes it)
          <input value={form.allowedIps} onChange={(e) => setForm({ ...form, allowedIps: e.target.value })} />
        </label>
        <label>
          Allowed paths (comma-separated prefixes under /v1; empty removes the restriction)
          <input value={form.allowedPaths} onChange={(e) => setForm({ ...form, allowedPaths: e.target.value })} />
        </label>
        <label className="inline">
          <input type="checkbox" checked={form.readOnly} onChange={(e) => setForm({ ...form, readOnly: e.target.checked })} />
          Read-only (GET requests only)
        </label>
        <div className="actions">
          <button type="submit" disabled={save.isPending}>
            Save
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
