import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Platform } from '../../src/platform/platform.js';
import { addAirlineLookToBook, type AirlineLookToBookDelta } from '../../src/shopping/shopping-store.js';
import { createTestPlatform } from '../helpers/test-platform.js';

// Two writers at once need a server with more than one connection: PostgreSQL. (Embedded storage
// runs one transaction at a time, so nothing there can wait on anything.)
describe.skipIf(!inject('databaseUrl'))('look-to-book counts flushed by several instances at once', () => {
  let platform: Platform;
  const day = '2026-11-29';
  const delta = (airline: string): AirlineLookToBookDelta => ({
    agencyId: 'agy_ltb_lock',
    airline,
    day,
    searches: 1,
    bookings: 0,
  });

  beforeAll(async () => {
    platform = await createTestPlatform({ isolated: true });
    await sql`insert into agencies (id, name) values ('agy_ltb_lock', 'Lock Order Travel')`.execute(platform.db);
  });
  afterAll(async () => platform?.close());

  it('take the rows in one order, so a flush listing them in another waits instead of deadlocking', async () => {
    let holdingAA!: () => void;
    const aaHeld = new Promise<void>((resolve) => (holdingAA = resolve));
    let flushWaiting!: () => void;
    const otherStarted = new Promise<void>((resolve) => (flushWaiting = resolve));
    // One writer holds AA's row, then comes back for VS's, as a flush in key order does.
    const first = platform.db.transaction().execute(async (trx) => {
      await addAirlineLookToBook(trx, [delta('AA')]);
      holdingAA();
      await otherStarted;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await addAirlineLookToBook(trx, [delta('VS')]);
    });
    await aaHeld;
    // The other lists VS before AA: taken in that order it would hold VS while waiting for AA.
    const second = addAirlineLookToBook(platform.db, [delta('VS'), delta('AA')]);
    flushWaiting();

    const outcomes = await Promise.allSettled([first, second]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);
    const { rows } = await sql<{ airline: string; searches: string }>`
      select airline, searches from look_to_book_airline_daily where agency_id = 'agy_ltb_lock' order by airline`.execute(
      platform.db,
    );
    expect(rows.map((r) => [r.airline, Number(r.searches)])).toEqual([
      ['AA', 2],
      ['VS', 2],
    ]);
  });
});
