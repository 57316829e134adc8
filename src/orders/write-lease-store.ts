import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';

/** SQL of the order write leases (migration 0026): one write per order at a time, across instances. */

/**
 * Takes the order's lease for `holder` for `ms`: true when no one holds it, or the lease there ran
 * out (its holder died mid-write). One statement, so of two instances asking at once exactly one
 * gets it. Timed by the database's clock, the one clock every instance shares: instances whose
 * own clocks disagree still agree on when a lease ends.
 */
export async function takeWriteLease(db: Db, orderId: string, holder: string, ms: number): Promise<boolean> {
  const { rows } = await sql<{ order_id: string }>`
    insert into order_write_leases (order_id, holder, expires_at)
    values (${orderId}, ${holder}, now() + make_interval(secs => ${ms / 1000}))
    on conflict (order_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where order_write_leases.expires_at <= now()
    returning order_id`.execute(db);
  return rows.length === 1;
}

/** Moves the lease's end `ms` from now while its holder still writes; nothing when another holds it now. */
export async function renewWriteLease(db: Db, orderId: string, holder: string, ms: number): Promise<void> {
  await sql`
    update order_write_leases set expires_at = now() + make_interval(secs => ${ms / 1000})
    where order_id = ${orderId} and holder = ${holder}`.execute(db);
}

/** Gives the lease back; only its own holder's, never one taken over after it ran out. */
export async function releaseWriteLease(db: Db, orderId: string, holder: string): Promise<void> {
  await sql`delete from order_write_leases where order_id = ${orderId} and holder = ${holder}`.execute(db);
}

/** Who holds the order's lease now (null when nobody does, or the lease there ran out). */
export async function currentLeaseHolder(db: Db, orderId: string): Promise<string | null> {
  const { rows } = await sql<{ holder: string }>`
    select holder from order_write_leases where order_id = ${orderId} and expires_at > now()`.execute(db);
  return rows[0]?.holder ?? null;
}
