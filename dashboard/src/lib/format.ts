/** The UI's own small logic, unit-tested in test/dashboard/format.test.ts. */

export function splitList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

interface Restricted {
  allowedIps: string[];
  allowedPaths: string[];
  readOnly: boolean;
  expiresAt: string | null;
}

/** One line naming a key's restrictions, or "none". */
export function keyRestrictions(key: Restricted): string {
  const parts: string[] = [];
  if (key.readOnly) parts.push('read-only');
  if (key.allowedIps.length) parts.push(`IPs: ${key.allowedIps.join(', ')}`);
  if (key.allowedPaths.length) parts.push(`paths: ${key.allowedPaths.join(', ')}`);
  if (key.expiresAt) parts.push(`expires ${formatInstant(key.expiresAt)}`);
  return parts.length ? parts.join('; ') : 'none';
}

/** An instant as the reader's local date and time, to the minute; the ISO text is the fallback. */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A decimal amount with its ISO 4217 currency, as the API gives money at its edge. */
export function formatMoney(amount: number | string | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !currency) return '—';
  const value = typeof amount === 'string' ? Number(amount) : amount;
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(value);
  } catch {
    return `${amount} ${currency}`;
  }
}
