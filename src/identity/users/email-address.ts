/**
 * The one rule for an account's e-mail address: something, an @, a domain with a dot, no spaces.
 * Whether the mailbox exists is for the verification link to find out, not for a pattern.
 */
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmailAddress = (value: string): boolean => EMAIL_ADDRESS.test(value);
