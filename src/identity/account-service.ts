import { badRequest, conflict, notFound } from '../platform/errors.js';
import { checkDisplayName } from '../platform/display-name.js';
import { newId } from '../platform/ids.js';
import type { Platform } from '../platform/platform.js';
import { findAgency, insertAgency } from './agencies/store.js';
import { hashPassword } from './passwords/hashing.js';
import { PASSWORD_MIN_LENGTH } from './passwords/policy.js';
import { isEmailAddress } from './users/email-address.js';
import { EMAIL_TAKEN, insertUser } from './users/store.js';

/** The longest agency name taken (the portal's `agency_name`, the CLI's `--name`). */
export const AGENCY_NAME_MAX_LENGTH = 200;

export const ROLES = ['owner', 'admin', 'developer'] as const;
export type Role = (typeof ROLES)[number];

/** Platform permissions an operator can grant; support work needs user.manage, support.session and orders.support; account terms and usage, billing.manage. */
export const PERMISSIONS = ['platform.read', 'user.manage', 'support.session', 'orders.support', 'billing.manage'] as const;

export function createAccountService(platform: Pick<Platform, 'db' | 'config'>) {
  const { db, config } = platform;
  return {
    async createAgency(input: {
      name: string;
      planCode?: string | null;
      verified?: boolean;
      live?: boolean;
      iataNumber?: string | null;
    }) {
      const name = checkDisplayName('name', input.name, AGENCY_NAME_MAX_LENGTH);
      return insertAgency(db, {
        id: newId('agc'),
        name,
        plan_code: input.planCode ?? null,
        live: input.live ?? false,
        iata_number: input.iataNumber ?? null,
        verified_at: input.verified === false ? null : new Date(),
      });
    },

    async createUser(input: {
      agencyId: string | null;
      email: string;
      password: string;
      role?: Role;
      permissions?: string[];
      emailVerified?: boolean;
    }) {
      if (!isEmailAddress(input.email)) throw badRequest('email must be a valid e-mail address');
      if (input.password.length < PASSWORD_MIN_LENGTH) {
        throw badRequest(`password must be at least ${PASSWORD_MIN_LENGTH} characters`);
      }
      const role = input.role ?? 'developer';
      if (!ROLES.includes(role)) throw badRequest(`role must be one of: ${ROLES.join(', ')}`);
      const unknown = (input.permissions ?? []).filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
      if (unknown.length > 0) throw badRequest(`unknown permission ${unknown[0]} (known: ${PERMISSIONS.join(', ')})`);
      if (input.agencyId && !(await findAgency(db, input.agencyId))) throw notFound(`agency ${input.agencyId} not found`);
      const user = await insertUser(db, {
        id: newId('usr'),
        agency_id: input.agencyId,
        email: input.email.trim(),
        password_hash: await hashPassword(input.password, config.passwords.scryptLogN),
        role,
        permissions: input.permissions ?? [],
        email_verified_at: input.emailVerified === false ? null : new Date(),
      });
      if (user === EMAIL_TAKEN) throw conflict(`a user with e-mail ${input.email} already exists`, 'email_taken');
      return user;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
