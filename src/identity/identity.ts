import type { Platform } from '../platform/platform.js';
import { createAccountService, type AccountService } from './account-service.js';
import { createPasswords, type Passwords } from './passwords/passwords.js';

/**
 * Who may act: agencies, their users, the users' passwords. Identity has no HTTP routes of its
 * own; the portal (sign-up, sign-in, invitations), the CLI and tests reach it through this object.
 * Its stores (`users/store.ts`, `agencies/store.ts`, `security-events/store.ts`) take the executor
 * they run on, so a caller's transaction can include them.
 */
export interface Identity {
  /** A new agency (operator CLI, sign-up); verified unless told otherwise. */
  createAgency: AccountService['createAgency'];
  /** A new user with a hashed password; 409 `email_taken` when the address has an account. */
  createUser: AccountService['createUser'];
  passwords: Passwords;
}

export function createIdentity(platform: Pick<Platform, 'db' | 'config'>): Identity {
  const accounts = createAccountService(platform);
  return {
    createAgency: accounts.createAgency,
    createUser: accounts.createUser,
    passwords: createPasswords(platform.config),
  };
}
