// Money: minor units (integers) inside, Duffel's decimal strings ("123.45") on the wire. Every
// currency served here has two decimals (USD, GBP, EUR).

export function toWire(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A wire amount in minor units, or null when it is not a decimal with at most two places. */
export function fromWire(amount: unknown): number | null {
  if (typeof amount !== 'string' || !/^-?\d{1,9}(\.\d{1,2})?$/.test(amount)) return null;
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -minor : minor;
}

/** Splits `total` into `parts` integer shares that add up to it (the first ones take the remainder). */
export function share(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => base + (i < total - base * parts ? 1 : 0));
}
