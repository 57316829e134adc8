import { badRequest } from '../../platform/errors.js';

/** Longest name part airlines' name fields take (IATA PNR names are far shorter once joined). */
export const MAX_NAME_LENGTH = 60;

// Letters of any script with their combining marks, then more of them joined by single spaces,
// hyphens, apostrophes (ASCII and typographic) or periods: `Ada`, `Jean-Luc`, `O'Brien`, `St. John`,
// `Nguyễn`, `Δημήτρης`. No digits, symbols, control, format or bidirectional characters (U+0001,
// U+001B, U+200E, U+FFFE): airlines refuse them in names, and XML 1.0 cannot carry some at all.
const PERSON_NAME = /^\p{L}\p{M}*(?:[ '’.-]*\p{L}\p{M}*)*\.?$/u;

/**
 * Why `value` is not a person's name an airline's name field takes, or null when it is. Checked on
 * the trimmed text, in Unicode NFC (how it is sent).
 */
export function personNameProblem(value: string): string | null {
  const name = value.normalize('NFC').trim();
  if (name.length === 0) return 'must not be empty';
  if (name.length > MAX_NAME_LENGTH) return `must be at most ${MAX_NAME_LENGTH} characters`;
  if (/\p{Nd}/u.test(name)) return 'must not contain digits';
  if (/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u.test(name)) return 'must not contain control or format characters';
  if (/\s{2,}|[^\S ]/u.test(name)) return 'must separate its words with single spaces';
  if (!PERSON_NAME.test(name)) {
    return 'must be letters, with spaces, hyphens, apostrophes or periods between them (no digits or symbols)';
  }
  return null;
}

/** The name as sent to the airline, or a 400 `invalid_name` naming `field`. */
export function personName(value: string, field: string): string {
  const problem = personNameProblem(value);
  if (problem) throw badRequest(`${field} ${problem}`, 'invalid_name', { field });
  return value.normalize('NFC').trim();
}
