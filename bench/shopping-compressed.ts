/**
 * Searches on the wire, compressed (issue 49). Three figures, each with its target:
 *
 * 1. A cached JFK-LHR search of every source (AA, VS, Duffel) asked with `Accept-Encoding: br, gzip`
 *    at 20 connections, against a bare route sending the same compressed bytes
 *    (lib/stored-bytes-server.mjs): alternating rounds (lib/rounds.ts), the median of the rounds'
 *    gateway/bare throughput ratios with their spread. Target >= 0.5. The gateway's
 *    `flightagg_compressions_total{cached="true"}` is read before and after the rounds: a hit must
 *    never compress again.
 * 2. An uncached search's extra CPU for compressing its answer: the same searches (cache off) asked
 *    with `br, gzip` and with no Accept-Encoding, alternating, the gateway's CPU per search read
 *    from its threads (lib/process-cpu.ts); per round, (CPU with br - CPU plain) / CPU with br.
 *    Target <= 0.1. Beside it, less moved by the machine's other work: what compressing that very
 *    answer at the gateway's per-request setting costs, measured in this process, over the
 *    gateway's CPU per search with br.
 * 3. Bytes on the wire per offer, plain, Brotli and gzip, for the cached answer (compressed once,
 *    thoroughly) and an uncached one (compressed per request, quickly). Reported.
 *
 * The gateways run as `npm start` runs them (lib/gateway-server.mjs, compiled, the start script's
 * settings), the AA, VS and Duffel test systems together in a process of their own. Traffic only
 * to 127.0.0.1. BENCH_ROUNDS (at least 5, default 6), BENCH_ROUND_SECONDS (default 3) and
 * BENCH_SEARCHES (searches per coding per round, default 15) lengthen it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { compress } from '../src/platform/http/compression-codecs.js';
import { loadAverage } from './lib/busy-neighbour.js';
import { load, printTable } from './lib/load.js';
import { processCpuMs } from './lib/process-cpu.js';
import { alternateRounds, DEFAULT_ROUNDS, formatSpread, spreadOf, verdict } from './lib/rounds.js';
import { ratioResult, reportTarget } from './lib/targets.js';
import {
  airlineTestSystemsProcess,
  dateAhead,
  GATEWAY_ONLY,
  gatewayProcess,
  listeningChild,
  VS_SUBSCRIPTION_KEY,
  type GatewayProcess,
} from './shopping-lib.js';

const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 15);
// Uncached searches before any is measured, so V8 has compiled the search path.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 60);
const CONNECTIONS = 20;
const ACCEPT = 'br, gzip';
const CACHED_TARGET = { atLeast: 0.5 };
const CPU_TARGET = { atMost: 0.1 };
/** Departure dates cycle over this many days, as in shopping-three-sources.ts. */
const DATES = 40;

const searchBody = (day: number) =>
  JSON.stringify({ origin: 'JFK', destination: 'LHR', departure_date: dateAhead(10 + (day % DATES)), adults: 1 });

async function post(gateway: GatewayProcess, body: string, acceptEncoding?: string) {
  const res = await request(`${gateway.base}/v1/shopping/offers`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': gateway.key,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    body,
  });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  if (res.statusCode !== 200) throw new Error(`${gateway.base} answered ${res.statusCode}: ${bytes.toString().slice(0, 200)}`);
  return { bytes, encoding: res.headers['content-encoding'], cache: res.headers['x-cache'] };
}

/** `flightagg_compressions_total` summed over codings, for `cached`, from the gateway's /metrics (loopback). */
async function compressions(gateway: GatewayProcess, cached: boolean): Promise<number> {
  const res = await request(`${gateway.base}/metrics`);
  const text = await res.body.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('flightagg_compressions_total{') && line.includes(`cached="${cached}"`))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

const systems = await airlineTestSystemsProcess();
const sources = { VS_TEST_URL: systems.vs, VS_TEST_SUBSCRIPTION_KEY: VS_SUBSCRIPTION_KEY, DUFFEL_TEST_URL: systems.duffel };
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-bench-compressed-'));
const rows: Record<string, string | number>[] = [];
const wire: Record<string, string | number>[] = [];

