import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one request cost the shared stores: statements sent to the database (PostgreSQL or PGlite,
 * `begin`/`commit` included: each is a round trip) and commands sent to Redis (each command of a
 * pipeline or MULTI counts; a Lua script is one command). docs/operations.md, "Cost per request".
 */
export interface RequestCosts {
  dbQueries: number;
  redisCommands: number;
}

/** A request's costs, and the per-route totals they are also added to (for /metrics). */
export interface RequestCostsEntry extends RequestCosts {
  readonly route: RouteCosts;
}

interface RouteCosts {
  dbQueries: number;
  redisCommands: number;
}

// One store per process: a request is attributed to whichever app (and tally) started it, since
// the entry carries its own tally's bucket. Work outside any request (jobs, start-up) is counted
// in the tally's `background` bucket. Created on first use only: an AsyncLocalStorage that has
// run once turns on Node's promise hooks for the whole process, which costs every request CPU
// (docs/operations/costs.md, "Cost per request"), so a process that does not attribute never creates it.
let current: AsyncLocalStorage<RequestCostsEntry> | null = null;

/** The label of work that no request caused: scheduled jobs, migrations, start-up. */
export const BACKGROUND_ROUTE = 'background';
/** The label of every statement and command while requests are not attributed (REQUEST_COSTS off). */
export const UNATTRIBUTED_ROUTE = 'all';
// More distinct routes than an app declares means something is labelling by raw URL: stop growing.
const MAX_ROUTES = 1_000;

/**
 * Counts database statements and Redis commands in plain numbers that /metrics reads when scraped
 * (counting is an increment or two, never a metrics-library call on the hot path). With
 * `attribute` (REQUEST_COSTS), per request through AsyncLocalStorage, entered by
 * platform/http/request-costs-hook.ts, and per route template; without, as one total.
 */
export class CostTally {
  private readonly routes = new Map<string, RouteCosts>();
  private readonly background: RouteCosts = { dbQueries: 0, redisCommands: 0 };

  constructor(readonly attribute: boolean) {
    this.routes.set(attribute ? BACKGROUND_ROUTE : UNATTRIBUTED_ROUTE, this.background);
  }

  /** A new entry for a request to `route` (its template, or `unmatched`). */
  open(route: string): RequestCostsEntry {
    let bucket = this.routes.get(route);
    if (!bucket) {
      bucket = this.routes.size < MAX_ROUTES ? { dbQueries: 0, redisCommands: 0 } : this.background;
      if (this.routes.size < MAX_ROUTES) this.routes.set(route, bucket);
    }
    return { dbQueries: 0, redisCommands: 0, route: bucket };
  }

  /** Runs `fn` (and everything it starts) as part of the request that `entry` belongs to. */
  run<T>(entry: RequestCostsEntry, fn: () => T): T {
    current ??= new AsyncLocalStorage();
    return current.run(entry, fn);
  }

  /** One statement sent to the database. */
  readonly dbQuery = (): void => {
    const entry = current?.getStore();
    if (entry) {
      entry.dbQueries++;
      entry.route.dbQueries++;
    } else this.background.dbQueries++;
  };

  /** One command sent to Redis. */
  readonly redisCommand = (): void => {
    const entry = current?.getStore();
    if (entry) {
      entry.redisCommands++;
      entry.route.redisCommands++;
    } else this.background.redisCommands++;
  };

  /** Totals by route template since start, `background` included. */
  byRoute(): ReadonlyMap<string, Readonly<RouteCosts>> {
    return this.routes;
  }
}

/** The costs of the request the caller runs in, if any. */
export function currentRequestCosts(): RequestCosts | undefined {
  return current?.getStore();
}
