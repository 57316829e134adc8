import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';

/** SQL of the shared-airline check: each gateway's heartbeat, and the other test systems in use. */

/** Records, on the database's clock, that this instance is alive and which test system it reaches. */
export async function beat(db: Db, instanceId: string, testSystem: string): Promise<void> {
  await sql`
    insert into gateway_airlines (instance_id, test_system, seen_at) values (${instanceId}, ${testSystem}, now())
    on conflict (instance_id) do update set test_system = excluded.test_system, seen_at = excluded.seen_at`.execute(db);
}

/** How many other instances seen within `freshSeconds` reach a test system other than `testSystem`. */
export async function othersOnAnotherAirline(
  db: Db,
  instanceId: string,
  testSystem: string,
  freshSeconds: number,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from gateway_airlines
    where instance_id <> ${instanceId} and test_system <> ${testSystem}
      and seen_at > now() - make_interval(secs => ${freshSeconds})`.execute(db);
  return rows[0]?.n ?? 0;
}

/** This instance stops: its row goes at once, so a restart (or its successor) is not held back by it. */
export async function leave(db: Db, instanceId: string): Promise<void> {
  await sql`delete from gateway_airlines where instance_id = ${instanceId}`.execute(db);
}
