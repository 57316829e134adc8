import { useState } from 'react';

/** A secret shown once, with a copy button; the text stays selectable where the clipboard is refused. */
export function CopySecret({ label, secret }: { label: string; secret: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <div className="secret">
      <label>
        {label}
        <input readOnly value={secret} aria-label={label} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <button
        type="button"
        onClick={() =>
          navigator.clipboard.writeText(secret).then(
            () => setCopied('yes'),
            () => setCopied('no'),
          )
        }
      >
        Copy
      </button>
      <span role="status">{copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Copy refused: select the text instead.' : ''}</span>
    </div>
  );
}
