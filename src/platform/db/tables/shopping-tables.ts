import type { Generated } from 'kysely';
import type { JsonWithDefault, Day } from './column-types.js';

/** Look-to-book counts and airline health (declared by hand from the migrations named; ../tables.ts says how). */
export interface ShoppingTables {
  // 0004_shopping
  look_to_book_daily: {
    agency_id: string;
    day: Day;
    searches: Generated<number>;
    bookings: Generated<number>;
  };
  // 0019_look_to_book_airlines
  look_to_book_airline_daily: {
    agency_id: string;
    airline: string;
    day: Day;
    searches: Generated<number>;
    bookings: Generated<number>;
  };
  airline_health: {
    airline: string;
    status: 'up' | 'degraded' | 'down';
    environment: string;
    checked_at: Date;
    last_success_at: Date | null;
    last_error: string | null;
    consecutive_failures: Generated<number>;
    /** Recent probes, newest last (the shape the migration documents). */
    samples: JsonWithDefault<{ at: string; ok: boolean; ms: number }[]>;
  };
}
