/** The UI's own small logic, unit-tested in test/dashboard/format.test.ts. */

export function splitList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

interface Restricted {
  allowedIps: string[];
  allowed_paths: string[];
  read_only: boolean;
  expiresAt: string | null;
}

/** One line naming a key's restrictions, or "none". */
export function keyRestrictions(key: Restricted): string {
  const parts: string[] = [];
  if (key.read_only) parts.push('read-only');
  if (key.allowedIps.length) parts.push(`IPs: ${key.allowedIps.join(', ')}`);
  if (key.allowed_paths.length) parts.push(`paths: ${key.allowed_paths.join(', ')}`);
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

// One formatter per currency: making one costs far more than formatting, and a list of offers formats hundreds.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** A decimal amount with its ISO 4217 currency, as the API gives money at its edge. */
export function formatMoney(amount: number | string | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !currency) return '—';
  const value = typeof amount === 'string' ? Number(amount) : amount;
  try {
    let format = moneyFormats.get(currency);
    if (!format) {
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
      moneyFormats.set(currency, format);
    }
    return format.format(value);
  } catch {
    return `${amount} ${currency}`;
  }
}

/**
 * A segment's cabin as the airline names it on the aircraft ("Flagship Business"), with the cabin
 * sold beside it ("Flagship Business (business)"); the same words once; either alone when only it is
 * known (reshop offers and older orders have no marketing name).
 */
export function cabinText(segment: { cabin: string | null; cabin_marketing_name: string | null }): string {
  const { cabin, cabin_marketing_name: name } = segment;
  if (!name) return cabin ?? '—';
  if (!cabin || name.toLowerCase() === cabin.toLowerCase()) return name;
  return `${name} (${cabin})`;
}

interface Charge {
  amount: number;
  currency: string;
}

/** The order's last change of flights and what the airline charged for it, the change fee within it. */
export function lastChangeText(change: { charged: Charge; penalty: Charge | null; changed_at: string }): string {
  const { charged, penalty } = change;
  const what =
    charged.amount < 0
      ? `the airline gave back ${formatMoney(-charged.amount, charged.currency)}`
      : `the airline charged ${formatMoney(charged.amount, charged.currency)}`;
  const fee =
    penalty && penalty.amount !== 0 ? `, of which a change fee of ${formatMoney(penalty.amount, penalty.currency)}` : '';
  return `Flights changed on ${formatInstant(change.changed_at)}: ${what}${fee}`;
}
