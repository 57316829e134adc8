import os from 'node:os';
import type { Platform } from '../platform/platform.js';
import { beat, leave, othersOnAnotherAirline } from './shared-airline-store.js';

/**
 * Gateways that share a database must send test keys to one test system per source (AA, VS, ...).
 * A gateway started without a source's <CODE>_TEST_URL runs its test system in process: with a second
 * such gateway on the same PostgreSQL, an offer found through one is "no longer available" through
 * the other and bookings fail with no other sign. So every `flightagg serve` on PostgreSQL records
 * which test systems it reaches (each source's URL, or "in-process" and its own name), and while
 * another live instance reaches different ones, readiness fails with sharedAirlineProblem and the
 * log says so: a balancer takes the instances out of rotation, and the operator reads why.
 *
 * Embedded storage (PGlite) is one process by construction and is not watched.
 */

/** The readiness problem, naming each source's <CODE>_TEST_URL (`AA_TEST_URL and VS_TEST_URL must ...`). */
export function sharedAirlineProblem(codes: readonly string[]): string {
  const names = codes.map((code) => `${code}_TEST_URL`);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'each <CODE>_TEST_URL');
  return `${listed} must each name one shared test system when more than one gateway shares this database`;
}

/** What a gateway records for a source it has no test system for (IN_PROCESS_TEST_SYSTEMS=false, no <CODE>_TEST_URL). */
export const NO_TEST_SYSTEM = 'none';

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
 * every instance. Per source code, in table order, its <CODE>_TEST_URL, null for the in-process one,
 * or NO_TEST_SYSTEM for none (gateways that all run none agree).
 */
export async function watchSharedAirline(
  platform: Platform,
  testSystemUrls: Readonly<Record<string, string | null>>,
): Promise<SharedAirlineWatch> {
  if (platform.database.kind !== 'postgres') return { leave: async () => {} };
  // Host and port name an instance across its restarts, so a restarted one replaces its own record;
  // PORT=0 (any free port) has no such name, and the process id stands in.
  const instanceId = `${os.hostname()}:${platform.config.port || `pid-${process.pid}`}`;
  const reached = (url: string | null) => url ?? `in-process (${instanceId})`;
  const testSystem = Object.entries(testSystemUrls)
    .map(([code, url]) => `${code} ${reached(url)}`)
    .join('; ');
  const problem = sharedAirlineProblem(Object.keys(testSystemUrls));
  const state: SharedAirlineState = { status: 'ok', problem: null };
  watched.set(platform, state);

  const check = async () => {
    await beat(platform.db, instanceId, testSystem);
    const others = await othersOnAnotherAirline(platform.db, instanceId, testSystem, FRESH_SECONDS);
    const failing = others > 0;
    if (failing && state.status === 'ok') {
      platform.logger.error({ otherInstances: others, testSystem }, problem);
    } else if (!failing && state.status === 'failing') {
      platform.logger.info({ testSystem }, 'every gateway on this database reaches one test system per source again');
    }
    state.status = failing ? 'failing' : 'ok';
    state.problem = failing ? problem : null;
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
