// Where the compiled gateway's memory comes from, step by step as `serve` builds it, in one plain
// node process (no tsx, whose compiler would be counted): after each step two full GCs, then
// process.memoryUsage() and what /proc/self/smaps says of glibc's heaps (bench/memory.ts).
// Plain JavaScript so that it runs on dist/ as the image does.
//
//   node --expose-gc bench/lib/memory-steps.mjs <dist dir> <data dir>
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';

const [dist, dataDir] = process.argv.slice(2);
const compiled = (file) => import(pathToFileURL(path.join(dist, file)).href);
const mb = (bytes) => Math.round(bytes / 1e6);

/** glibc's main heap and its other threads' arenas, as bench/memory.ts's rssParts reads them. */
function mallocRss() {
  let mainHeap = 0;
  let arenas = 0;
  let part = null;
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const start = BigInt(`0x${mapping[1]}`);
      const size = Number(BigInt(`0x${mapping[2]}`) - start);
      if (mapping[3] === '[heap]') part = 'main';
      else if (mapping[3] === '' && start % (64n << 20n) === 0n && size <= 64 << 20) part = 'arena';
      else part = null;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && part === 'main') mainHeap += Number(rss[1]);
    if (rss && part === 'arena') arenas += Number(rss[1]);
  }
  return { main_heap: Math.round(mainHeap / 1e3), thread_arenas: Math.round(arenas / 1e3) };
}

const steps = [];
async function step(name) {
  globalThis.gc();
  globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const usage = process.memoryUsage();
  const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  steps.push({
    step: name,
    rss: mb(usage.rss),
    heap_total: mb(usage.heapTotal),
    heap_used: mb(usage.heapUsed),
    new_space: mb(newSpace?.space_size ?? 0),
    external: mb(usage.external),
    array_buffers: mb(usage.arrayBuffers),
    ...mallocRss(),
  });
}

await step('node alone');
const { default: pino } = await import('pino');
const { buildGateway } = await compiled('app.js');
const { startAaTestSystem } = await compiled('testsystem/aa/server.js');
const { loadConfig } = await compiled('sources/load-config.js');
const { createPlatform } = await compiled('platform/platform.js');
await step('modules imported (app, AA test system)');
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DATABASE_URL: '',
  REDIS_URL: '',
  AA_TEST_URL: '',
});
const logger = pino({ level: 'silent' });
const platform = await createPlatform(config, { logger, defaultMetrics: true });
await step('PGlite opened and migrated');
const testSystem = await startAaTestSystem({
  host: '127.0.0.1',
  port: 0,
  subscriptionKey: config.aa.testSubscriptionKey,
  schemaDir: config.ndcSchemaDir,
  logger,
  notify: { url: null, secret: config.aa.notifySecret },
  storage: { database: platform.database },
  retentionDays: config.aa.testRetentionDays,
});
await step('AA test system started');
const gateway = await buildGateway(platform, { testSystemUrls: { AA: testSystem.url } });
await gateway.aviation.aviation.state.settled();
await step('gateway built, aviation data loaded');
await gateway.app.ready();
await step('ready (serializers and validators compiled)');
console.log(JSON.stringify(steps));
await gateway.app.close();
await testSystem.close();
await platform.close();
process.exit(0);
