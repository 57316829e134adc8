import { inject } from 'vitest';
import { haproxyAvailable, startCluster, type Cluster } from '../../tools/cluster/harness.js';
import { isolatedDatabase } from '../helpers/test-platform.js';
import { call, waitUntil, type Answer } from '../platform/fault-drills/children.js';
import { seedAccount, type DrillAccount } from '../platform/fault-drills/seed.js';

/**
 * A cluster for test/cluster/: gateways as child processes behind HAProxy on a database of their
 * own (so their background jobs never meet other tests' rows) and this run's Redis under a prefix
 * of the cluster's own. Everything a test asserts is what a client of the balancer sees, or what
 * the shared stores and the airline hold.
 */

/** Why the cluster tests cannot run here, or null. */
export const clusterSkip: string | null =
  !inject('databaseUrl') || !inject('redisUrl')
    ? 'cluster tests run on PostgreSQL + Redis only (this run has no DATABASE_URL/REDIS_URL)'
    : haproxyAvailable();

export const skipTitle = clusterSkip ? ` (skipped: ${clusterSkip})` : '';

export interface ClusterFixture {
  cluster: Cluster;
  /** An agency with a test key and an owner who can sign in, made through the CLI's services. */
  account(): Promise<DrillAccount>;
  /** A request to the balancer, or to one instance directly with `via`. */
  request(
    method: string,
    path: string,
    init?: { key?: string; session?: string; body?: unknown; headers?: Record<string, string>; via?: number },
  ): Promise<Answer>;
  /** Signs in through the balancer; the session token. */
  login(account: DrillAccount): Promise<string>;
  /** A test system's control routes: AA's unless `airline` says VS. */
  control(method: string, path: string, body?: unknown, airline?: 'AA' | 'VS'): Promise<Answer>;
  stop(): Promise<void>;
}

export async function clusterFixture(instances: number, env: Record<string, string> = {}): Promise<ClusterFixture> {
  const cluster = await startCluster({
    instances,
    databaseUrl: await isolatedDatabase(inject('databaseUrl')!),
    redisUrl: inject('redisUrl')!,
    env: {
      // Tests hash many passwords; production keeps OWASP's 2^17.
      PASSWORD_SCRYPT_LOG_N: '10',
      // No airline probes: the airline's traffic is the tests' own.
      MONITORING_INTERVAL_SECONDS: '0',
      ...env,
    },
  });
  const request: ClusterFixture['request'] = (method, path, init = {}) =>
    call(`${init.via === undefined ? cluster.url : cluster.instances[init.via]!.url}${path}`, {
      method,
      headers: {
        ...(init.key ? { 'x-api-key': init.key } : {}),
        ...(init.session ? { authorization: `Bearer ${init.session}` } : {}),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
  return {
    cluster,
    account: () => seedAccount(cluster.databaseUrl, cluster.keyring),
    request,
    async login(account) {
      const res = await request('POST', '/v1/dev/login', { body: { email: account.email, password: account.password } });
      if (res.status !== 200) throw new Error(`login ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
    control: (method, path, body, airline = 'AA') =>
      call(`${cluster.testSystems[airline]!.url}${path}`, {
        method,
        ...(body === undefined ? {} : { body }),
      }),
    stop: () => cluster.stop(),
  };
}

/** Which instances answered, from the balancer's `X-Cluster-Instance` header. */
export function instancesOf(answers: Answer[]): Set<string> {
  return new Set(answers.map((a) => a.headers.get('x-cluster-instance') ?? 'none'));
}

/**
 * The ids of AA's nonstop offers from `search` (a drill holds each booking, which Duffel Airways'
 * instant-only offers refuse). On a busy machine the first search after a start may find AA past
 * the search's time-out; an answer with a source down is not cached, so the next one asks AA again.
 */
export async function aaNonstopOfferIds(search: () => Promise<{ status: number | string; body: string }>): Promise<string[]> {
  let offerIds: string[] = [];
  let lastAnswer = '';
  await waitUntil(
    'a search with AA offers',
    90_000,
    async () => {
      const found = await search();
      lastAnswer = `${found.status} ${found.body.slice(0, 500)}`;
      if (found.status !== 200) return false;
      const offers = (
        JSON.parse(found.body) as { offers: { offer_id: string; source: string; slices: { segments: unknown[] }[] }[] }
      ).offers;
      offerIds = offers.filter((o) => o.source === 'AA' && o.slices.every((s) => s.segments.length === 1)).map((o) => o.offer_id);
      return offerIds.length > 0;
    },
    1_000,
  ).catch((err: Error) => {
    throw new Error(`${err.message}; the last answer: ${lastAnswer}`);
  });
  return offerIds;
}
