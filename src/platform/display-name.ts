import { badRequest } from './errors.js';

/**
 * Characters no name a person types needs, and that change how text around them is read: C0 and
 * C1 controls (CR, LF, TAB, NUL, U+0085 NEL), the Unicode line and paragraph separators
 * (U+2028, U+2029), and the bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E,
 * U+2066-U+2069) that make `Acme‮moc.liame` display as something else. In a mail header a line
 * break starts a new header (`Bcc:`); in a dashboard or a CLI listing, a bidi override reorders
 * what the reader sees.
 */
export const UNSAFE_TEXT = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const UNSAFE_RUNS = new RegExp(`${UNSAFE_TEXT.source}+`, 'gu');

/** `U+000A`: how a refused character is named in a refusal. */
const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first unsafe character of a text as `U+000A`, or null when it has none. */
export function unsafeCharacterIn(value: string): string | null {
  const found = UNSAFE_TEXT.exec(value);
  return found ? codePoint(found[0]) : null;
}

/** A text with each run of unsafe characters replaced by one space: for output, never for storage. */
export const withoutUnsafeText = (value: string): string => value.replace(UNSAFE_RUNS, ' ');

/**
 * The one rule for a name a user gives and others see (an agency's, an API key's): trimmed, not
 * empty, at most `maxLength` characters, no unsafe character (UNSAFE_TEXT). A refusal is a 400
 * naming the field and the character. Answers the trimmed name.
 */
export function checkDisplayName(field: string, value: string, maxLength: number): string {
  const name = value.trim();
  if (!name) throw badRequest(`${field} must not be empty`, 'invalid_request', { field });
  if (name.length > maxLength) throw badRequest(`${field} must be at most ${maxLength} characters`, 'invalid_request', { field });
  const unsafe = unsafeCharacterIn(name);
  if (unsafe)
    throw badRequest(
      `${field} must not contain control characters, line breaks or bidirectional controls (it holds ${unsafe})`,
      'invalid_request',
      { field },
    );
  return name;
}
