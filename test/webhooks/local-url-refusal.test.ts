import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookFixture, type WebhookFixture } from './webhook-fixture.js';

let f: WebhookFixture;
// The production rules: localhost is not among the private hosts allowed, and the port rule holds.
beforeAll(async () => {
  f = await webhookFixture({ anyPort: false });
});
afterAll(async () => f?.close());

const HINT = (url: string) =>
  '. The gateway cannot reach a receiver on your own machine: to get its events there, run ' +
  `\`flightagg listen --forward-to ${url}\` (docs/webhooks.md, "Trying webhooks locally with flightagg listen")`;

describe('registering a receiver on the developer’s own machine', () => {
  it('is refused with how to reach it instead: flightagg listen --forward-to that URL', async () => {
    const owner = await f.session();
    const cases: [string, string][] = [
      ['http://localhost:3000/webhooks', 'url must be https'],
      ['https://127.0.0.1:3000/webhooks', 'url port must be one of 443, 80, 4443, 8080, 8443, 9443 (or none, for 443)'],
      ['http://127.0.0.1/hooks', 'url must be https'],
    ];
    for (const [url, why] of cases) {
      const res = await f.request(owner.token, 'POST', '/v1/dev/webhooks', { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_url', field: 'url', error: `${why}${HINT(url)}` });
    }
    const elsewhere = await f.request(owner.token, 'POST', '/v1/dev/webhooks', { url: 'http://example.com/hooks' });
    expect(elsewhere.json().error).toBe('url must be https');
  });
});
