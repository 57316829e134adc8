import { badRequest } from '../../platform/errors.js';
import { COMMON_PASSWORD_WORDS, KEYBOARD_SEQUENCES } from './common-passwords.js';

/** NIST 800-63B's floor for a password chosen by its user, with no composition rules on top. */
export const PASSWORD_MIN_LENGTH = 12;

/** Long enough for passphrases; scrypt cost does not depend on length, so this only bounds abuse. */
export const PASSWORD_MAX_LENGTH = 256;

const LEET: Record<string, string> = { '0': 'o', '1': 'l', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

/** What a cracker tries first: strip leading/trailing digits and symbols, undo leetspeak, keep the letters. */
function baseWord(password: string): string {
  const trimmed = password.toLowerCase().replace(/^[^a-z]+|[^a-z]+$/g, '');
  return [...trimmed]
    .map((c) => LEET[c] ?? c)
    .join('')
    .replace(/[^a-z]/g, '');
}

/** True when the text is one short unit (up to 4 characters, or a common word) said over and over. */
function isRepetition(text: string): boolean {
  for (let size = 1; size <= text.length / 2; size++) {
    if (text.length % size !== 0) continue;
    const unit = text.slice(0, size);
    if ((size <= 4 || COMMON_PASSWORD_WORDS.has(unit)) && unit.repeat(text.length / size) === text) return true;
  }
  return false;
}

function isSequence(text: string): boolean {
  if (text.length < 4) return false;
  return KEYBOARD_SEQUENCES.some((seq) => {
    const both = seq + seq;
    const reversed = [...both].reverse().join('');
    return both.includes(text) || reversed.includes(text);
  });
}

/**
 * NIST 800-63B style: a minimum length, no composition rules, and a refusal of passwords that are
 * common, repetitive, sequential or built on the account's own e-mail address. The message says
 * which rule, never echoing the password.
 */
export function checkPassword(password: string, context: { email: string }): void {
  const length = [...password.normalize('NFKC')].length;
  if (length < PASSWORD_MIN_LENGTH)
    throw badRequest(`password must be at least ${PASSWORD_MIN_LENGTH} characters`, 'weak_password');
  if (length > PASSWORD_MAX_LENGTH)
    throw badRequest(`password must be at most ${PASSWORD_MAX_LENGTH} characters`, 'invalid_password');

  const lower = password.toLowerCase();
  const compact = lower.replace(/[^a-z0-9]/g, '');
  const base = baseWord(password);
  if (COMMON_PASSWORD_WORDS.has(base) || COMMON_PASSWORD_WORDS.has(compact) || isRepetition(base) || isRepetition(compact)) {
    throw badRequest('password is too common: choose a longer phrase that is not a well-known password', 'weak_password');
  }
  if (isSequence(compact) || isSequence(lower)) {
    throw badRequest('password is a keyboard or alphabet sequence: choose something less predictable', 'weak_password');
  }
  const local = context.email.split('@', 1)[0]!.toLowerCase();
  if (local.length >= 4 && lower.includes(local)) {
    throw badRequest('password must not contain your e-mail address', 'weak_password');
  }
}
