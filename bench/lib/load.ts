import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

/** One autocannon run against a URL on this machine; bounded in time, stops by itself. */
export async function load(
  url: string,
  options: {
    seconds?: number;
    connections?: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST';
    body?: string;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.seconds ?? 8,
    headers: options.headers,
    method: options.method ?? 'GET',
    body: options.body,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

/**
 * `load`, with the CPU time this process (server and load generator both) spent per request, in
 * µs: on a machine other work keeps busy, throughput swings with what the others do; the CPU a
 * request costs much less so.
 */
export async function loadWithCpu(
  url: string,
  options: Parameters<typeof load>[1] & { seconds: number },
): Promise<{ result: LoadResult; cpuMicrosPerRequest: number }> {
  const before = process.cpuUsage();
  const result = await load(url, options);
  const used = process.cpuUsage(before);
  return { result, cpuMicrosPerRequest: (used.user + used.system) / Math.max(1, result.requestsPerSecond * options.seconds) };
}

export function printTable(title: string, rows: Record<string, string | number>[]): void {
  process.stdout.write(`\n${title}\n`);
  console.table(rows);
}
