import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/platform/db/unique-violation.js';
import type { Platform } from '../../src/platform/platform.js';
import { createTestPlatform } from '../helpers/test-platform.js';

// Runs on the run's storage: PGlite by default, PostgreSQL (node-postgres) when DATABASE_URL is set.
describe('isUniqueViolation', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await createTestPlatform({ isolated: true });
    await sql`insert into agencies (id, name) values ('agy_unique', 'Unique Travel')`.execute(platform.db);
    await sql`insert into users (id, agency_id, email, password_hash) values ('usr_unique', 'agy_unique', 'Ada@Example.com', 'x')`.execute(
      platform.db,
    );
  });
  afterAll(() => platform.close());

  const failureOf = (statement: Promise<unknown>) =>
    statement.then(
      () => {
        throw new Error('the statement succeeded');
      },
      (err: unknown) => err,
    );

  it('recognises a unique index violation, and tells its constraint from another', async () => {
    const err = await failureOf(
      sql`insert into users (id, email, password_hash) values ('usr_other', 'ada@example.COM', 'x')`.execute(platform.db),
    );
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 'users_email_key')).toBe(true);
    expect(isUniqueViolation(err, 'users_pkey')).toBe(false);
  });

  it('recognises a primary-key violation inside a transaction, by the key constraint', async () => {
    const err = await failureOf(
      platform.db
        .transaction()
        .execute((trx) => sql`insert into agencies (id, name) values ('agy_unique', 'Again')`.execute(trx)),
    );
    expect(isUniqueViolation(err, 'agencies_pkey')).toBe(true);
  });

  it('does not take another constraint violation, or a non-database error, for one', async () => {
    const foreignKey = await failureOf(
      sql`insert into users (id, agency_id, email, password_hash) values ('usr_fk', 'agy_missing', 'fk@example.com', 'x')`.execute(
        platform.db,
      ),
    );
    expect((foreignKey as { code?: string }).code).toBe('23503');
    expect(isUniqueViolation(foreignKey)).toBe(false);
    expect(isUniqueViolation(new Error('duplicate key value violates unique constraint "users_email_key"'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
