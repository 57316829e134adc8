/**
 * Money crosses three boundaries: an airline's decimal text comes in (NDC `<TotalAmount
 * CurCode="CLP">`), integer minor units live inside (stores, connectors, order rows), and a
 * decimal number goes out (API bodies, webhook events, XML we send). One table of ISO 4217 minor
 * units decides all three, so a CLP or KWD fare shows the same amount on every surface.
 */

/** A sum in the smallest unit of its currency (cents, yen, fils). */
export interface MinorMoney {
  amountMinor: number;
  currency: string;
}

// ISO 4217 minor units, from the published list (amendment 179). Every code not named here has 2,
// which is also what an unknown code gets: the table lists the exceptions exhaustively instead.
// The funds and metal codes (XAU, XDR, XTS, ...) have no minor unit ("N.A."); nothing prices in them.
const ZERO = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF';
const THREE = 'BHD IQD JOD KWD LYD OMR TND';
const FOUR = 'CLF UYW';

const MINOR_DIGITS: ReadonlyMap<string, number> = new Map([
  ...ZERO.split(' ').map((c) => [c, 0] as const),
  ...THREE.split(' ').map((c) => [c, 3] as const),
  ...FOUR.split(' ').map((c) => [c, 4] as const),
]);

/** Digits after the decimal point of a currency: 0 for JPY, 2 for USD, 3 for KWD, 4 for CLF. */
export function minorDigits(currency: string): number {
  return MINOR_DIGITS.get(currency.toUpperCase()) ?? 2;
}

/** Minor units to the decimal number an API body or event shows (12345 KWD fils → 12.345). */
export function toDecimal(money: MinorMoney): number {
  // One division of an exact integer by a power of ten gives the double nearest the decimal, which
  // JSON prints as that decimal; no multiplication, so no drift.
  return money.amountMinor / 10 ** minorDigits(money.currency);
}

const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/**
 * An airline's decimal text to minor units, exactly: the digits are read as text, never through a
 * float (`Number('1234.56') * 100` is 123455.99999999999). More fraction digits than the currency
 * has are rounded half away from zero, as fares are filed ("100.00" JPY is 100 yen, "1.2345" KWD
 * is 1235 fils). Returns null for text that is not a plain decimal or exceeds a safe integer.
 */
export function parseMinor(text: string, currency: string): number | null {
  const m = DECIMAL_TEXT.exec(text.trim());
  if (!m) return null;
  const [, sign, whole, fraction = ''] = m;
  const digits = minorDigits(currency);
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const roundUp = (fraction[digits] ?? '0') >= '5';
  const digitsText = `${whole}${kept}`;
  // Up to 15 digits is exact as a double; longer text (rare) is checked against the safe range.
  let n: number;
  if (digitsText.length <= 15) n = Number(digitsText) + (roundUp ? 1 : 0);
  else {
    const magnitude = BigInt(digitsText) + (roundUp ? 1n : 0n);
    if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    n = Number(magnitude);
  }
  return sign === '-' && n !== 0 ? -n : n;
}

/** Minor units as the decimal text an airline message carries: exactly the currency's digits. */
export function formatMinor(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`amount ${amountMinor} is not whole minor units`);
  const digits = minorDigits(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const abs = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}
