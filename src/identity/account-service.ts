import { badRequest, conflict, notFound } from '../platform/errors.js';
import { checkDisplayName } from '../platform/display-name.js';
import { newId } from '../platform/ids.js';
import type { Platform } from '../platform/platform.js';
import type { AgencyRow, UserRow } from '../platform/db/rows.js';
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

/** An agency to create: its name, plan, whether it is verified or live, its IATA number. */
export interface NewAgencyInput {
  name: string;
  planCode?: string | null;
  /** False leaves the agency unverified; verified now otherwise. */
  verified?: boolean;
  live?: boolean;
  iataNumber?: string | null;
}

/** A user to create: the agency (null: a platform operator), credentials, role and permissions. */
export interface NewUserInput {
  agencyId: string | null;
  email: string;
  password: string;
  role?: Role;
  permissions?: string[];
  /** False leaves the e-mail address unverified; verified now otherwise. */
  emailVerified?: boolean;
}

export interface AccountService {
  /** Stores a new agency; 400 naming `name` when the name is not a usable display name. */
  createAgency(input: NewAgencyInput): Promise<AgencyRow>;
  /** Stores a new user with a hashed password; 400 on a bad e-mail, password, role or permission, 404 on an unknown agency, 409 `email_taken`. */
  createUser(input: NewUserInput): Promise<UserRow>;
}

export function createAccountService(platform: Pick<Platform, 'db' | 'config'>): AccountService {
  const { db, config } = platform;
  return {
    async createAgency(input) {
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

    async createUser(input) {
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
