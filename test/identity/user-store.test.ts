import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentity, type Identity } from '../../src/identity/identity.js';
import { isEmailAddress } from '../../src/identity/users/email-address.js';
import { EMAIL_TAKEN, findUser, insertUser, listOwnerEmails, type NewUser } from '../../src/identity/users/store.js';
import type { Platform } from '../../src/platform/platform.js';
import { createTestPlatform } from '../helpers/test-platform.js';

// Runs on the run's storage: PGlite by default, PostgreSQL when DATABASE_URL is set.
describe('users store: one account per address, owners of an agency', () => {
  let platform: Platform;
  let identity: Identity;
  beforeAll(async () => {
    platform = await createTestPlatform({ isolated: true });
    identity = createIdentity(platform);
    await sql`insert into agencies (id, name) values ('agy_store', 'Store Travel'), ('agy_other', 'Other Travel')`.execute(
      platform.db,
    );
  });
  afterAll(() => platform.close());

  const newUser = (id: string, email: string, role: NewUser['role'] = 'developer', agencyId = 'agy_store'): NewUser => ({
    id,
    agency_id: agencyId,
    email,
    password_hash: 'x',
    role,
    permissions: [],
    email_verified_at: null,
  });

  it('answers EMAIL_TAKEN for an address that has an account in any case, and stores nothing', async () => {
    const first = await insertUser(platform.db, newUser('usr_first', 'Grace@Example.com'));
    expect(first).toMatchObject({ id: 'usr_first', email: 'Grace@Example.com', failed_logins: 0 });
    expect(await insertUser(platform.db, newUser('usr_second', 'grace@example.COM'))).toBe(EMAIL_TAKEN);
    expect(await findUser(platform.db, 'usr_second')).toBeNull();
  });

  it('lets another unique violation through: only the address is a taken address', async () => {
    await expect(insertUser(platform.db, newUser('usr_first', 'someone.else@example.com'))).rejects.toMatchObject({
      code: '23505',
      constraint: 'users_pkey',
    });
  });

  it('inside a transaction, the caller that throws on EMAIL_TAKEN leaves nothing of the transaction behind', async () => {
    const refused = platform.db.transaction().execute(async (trx) => {
      await sql`update agencies set name = 'Renamed' where id = 'agy_store'`.execute(trx);
      if ((await insertUser(trx, newUser('usr_third', 'GRACE@example.com'))) === EMAIL_TAKEN) throw new Error('taken');
    });
    await expect(refused).rejects.toThrow('taken');
    const { rows } = await sql<{ name: string }>`select name from agencies where id = 'agy_store'`.execute(platform.db);
    expect(rows[0]?.name).toBe('Store Travel');
  });

  it("createUser answers 409 email_taken with the account service's sentence", async () => {
    await expect(
      identity.createUser({ agencyId: 'agy_store', email: 'GRACE@EXAMPLE.COM', password: 'a long enough passphrase' }),
    ).rejects.toMatchObject({ status: 409, code: 'email_taken', message: 'a user with e-mail GRACE@EXAMPLE.COM already exists' });
  });

  it("lists an agency's owners' addresses, oldest account first, and nobody else's", async () => {
    await insertUser(platform.db, newUser('usr_owner_a', 'owner.a@example.com', 'owner'));
    await sql`update users set created_at = now() - interval '1 day' where id = 'usr_owner_a'`.execute(platform.db);
    await insertUser(platform.db, newUser('usr_owner_b', 'owner.b@example.com', 'owner'));
    await sql`update users set created_at = now() - interval '2 days' where id = 'usr_owner_b'`.execute(platform.db);
    await insertUser(platform.db, newUser('usr_admin', 'admin@example.com', 'admin'));
    await insertUser(platform.db, newUser('usr_owner_other', 'owner@other.example.com', 'owner', 'agy_other'));
    expect(await listOwnerEmails(platform.db, 'agy_store')).toEqual(['owner.b@example.com', 'owner.a@example.com']);
    expect(await listOwnerEmails(platform.db, 'agy_missing')).toEqual([]);
  });

  it('takes an address with a local part, an @ and a dotted domain, and nothing with a space', () => {
    expect(['a@b.co', 'first.last+tag@example.travel'].filter(isEmailAddress)).toHaveLength(2);
    expect(['a@b', '@b.co', 'a b@c.de', 'a@b.c d', 'plain'].filter(isEmailAddress)).toEqual([]);
  });
});