try {
  // 1. The cached search against the bare route with the same bytes.
  const cachedGateway = await gatewayProcess(systems.aa, sources, { program: GATEWAY_ONLY });
  try {
    const body = searchBody(0);
    await post(cachedGateway, body);
    const plain = await post(cachedGateway, body);
    const br = await post(cachedGateway, body, ACCEPT);
    const gzip = await post(cachedGateway, body, 'gzip');
    if (plain.cache !== 'HIT' || br.encoding !== 'br' || gzip.encoding !== 'gzip') {
      throw new Error(`the cached search is not served as expected: ${plain.cache}, ${br.encoding}, ${gzip.encoding}`);
    }
    const offers = (JSON.parse(plain.bytes.toString('utf8')) as { offers: unknown[] }).offers.length;
    wire.push({
      answer: 'cached, three sources',
      offers,
      'plain bytes/offer': Math.round(plain.bytes.length / offers),
      'br bytes/offer': Math.round(br.bytes.length / offers),
      'gzip bytes/offer': Math.round(gzip.bytes.length / offers),
      'plain / br / gzip KB': [plain.bytes, br.bytes, gzip.bytes].map((b) => (b.length / 1024).toFixed(1)).join(' / '),
    });
    const file = path.join(scratch, 'answer.br');
    fs.writeFileSync(file, br.bytes);
    const bare = await listeningChild<{ port: number }>('lib/stored-bytes-server.mjs', [file, 'br']);
    try {
      const headers = { 'content-type': 'application/json', 'accept-encoding': ACCEPT };
      /** A load run and the server's CPU per request (every thread of its process), in ms. */
      const withCpu = async (pid: number, run: () => ReturnType<typeof load>) => {
        const before = processCpuMs(pid);
        const result = await run();
        return { ...result, cpuMs: (processCpuMs(pid) - before) / Math.max(1, result.requestsPerSecond * ROUND_SECONDS) };
      };
      const gatewaySide = (seconds = ROUND_SECONDS) =>
        withCpu(cachedGateway.pid, () =>
          load(`${cachedGateway.base}/v1/shopping/offers`, {
            seconds,
            connections: CONNECTIONS,
            method: 'POST',
            headers: { ...headers, 'x-api-key': cachedGateway.key },
            body,
          }),
        );
      const bareSide = (seconds = ROUND_SECONDS) =>
        withCpu(bare.pid, () =>
          load(`http://127.0.0.1:${bare.said.port}/bare`, { seconds, connections: CONNECTIONS, method: 'POST', headers, body }),
        );
      // Untimed: each side's JIT, the gateway's key cache.
      await bareSide(2);
      await gatewaySide(2);
      const madeBefore = await compressions(cachedGateway, true);
      const pairs = await alternateRounds(DEFAULT_ROUNDS, gatewaySide, bareSide);
      const madeDuring = (await compressions(cachedGateway, true)) - madeBefore;
      const non2xx = pairs.reduce((sum, p) => sum + p.a.non2xx + p.b.non2xx, 0);
      if (non2xx > 0) throw new Error(`${non2xx} non-2xx answers in the cached rounds`);
      const ratio = spreadOf(pairs.map((p) => p.a.requestsPerSecond / p.b.requestsPerSecond));
      const median = (values: number[]) => Math.round(spreadOf(values).median);
      reportTarget(
        ratioResult(
          'cached-compressed',
          ratio,
          CACHED_TARGET,
          `${median(pairs.map((p) => p.a.requestsPerSecond))} / ${median(pairs.map((p) => p.b.requestsPerSecond))} req/s; CPU ${spreadOf(pairs.map((p) => p.a.cpuMs)).median.toFixed(3)} / ${spreadOf(pairs.map((p) => p.b.cpuMs)).median.toFixed(3)} ms a request; ${offers} offers; compressions during the rounds: ${madeDuring}`,
        ),
      );
      rows.push({
        figure: `cached ${offers}-offer search, ${ACCEPT}, ${CONNECTIONS} connections / bare route, same bytes`,
        target: `>= ${CACHED_TARGET.atLeast}`,
        'median (spread)': formatSpread(ratio),
        verdict: verdict(ratio, CACHED_TARGET),
        detail: `${median(pairs.map((p) => p.a.requestsPerSecond))} / ${median(pairs.map((p) => p.b.requestsPerSecond))} req/s; p99 ${median(pairs.map((p) => p.a.p99Ms))} / ${median(pairs.map((p) => p.b.p99Ms))} ms; CPU ${spreadOf(pairs.map((p) => p.a.cpuMs)).median.toFixed(3)} / ${spreadOf(pairs.map((p) => p.b.cpuMs)).median.toFixed(3)} ms per request; compressions during the rounds: ${madeDuring}`,
      });
    } finally {
      await bare.close();
    }
  } finally {
    await cachedGateway.close();
  }

  // 2. An uncached search's CPU with and without compressing its answer.
  const uncachedGateway = await gatewayProcess(
    systems.aa,
    { ...sources, SEARCH_CACHE_TTL_SECONDS: '0' },
    { program: GATEWAY_ONLY },
  );
  try {
    const search = async (day: number, acceptEncoding?: string) => {
      const before = processCpuMs(uncachedGateway.pid);
      const answer = await post(uncachedGateway, searchBody(day), acceptEncoding);
      return { cpu: processCpuMs(uncachedGateway.pid) - before, ...answer };
    };
    for (let i = 0; i < WARMUP; i++) await search(i, i % 2 ? ACCEPT : undefined);
    const shares: number[] = [];
    const ownShares: number[] = [];
    const cpuPlain: number[] = [];
    const cpuBr: number[] = [];
    const sizes = { offers: 0, plain: 0, br: 0 };
    for (let round = 0; round < DEFAULT_ROUNDS; round++) {
      let plain = 0;
      let br = 0;
      let own = 0;
      for (let i = 0; i < SEARCHES; i++) {
        // The same search both ways, the one going first swapping each time.
        const day = round * SEARCHES + i;
        const first = await search(day, i % 2 ? ACCEPT : undefined);
        const second = await search(day, i % 2 ? undefined : ACCEPT);
        const [withBr, without] = i % 2 ? [first, second] : [second, first];
        if (withBr.encoding !== 'br' || without.encoding !== undefined)
          throw new Error('the uncached answers are not coded as asked');
        plain += without.cpu;
        br += withBr.cpu;
        // What the gateway's own compression of this answer costs, in this process, at its setting.
        const start = process.cpuUsage();
        await compress('br', without.bytes, 'dynamic');
        const used = process.cpuUsage(start);
        own += (used.user + used.system) / 1000;
        sizes.offers += (JSON.parse(without.bytes.toString('utf8')) as { offers: unknown[] }).offers.length;
        sizes.plain += without.bytes.length;
        sizes.br += withBr.bytes.length;
      }
      shares.push((br - plain) / br);
      ownShares.push(own / br);
      cpuPlain.push(plain / SEARCHES);
      cpuBr.push(br / SEARCHES);
    }
    const share = spreadOf(shares);
    const ownShare = spreadOf(ownShares);
    const ms = (values: number[]) => spreadOf(values).median.toFixed(2);
    reportTarget(
      ratioResult(
        'uncached-compression-cpu',
        share,
        CPU_TARGET,
        `${ms(cpuBr)} / ${ms(cpuPlain)} ms CPU per search with br / without; the answer's Brotli alone ${formatSpread(ownShare, 3)} (${verdict(ownShare, CPU_TARGET)})`,
      ),
    );
    rows.push({
      figure: 'uncached three-source search: (gateway CPU with br - without) / with br',
      target: `<= ${CPU_TARGET.atMost}`,
      'median (spread)': formatSpread(share),
      verdict: verdict(share, CPU_TARGET),
      detail: `${ms(cpuBr)} / ${ms(cpuPlain)} ms CPU per search; ${DEFAULT_ROUNDS} rounds of ${SEARCHES} pairs`,
    });
    rows.push({
      figure: "uncached: the answer's Brotli compression alone (this process) / gateway CPU with br",
      target: `<= ${CPU_TARGET.atMost}`,
      'median (spread)': formatSpread(ownShare, 3),
      verdict: verdict(ownShare, CPU_TARGET),
      detail: 'the same bytes, the per-request setting (Brotli 4)',
    });
    wire.push({
      answer: 'uncached, three sources (mean)',
      offers: Math.round(sizes.offers / (DEFAULT_ROUNDS * SEARCHES)),
      'plain bytes/offer': Math.round(sizes.plain / sizes.offers),
      'br bytes/offer': Math.round(sizes.br / sizes.offers),
      'gzip bytes/offer': '-',
      'plain / br / gzip KB': `${(sizes.plain / (DEFAULT_ROUNDS * SEARCHES) / 1024).toFixed(1)} / ${(sizes.br / (DEFAULT_ROUNDS * SEARCHES) / 1024).toFixed(1)} / -`,
    });
  } finally {
    await uncachedGateway.close();
  }
} finally {
  await systems.close();
  fs.rmSync(scratch, { recursive: true, force: true });
}

printTable(
  `Searches compressed (issue 49): medians of ${DEFAULT_ROUNDS} alternating rounds with their spread; load average ${loadAverage()}`,
  rows,
);
reportTarget({
  id: 'bytes-per-offer',
  figure: wire
    .map((w) => `${w.answer}: ${w['plain bytes/offer']} / ${w['br bytes/offer']} / ${w['gzip bytes/offer']}`)
    .join('; '),
  verdict: 'reported',
  detail: 'bytes per offer plain / Brotli / gzip',
});
printTable('Bytes on the wire per offer', wire);
