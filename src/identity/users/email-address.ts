import { unsafeCharacterIn } from '../../platform/display-name.js';

/**
 * The one rule for an account's e-mail address: something, an @, a domain with a dot, no spaces,
 * and none of the controls a name may not hold either (U+0085, bidi overrides: display-name.ts),
 * since it is shown and written into mail headers as a user's name is.
 * Whether the mailbox exists is for the verification link to find out, not for a pattern.
 */
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmailAddress = (value: string): boolean => EMAIL_ADDRESS.test(value) && unsafeCharacterIn(value) === null;
