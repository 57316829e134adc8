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
    allowed_paths: apiKey.allowed_paths.join(', '),
    read_only: apiKey.read_only,
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
        ...(form.allowed_paths !== initial.allowed_paths ? { allowed_paths: splitList(form.allowed_paths) } : {}),
        ...(form.read_only !== initial.read_only ? { read_only: form.read_only } : {}),
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
          <input value={form.allowed_paths} onChange={(e) => setForm({ ...form, allowed_paths: e.target.value })} />
        </label>
        <label className="inline">
          <input type="checkbox" checked={form.read_only} onChange={(e) => setForm({ ...form, read_only: e.target.checked })} />
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
