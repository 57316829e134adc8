import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookFixture, type WebhookFixture } from './webhook-fixture.js';

// Tracing on for this file (process-wide, as OpenTelemetry registers it); a database of its own, so
// the delivery worker run here claims only this file's deliveries (as test-delivery.test.ts says).
const exporter = new InMemorySpanExporter();
let f: WebhookFixture;
beforeAll(async () => {
  f = await webhookFixture({ isolated: true, spanExporter: exporter });
});
afterAll(async () => f?.close());

it('each webhook attempt is a client span, and the receiver gets its traceparent', async () => {
  f.receiver.answerWith(() => ({ status: 503, body: 'busy' }));
  const owner = await f.session();
  const created = await f.request(owner.token, 'POST', '/v1/dev/webhooks', { url: f.receiver.url('/traced') });
  expect(created.statusCode, created.body).toBe(201);
  const key = await f.apiKey(owner.agencyId);
  await f.hold(key);
  exporter.reset();
  await f.deliver();

  const attempts = exporter.getFinishedSpans().filter((s) => s.name === 'webhook attempt');
  expect(attempts).toHaveLength(1);
  const [attempt] = attempts;
  expect(attempt!.attributes).toMatchObject({
    'flightagg.webhook.event': 'order.created',
    'flightagg.webhook.attempt': 1,
    'flightagg.outcome': 'failed',
    'http.response.status_code': 503,
  });
  expect(attempt!.status.code).toBe(2);
  const got = f.receiver.received.filter((h) => h.path === '/traced');
  expect(got).toHaveLength(1);
  expect(got[0]!.headers['x-service-delivery']).toBe(attempt!.attributes['flightagg.webhook.delivery_id']);
  expect(got[0]!.headers.traceparent).toBe(`00-${attempt!.spanContext().traceId}-${attempt!.spanContext().spanId}-01`);

  // The retry is a new attempt, its own span, numbered.
  f.receiver.answerWith(() => ({ status: 200, body: 'ok' }));
  f.advance(10 * 60_000);
  exporter.reset();
  await f.deliver();
  const [retry] = exporter.getFinishedSpans().filter((s) => s.name === 'webhook attempt');
  expect(retry!.attributes).toMatchObject({
    'flightagg.webhook.attempt': 2,
    'flightagg.outcome': 'delivered',
    'http.response.status_code': 200,
  });
});
