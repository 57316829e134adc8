import { spawnSync } from 'node:child_process';

/**
 * The cluster's load balancer: Debian's `haproxy`, run in the foreground on a generated
 * configuration. Round robin per request, health checks on readiness, `X-Forwarded-For` added so
 * the gateways' TRUST_PROXY reading of the client address is exercised as in production.
 */

/** Null when `haproxy` runs here, else the one-line reason a test gives for skipping. */
export function haproxyAvailable(): string | null {
  const probe = spawnSync('haproxy', ['-v'], { encoding: 'utf8', timeout: 10_000 });
  if (probe.error || probe.status !== 0) return 'no haproxy binary (apt-get install haproxy)';
  return null;
}

/** The name HAProxy gives instance `index`; answers carry it in `X-Cluster-Instance`. */
export const serverName = (index: number) => `g${index}`;

export interface HaproxyConfigInput {
  port: number;
  statsPort: number;
  servers: { index: number; port: number }[];
}

// Why these numbers:
// - checks every 500 ms, two failures to mark a server down and two successes to bring it back:
//   a killed or draining instance leaves rotation within about a second, a flapping one does not
//   come back on one lucky answer. A check may take 3 s, not the default of one interval: on a
//   busy machine (CI runs other tests beside the cluster) readiness has taken over 500 ms, and a
//   slow answer must not take a healthy instance out of rotation;
// - client and server inactivity 120 s: a search stream is quiet while its airlines answer (up to
//   SEARCH_TIMEOUT_MS, 12 s by default), and an idle keep-alive client is closed by the balancer
//   before the gateway's own 72 s keep-alive time-out would be reached from the other side;
// - retries with redispatch: a request whose connection to a dead server is refused goes to
//   another server. HAProxy retries only connection failures by default, never a request a server
//   has received, so a booking is never sent twice by the balancer;
// - fail open: when no instance is ready, the balancer sends requests to any instance that is
//   alive (`/v1/health`) instead of answering its own 503 page. Readiness fails on every instance
//   at once when a shared store is down: with PostgreSQL away clients then read the gateway's own
//   503 `database_unavailable` with Retry-After, and with Redis away the instances keep serving
//   (they decide rate limits in process, search without the shared cache) instead of the whole
//   cluster going dark (test/cluster/drills.test.ts).
export function haproxyConfig({ port, statsPort, servers }: HaproxyConfigInput): string {
  return [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout http-request 15s',
    '  timeout http-keep-alive 60s',
    '  timeout queue 10s',
    '  retries 3',
    '  option redispatch 1',
    '  option forwardfor',
    '',
    'frontend gateway',
    `  bind 127.0.0.1:${port}`,
    '  use_backend gateways_alive if { nbsrv(gateways) eq 0 }',
    '  default_backend gateways',
    // Which instance answered: tests prove a spread, drills see the balancer route around a death.
    '  http-response set-header X-Cluster-Instance %s',
    '',
    'backend gateways',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /v1/health/ready',
    '  http-check expect status 200',
    '  timeout check 3s',
    '  default-server inter 500ms fastinter 250ms downinter 500ms rise 2 fall 2',
    ...servers.map((s) => `  server ${serverName(s.index)} 127.0.0.1:${s.port} check`),
    '',
    // The same servers, checked for liveness only: used while no server above is ready.
    'backend gateways_alive',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /v1/health',
    '  http-check expect status 200',
    '  timeout check 3s',
    '  default-server inter 500ms fastinter 250ms downinter 500ms rise 2 fall 2',
    ...servers.map((s) => `  server ${serverName(s.index)} 127.0.0.1:${s.port} check`),
    '',
    'listen stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /stats',
    '  stats refresh 5s',
    '',
  ].join('\n');
}

/** Each server's state as the balancer sees it (`UP`, `DOWN`, `MAINT`, `UP 1/2`, …), by instance index. */
export async function serverStates(statsUrl: string): Promise<Record<number, string>> {
  const res = await fetch(`${statsUrl};csv`, { signal: AbortSignal.timeout(2_000) });
  const csv = await res.text();
  const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
  const columns = (header ?? '').split(',');
  const proxy = columns.indexOf('pxname');
  const name = columns.indexOf('svname');
  const status = columns.indexOf('status');
  const states: Record<number, string> = {};
  for (const row of rows) {
    const cells = row.split(',');
    const match = /^g(\d+)$/.exec(cells[name] ?? '');
    if (cells[proxy] === 'gateways' && match) states[Number(match[1])] = cells[status] ?? '';
  }
  return states;
}
