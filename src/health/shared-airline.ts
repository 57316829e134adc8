import os from 'node:os';
import type { Platform } from '../platform/platform.js';
import { beat, leave, othersOnAnotherAirline } from './shared-airline-store.js';

/**
 * Gateways that share a database must send test keys to one test system per airline (AA, VS). A
 * gateway started without AA_TEST_URL (VS_TEST_URL) runs that airline in process: with a second
 * such gateway on the same PostgreSQL, an offer found through one is "no longer available" through
 * the other and bookings fail with no other sign. So every `flightagg serve` on PostgreSQL records
 * which test systems it reaches (each airline's URL, or "in-process" and its own name), and while
 * another live instance reaches different ones, readiness fails with SHARED_AIRLINE_PROBLEM and the
 * log says so: a balancer takes the instances out of rotation, and the operator reads why.
 *
 * Embedded storage (PGlite) is one process by construction and is not watched.
 */

export const SHARED_AIRLINE_PROBLEM =
  'AA_TEST_URL and VS_TEST_URL must each name one shared test system when more than one gateway shares this database';

// A heartbeat every 5 s, and an instance unheard of for 15 s counts as gone (three missed beats):
// a gateway killed without a shutdown stops holding the others back within that time.
const BEAT_MS = 5_000;
const FRESH_SECONDS = 15;

export interface SharedAirlineState {
  status: 'ok' | 'failing';
  problem: string | null;
}

const watched = new WeakMap<Platform, SharedAirlineState>();

/** What readiness reports for the shared-airline check, or null when this process is not watched. */
export function sharedAirlineCheck(platform: Platform): SharedAirlineState | null {
  return watched.get(platform) ?? null;
}

export interface SharedAirlineWatch {
  /** Removes this instance's record; called at shutdown while the database is still open. */
  leave(): Promise<void>;
}

/**
 * Watches for gateways on this database that reach other test systems: records this one's, checks
 * at once (so the first readiness answer already knows), then every 5 s as a scheduled job on
 * every instance. Per airline its AA_TEST_URL / VS_TEST_URL, or null for the in-process one.
 */
export async function watchSharedAirline(
  platform: Platform,
  testSystemUrls: { aa: string | null; vs: string | null },
): Promise<SharedAirlineWatch> {
  if (platform.database.kind !== 'postgres') return { leave: async () => {} };
  // Host and port name an instance across its restarts, so a restarted one replaces its own record;
  // PORT=0 (any free port) has no such name, and the process id stands in.
  const instanceId = `${os.hostname()}:${platform.config.port || `pid-${process.pid}`}`;
  const reached = (url: string | null) => url ?? `in-process (${instanceId})`;
  const testSystem = `AA ${reached(testSystemUrls.aa)}; VS ${reached(testSystemUrls.vs)}`;
  const state: SharedAirlineState = { status: 'ok', problem: null };
  watched.set(platform, state);

  const check = async () => {
    await beat(platform.db, instanceId, testSystem);
    const others = await othersOnAnotherAirline(platform.db, instanceId, testSystem, FRESH_SECONDS);
    const failing = others > 0;
    if (failing && state.status === 'ok') {
      platform.logger.error({ otherInstances: others, testSystem }, SHARED_AIRLINE_PROBLEM);
    } else if (!failing && state.status === 'failing') {
      platform.logger.info({ testSystem }, 'every gateway on this database reaches one test system per airline again');
    }
    state.status = failing ? 'failing' : 'ok';
    state.problem = failing ? SHARED_AIRLINE_PROBLEM : null;
  };
  await check();
  platform.scheduler.add({ name: 'health.shared-airline', intervalMs: BEAT_MS, run: check });
  return {
    async leave() {
      watched.delete(platform);
      await leave(platform.db, instanceId).catch((err: unknown) =>
        platform.logger.warn({ err }, 'could not remove this gateway from gateway_airlines'),
      );
    },
  };
}
