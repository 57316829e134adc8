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

/**
 * An airline's decimal text to minor units, exactly: the digits are read as text, never through a
 * float (`Number('1234.56') * 100` is 123455.99999999999). More fraction digits than the currency
 * has are rounded half away from zero, as fares are filed ("100.00" JPY is 100 yen, "1.2345" KWD
 * is 1235 fils). Returns null for text that is not a plain decimal or exceeds a safe integer.
 */
export function parseMinor(text: string, currency: string): number | null {
  // A hand-rolled scan, not a regular expression: search answers carry hundreds of amounts.
  const s = text.trim();
  const digits = minorDigits(currency);
  let i = s.charCodeAt(0) === 45 /* - */ || s.charCodeAt(0) === 43 /* + */ ? 1 : 0;
  const negative = i === 1 && s.charCodeAt(0) === 45;
  let value = 0;
  let seen = 0; // digits accumulated into value, whole and kept fraction
  let wholeDigits = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    value = value * 10 + c;
    seen++;
    wholeDigits++;
  }
  if (wholeDigits === 0) return null;
  let kept = 0;
  let roundUp = false;
  if (i < s.length) {
    if (s.charCodeAt(i) !== 46 /* . */) return null;
    for (i++; i < s.length; i++) {
      const c = s.charCodeAt(i) - 48;
      if (c < 0 || c > 9) return null;
      if (kept < digits) {
        value = value * 10 + c;
        seen++;
        kept++;
      } else if (kept === digits) {
        roundUp = c >= 5;
        kept++;
      }
    }
  }
  for (let k = Math.min(kept, digits); k < digits; k++) value *= 10;
  if (roundUp) value += 1;
  // Every partial sum is below the result, so a result that is a safe integer was built exactly.
  if (seen > 15 && !Number.isSafeInteger(value)) return null;
  return negative && value !== 0 ? -value : value;
}

/** Minor units as the decimal text an airline message carries: exactly the currency's digits. */
export function formatMinor(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`amount ${amountMinor} is not whole minor units`);
  const digits = minorDigits(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const abs = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

// The active ISO 4217 codes (list one, amendment 179), funds and metal codes left out: nothing is
// sold in them. A request naming a currency is checked against this list, not the minor-unit table,
// which lists only exceptions.
const ISO_4217 = new Set(
  (
    'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD ' +
    'CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP ' +
    'GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD ' +
    'KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN ' +
    'NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP ' +
    'SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VED VES ' +
    'VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG'
  ).split(' '),
);

/** Whether `code` (upper case) is an active ISO 4217 currency a fare can be sold in. */
export function isIso4217(code: string): boolean {
  return ISO_4217.has(code);
}
