/**
 * What the request log never keeps of a body (docs/operations/request-log.md, "Bodies"):
 *
 * - the value of a field whose name says it holds a secret: one of SECRET_WORDS as a word of the
 *   name (snake_case, camelCase and kebab-case are split into words: `api_key`, `clientSecret`,
 *   `x-auth-token`), or one of SECRET_PAIRS as two neighbouring words (`security_code`,
 *   `card_number`, `exp_month`);
 * - every run of 13 to 19 digits, spaces or dashes between them allowed, that passes the Luhn check
 *   (a card number), anywhere in a string or as a number: all but its last four digits masked;
 * - the `number` of an object named `card`, whatever it looks like;
 * - anything shaped like an API key (`<prefix>_live_…`, `<prefix>_test_…`) or a bearer credential.
 */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'authorization',
  'cookie',
  'credential',
  'credentials',
  'signature',
  'cvc',
  'cvc2',
  'cvv',
  'cvv2',
  'cvn',
  'csc',
  'pin',
  'otp',
  'expiry',
  'cavv',
  'apikey',
]);
const SECRET_PAIRS = new Set([
  'api key',
  'private key',
  'access key',
  'security code',
  'card number',
  'exp month',
  'exp year',
  'exp date',
  'expiry date',
  'expiration date',
  'authentication value',
]);

export const REDACTED = '[redacted]';

const WORD_BREAK = /[_\-\s.]+|(?<=[a-z0-9])(?=[A-Z])/;
const nameVerdicts = new Map<string, boolean>();

/** Whether a field of this name holds a secret (the rule above); names are few, so verdicts are kept. */
export function isSecretName(name: string): boolean {
  let verdict = nameVerdicts.get(name);
  if (verdict === undefined) {
    const words = name
      .split(WORD_BREAK)
      .filter((w) => w !== '')
      .map((w) => w.toLowerCase());
    verdict = words.some((w, i) => SECRET_WORDS.has(w) || (i > 0 && SECRET_PAIRS.has(`${words[i - 1]} ${w}`)));
    if (nameVerdicts.size < 10_000) nameVerdicts.set(name, verdict);
  }
  return verdict;
}

// 13-19 digits with single spaces or dashes between, not inside a longer word or id (`crd_0012…`).
const DIGIT_RUN = /(?<![\w-])\d(?:[ -]?\d){12,18}(?![\w-])/g;
const API_KEY_LIKE = /\b[a-z][a-z0-9]{1,11}_(?:live|test)_[0-9A-Za-z]{20,}/g;
const BEARER = /\b(Bearer|Basic)\s+[\w\-.~+/=]+/gi;

/** The Luhn check on a string of digits. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Every digit but the last four masked, separators kept: `4111 1111 1111 1111` → `**** **** **** 1111`. */
function maskCard(run: string): string {
  let left = run.replace(/\D/g, '').length - 4;
  return run.replace(/\d/g, (d) => (left-- > 0 ? '*' : d));
}

/** A string with card numbers masked and key-shaped values redacted; the same string when nothing matched. */
export function redactText(text: string): string {
  if (text.length < 13 && !text.includes('_')) return text;
  return text
    .replace(DIGIT_RUN, (run) => (passesLuhn(run.replace(/\D/g, '')) ? maskCard(run) : run))
    .replace(API_KEY_LIKE, REDACTED)
    .replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`);
}

// Cheap first look: only strings holding four digits in a row, or a key's or credential's shape, go through the rules.
const MAY_HOLD_SECRET = /\d{4}|_(?:live|test)_|bearer|basic/i;

function redactString(text: string): string {
  return MAY_HOLD_SECRET.test(text) ? redactText(text) : text;
}

/** A card object's `number`: masked when it is a card number by the Luhn rule, else replaced whole. */
export function cardNumber(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const masked = redactText(text);
  return masked !== text && masked.includes('*') ? masked : REDACTED;
}

/**
 * A string's or number's JSON with the rules applied (card numbers masked, key-shaped values
 * replaced); `onRedacted` is called when that changed it. One rule for both writers: the parsed
 * value's (serializeRedacted) and the text's, token by token (json-prefix.ts).
 */
export function scalarJson(v: string | number, onRedacted: () => void): string {
  if (typeof v === 'string') {
    const clean = redactString(v);
    if (clean !== v) onRedacted();
    return JSON.stringify(clean);
  }
  if (Number.isInteger(v) && v >= 1e12) {
    const digits = String(v);
    if (/^\d{13,19}$/.test(digits) && passesLuhn(digits)) {
      onRedacted();
      return JSON.stringify(maskCard(digits));
    }
  }
  return JSON.stringify(v);
}

/** Whether a field's value is replaced whole: a secret's name, unless the value is null (nothing to hide). */
export const isSecretField = (key: string, valueIsNull: boolean): boolean => !valueIsNull && isSecretName(key);

/** Whether a field is a card object whose `number` is masked (the field's value must be an object). */
export const isCardField = (key: string): boolean => key.toLowerCase() === 'card';

export interface RedactedJson {
  /** Compact JSON of the value with the rules applied, or its first `maxChars` characters and a little more. */
  text: string;
  /** The whole value was written; false when writing stopped past `maxChars`. */
  complete: boolean;
  /** Anything was replaced (in what was written). */
  redacted: boolean;
}

/**
 * Writes a parsed JSON value back as compact JSON with the rules applied, stopping once past
 * `maxChars` characters: a 300 KB search answer costs the 16 KB the log keeps, not a walk of all of it.
 */
export function serializeRedacted(value: unknown, maxChars: number): RedactedJson {
  const out: string[] = [];
  let length = 0;
  let redacted = false;
  const emit = (piece: string): boolean => {
    out.push(piece);
    length += piece.length;
    return length <= maxChars;
  };
  const onRedacted = () => {
    redacted = true;
  };
  const write = (v: unknown): boolean => {
    if (typeof v === 'string' || typeof v === 'number') return emit(scalarJson(v, onRedacted));
    if (v === null || typeof v !== 'object') return emit(JSON.stringify(v) ?? 'null');
    if (Array.isArray(v)) {
      if (!emit('[')) return false;
      for (let i = 0; i < v.length; i++) {
        if (i > 0 && !emit(',')) return false;
        if (!write(v[i])) return false;
      }
      return emit(']');
    }
    if (!emit('{')) return false;
    let first = true;
    for (const [key, field] of Object.entries(v)) {
      if (field === undefined) continue;
      if (!first && !emit(',')) return false;
      first = false;
      if (!emit(`${JSON.stringify(key)}:`)) return false;
      if (isSecretField(key, field === null)) {
        redacted = true;
        if (!emit(JSON.stringify(REDACTED))) return false;
      } else if (isCardField(key) && typeof field === 'object' && field !== null && !Array.isArray(field) && 'number' in field) {
        redacted = true;
        if (!write({ ...field, number: cardNumber((field as { number: unknown }).number) })) return false;
      } else if (!write(field)) return false;
    }
    return emit('}');
  };
  const complete = write(value);
  return { text: out.join(''), complete, redacted };
}
