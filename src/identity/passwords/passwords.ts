import type { Config } from '../../platform/config.js';
import { hashPassword, verifyPassword } from './hashing.js';
import { checkPassword } from './policy.js';

/** Everything a flow does with a password, at the cost the operator configured. */
export interface Passwords {
  /** An scrypt hash at `PASSWORD_SCRYPT_LOG_N`; the parameters travel with it. */
  hash(password: string): Promise<string>;
  /** Constant-time; a hash made at an older cost still verifies. */
  verify(password: string, stored: string): Promise<boolean>;
  /** Refuses a newly chosen password with a 400 naming the rule it breaks. */
  check(password: string, context: { email: string }): void;
}

export function createPasswords(config: Readonly<Pick<Config, 'passwords'>>): Passwords {
  return {
    hash: (password) => hashPassword(password, config.passwords.scryptLogN),
    // Called through the module binding, not captured, so a test can watch the hashing module.
    verify: (password, stored) => verifyPassword(password, stored),
    check: checkPassword,
  };
}
