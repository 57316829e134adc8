import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/sources/load-config.js';
import { startTracing } from '../../src/platform/tracing/start-tracing.js';
import { activeTracer, inSpan } from '../../src/platform/tracing/tracer.js';

// A stand-in OTLP/HTTP collector on loopback: what Jaeger's or the OpenTelemetry Collector's
// :4318 receives (docs/operations/tracing.md).
const posts: { path: string; type: string | undefined; body: string }[] = [];
const collector = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    posts.push({ path: req.url ?? '', type: req.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
let endpoint: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise((resolve) => collector.close(resolve)));

it('off unless asked: no exporter named and no endpoint means none, and nothing is started', async () => {
  const config = loadConfig({});
  expect(config.tracing).toEqual({ exporter: 'none', otlpTracesUrl: null, serviceName: 'flightagg' });
  const tracing = await startTracing(config.tracing);
  expect(tracing.enabled).toBe(false);
  expect(activeTracer()).toBeNull();
});

it('reads the OTEL_* variables: an endpoint turns OTLP on; a wrong exporter is refused naming the variable', () => {
  expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing.otlpTracesUrl).toBe(
    'http://collector:4318/v1/traces',
  );
  expect(loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/custom' }).tracing).toMatchObject({
    exporter: 'otlp',
    otlpTracesUrl: 'http://c:4318/custom',
  });
  expect(loadConfig({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }).tracing.exporter).toBe(
    'none',
  );
  expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'jaeger' })).toThrow(/OTEL_TRACES_EXPORTER/);
  expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
});

it('an OTLP/HTTP collector receives the spans, with the service name, by shutdown at the latest', async () => {
  const config = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'flightagg-staging' });
  const tracing = await startTracing(config.tracing);
  expect(tracing.enabled).toBe(true);
  await inSpan('drill', { attributes: { 'flightagg.drill': 'otlp' } }, async () => undefined);
  await tracing.close();
  expect(activeTracer()).toBeNull();
  const sent = posts.filter((p) => p.path === '/v1/traces');
  expect(sent.length).toBeGreaterThan(0);
  const all = sent.map((p) => p.body).join('\n');
  expect(all).toContain('drill');
  expect(all).toContain('flightagg-staging');
});
