import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/test-app.js';
import { webhookFixture, type WebhookFixture } from './webhook-fixture.js';

let f: WebhookFixture;
const logLines: string[] = [];
beforeAll(async () => {
  f = await webhookFixture({ logLines });
});
afterAll(async () => f?.close());

const create = (token: string, body: Record<string, unknown>) => f.request(token, 'POST', '/v1/dev/webhooks', body);

describe('webhook endpoint management', () => {
  it('lets an owner with a verified second factor register, read, change and delete an endpoint; the secret is shown once', async () => {
    const owner = await f.session();
    const made = await create(owner.token, { url: f.receiver.url(), description: 'orders feed', events: ['order.cancelled'] });
    expect(made.statusCode, made.body).toBe(201);
    const record = made.json();
    expect(record).toMatchObject({
      url: f.receiver.url(),
      description: 'orders feed',
      events: ['order.cancelled'],
      environment: 'test',
      status: 'enabled',
      failureStreak: 0,
      disabledAt: null,
    });
    expect(record.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);

    // Stored sealed with the keyring, never in clear.
    const { rows } = await sql<{
      secret_sealed: string;
    }>`select secret_sealed from webhook_endpoints where id = ${record.id}`.execute(f.platform.db);
    expect(rows[0]!.secret_sealed).not.toContain(record.secret.slice(6));
    expect(f.platform.keyring.open('webhook-secrets', rows[0]!.secret_sealed)).toBe(record.secret);

    const list = await f.request(owner.token, 'GET', '/v1/dev/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json().webhooks.map((w: { id: string }) => w.id)).toEqual([record.id]);
    expect(list.body).not.toContain(record.secret);
    const one = await f.request(owner.token, 'GET', `/v1/dev/webhooks/${record.id}`);
    expect(one.json()).not.toHaveProperty('secret');

    const nothing = await f.request(owner.token, 'PATCH', `/v1/dev/webhooks/${record.id}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().code).toBe('nothing_to_change');
    const urlChange = await f.request(owner.token, 'PATCH', `/v1/dev/webhooks/${record.id}`, { url: 'https://example.com/x' });
    expect(urlChange.statusCode).toBe(400);
    const changed = await f.request(owner.token, 'PATCH', `/v1/dev/webhooks/${record.id}`, { events: [], description: 'all' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ events: [], description: 'all', url: f.receiver.url() });

    const gone = await f.request(owner.token, 'DELETE', `/v1/dev/webhooks/${record.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ status: 'deleted' });
    expect((await f.request(owner.token, 'GET', `/v1/dev/webhooks/${record.id}`)).statusCode).toBe(404);
  });

  it('lists newest first and names an unknown event or an overlong description', async () => {
    const owner = await f.session();
    const first = (await create(owner.token, { url: f.receiver.url('/a') })).json();
    f.advance(1_000);
    const second = (await create(owner.token, { url: f.receiver.url('/b') })).json();
    const list = (await f.request(owner.token, 'GET', '/v1/dev/webhooks')).json().webhooks as { id: string }[];
    expect(list.map((w) => w.id)).toEqual([second.id, first.id]);

    const unknown = await create(owner.token, { url: f.receiver.url(), events: ['order.created', 'order.exploded'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('order.exploded');
    const long = await create(owner.token, { url: f.receiver.url(), description: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain('description');
    expect((await create(owner.token, { url: f.receiver.url(), description: 'x'.repeat(200) })).statusCode).toBe(201);
  });

  it('refuses a description holding a line break, a control or a bidi override, on create and on edit', async () => {
    const owner = await f.session();
    for (const bad of ['feed\r\nBcc: x@example.com', 'fe\u0085ed', 'fe\u2028ed', 'Acme\u202Emoc.liame', 'fe\u0001ed']) {
      const made = await create(owner.token, { url: f.receiver.url(), description: bad });
      expect(made.statusCode, made.body).toBe(400);
      expect(made.json()).toMatchObject({ field: 'description' });
      expect(made.json().error).toMatch(/description must not contain control characters, line breaks or bidirectional/);
    }
    const listed = (await f.request(owner.token, 'GET', '/v1/dev/webhooks')).json().webhooks as unknown[];
    expect(listed).toEqual([]);
    const record = (await create(owner.token, { url: f.receiver.url(), description: 'Zoë’s feed — orders' })).json();
    expect(record.description).toBe('Zoë’s feed — orders');
    const edited = await f.request(owner.token, 'PATCH', `/v1/dev/webhooks/${record.id}`, { description: 'a\u2066b' });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json()).toMatchObject({ field: 'description' });
    expect((await f.request(owner.token, 'GET', `/v1/dev/webhooks/${record.id}`)).json().description).toBe('Zoë’s feed — orders');
  });

  it('refuses developers (role_forbidden), sessions without a second factor (mfa_required) and accounts outside an agency', async () => {
    const owner = await f.session();
    const developer = await f.session({ agencyId: owner.agencyId, role: 'developer' });
    const refusedRole = await create(developer.token, { url: f.receiver.url() });
    expect(refusedRole.statusCode).toBe(403);
    expect(refusedRole.json().code).toBe('role_forbidden');
    expect((await f.request(developer.token, 'GET', '/v1/dev/webhooks')).json().code).toBe('role_forbidden');

    const noMfa = await f.session({ agencyId: owner.agencyId, role: 'admin', mfa: false });
    const refusedMfa = await create(noMfa.token, { url: f.receiver.url() });
    expect(refusedMfa.statusCode).toBe(403);
    expect(refusedMfa.json().code).toBe('mfa_required');

    const admin = await f.session({ agencyId: owner.agencyId, role: 'admin' });
    expect((await create(admin.token, { url: f.receiver.url() })).statusCode).toBe(201);
    expect((await f.request(null, 'GET', '/v1/dev/webhooks')).statusCode).toBe(401);
  });

  it("answers 404 for another agency's endpoint, on every path", async () => {
    const mine = await f.session();
    const theirs = await f.session();
    const id = (await create(theirs.token, { url: f.receiver.url() })).json().id as string;
    for (const [method, url] of [
      ['GET', `/v1/dev/webhooks/${id}`],
      ['PATCH', `/v1/dev/webhooks/${id}`],
      ['DELETE', `/v1/dev/webhooks/${id}`],
      ['POST', `/v1/dev/webhooks/${id}/enable`],
      ['GET', `/v1/dev/webhooks/${id}/deliveries`],
      ['POST', `/v1/dev/webhooks/${id}/deliveries/whd_x/retry`],
    ] as const) {
      const res = await f.request(mine.token, method, url, method === 'PATCH' ? { description: 'mine now' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await f.request(theirs.token, 'GET', `/v1/dev/webhooks/${id}`)).json().description).toBeNull();
  });

  it('holds at most 10 endpoints per agency and environment (409)', async () => {
    const owner = await f.session();
    for (let i = 0; i < 10; i++) expect((await create(owner.token, { url: f.receiver.url(`/n${i}`) })).statusCode).toBe(201);
    const eleventh = await create(owner.token, { url: f.receiver.url('/n10') });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().code).toBe('webhook_limit_reached');
    // The other environment has its own ten.
    const live = await create(owner.token, { url: f.receiver.url('/live'), environment: 'live' });
    expect(live.statusCode, live.body).toBe(201);
    expect(live.json().environment).toBe('live');
  });

  it('refuses create, delete and enable on a support session, and lets it read', async () => {
    const owner = await f.session();
    const id = (await create(owner.token, { url: f.receiver.url() })).json().id as string;
    const support = await f.supportSession(owner.agencyId);
    for (const [method, url] of [
      ['POST', '/v1/dev/webhooks'],
      ['DELETE', `/v1/dev/webhooks/${id}`],
      ['POST', `/v1/dev/webhooks/${id}/enable`],
    ] as const) {
      const res = await f.request(
        support.token,
        method,
        url,
        method === 'POST' && url.endsWith('webhooks') ? { url: f.receiver.url() } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('support_session_forbidden');
    }
    expect((await f.request(support.token, 'GET', `/v1/dev/webhooks/${id}`)).statusCode).toBe(200);
    expect((await f.request(owner.token, 'GET', '/v1/dev/webhooks')).json().webhooks).toHaveLength(1);
  });
});

const REFUSED = 'url must have a public host: a public address, or a name that resolves to public addresses only';
const listenHint = (url: string) =>
  '. The gateway cannot reach a receiver on your own machine: to get its events there, run ' +
  `\`flightagg listen --forward-to ${new URL(url).href}\` (docs/webhooks.md, "Trying webhooks locally with flightagg listen")`;

describe('webhook URL refusal corpus: 400 naming url and why', () => {
  // One case each: scheme, credentials.
  const corpus: [string, string][] = [
    ['http://example.com/hooks', 'url must be https'],
    ['ftp://example.com/hooks', 'url must be https'],
    ['not a url', 'absolute URL'],
    ['https://user:pass@example.com/hooks', 'credentials'],
    ['https://user@example.com/hooks', 'credentials'],
  ];
  it.each(corpus)('%s is refused (%s)', async (url, why) => {
    const owner = await ownerOnce();
    const res = await create(owner, { url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(/^url /);
    expect(res.json().error).toContain(why);
  });

  // One case each: internal names, every non-public range, the IPv4 spellings. Every host webhooks
  // will not reach, whatever the rule it breaks, gets one text (hardening round 4); the log says why.
  const refusedHosts: [string, string][] = [
    ['https://localhost.localdomain/', 'internal name'],
    ['https://app.localhost/', 'internal name'],
    ['https://printer.local/', 'internal name'],
    ['https://metadata.google.internal/', 'internal name'],
    ['https://nas.home.arpa/', 'internal name'],
    ['https://127.0.0.1/', 'loopback'],
    ['https://127.8.9.10/', 'loopback'],
    ['https://10.1.2.3/', 'private'],
    ['https://172.16.0.1/', 'private'],
    ['https://172.31.255.255/', 'private'],
    ['https://192.168.1.1/', 'private'],
    ['https://100.64.0.1/', 'carrier-grade NAT'],
    ['https://169.254.169.254/latest/meta-data/', 'link-local'],
    ['https://0.0.0.0/', 'this network'],
    ['https://0.1.2.3/', 'this network'],
    ['https://224.0.0.1/', 'multicast'],
    ['https://255.255.255.255/', 'reserved'],
    ['https://240.0.0.1/', 'reserved'],
    ['https://192.0.2.10/', 'documentation'],
    ['https://198.51.100.7/', 'documentation'],
    ['https://203.0.113.9/', 'documentation'],
    ['https://198.18.0.1/', 'benchmarking'],
    ['https://192.0.0.8/', 'protocol assignments'],
    ['https://[::1]/', 'loopback'],
    ['https://[::]/', 'unspecified'],
    ['https://[fe80::1]/', 'link-local'],
    ['https://[fc00::1]/', 'unique local'],
    ['https://[fd12:3456::1]/', 'unique local'],
    ['https://[ff02::1]/', 'multicast'],
    ['https://[2001:db8::1]/', 'documentation'],
    ['https://[::ffff:127.0.0.1]/', 'IPv4-mapped'],
    ['https://[::ffff:10.0.0.1]/', 'IPv4-mapped'],
    ['https://[::ffff:169.254.169.254]/', 'IPv4-mapped'],
    ['https://[64:ff9b::7f00:1]/', 'NAT64'],
    ['https://[64:ff9b::a9fe:a9fe]/', 'NAT64'],
    ['https://[2002:7f00:1::1]/', '6to4'],
    ['https://[2002:c0a8:101::1]/', '6to4'],
    ['https://2130706433/', 'loopback'],
    ['https://0177.0.0.1/', 'loopback'],
    ['https://0x7f.1/', 'loopback'],
    ['https://0x7f000001/', 'loopback'],
    ['https://017700000001/', 'loopback'],
    ['https://0xa9fea9fe/', 'link-local'],
    ['https://3232235777/', 'private'],
  ];
  it.each(refusedHosts)('%s is refused with the one host refusal (the log says %s)', async (url, why) => {
    const owner = await ownerOnce();
    const res = await create(owner, { url });
    expect(res.statusCode, res.body).toBe(400);
    // A URL that names this machine in its text (localhost, 127.x, ::1, 0.0.0.0) adds how to reach it: `flightagg listen`.
    const host = new URL(url).hostname;
    const local = /^(localhost|.+\.localhost|\[::1\]|0\.0\.0\.0|127\..*)$/.test(host);
    expect(res.json()).toMatchObject({ error: local ? `${REFUSED}${listenHint(url)}` : REFUSED, code: 'invalid_url' });
    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.reqId === res.json().request_id && l.resolution);
    expect(line.resolution.why).toContain(why);
  });

  it('refuses a name that resolves to a private address, and a name with any one private address among public ones', async () => {
    const owner = await ownerOnce();
    const refusal = REFUSED;
    for (const [name, addresses] of [
      ['hooks.private-agency.example', ['10.0.0.7']],
      ['mixed.agency.example', ['93.184.216.34', '127.0.0.1']],
      ['v6.agency.example', ['fd00::5']],
    ] as const) {
      f.resolve(name, ...addresses);
      const res = await create(owner, { url: `https://${name}/in` });
      expect(res.statusCode).toBe(400);
      // The rule broken, never the address: an owner must not map internal names to addresses.
      expect(res.json()).toMatchObject({ error: refusal, code: 'invalid_url' });
      expect(res.body).not.toContain(addresses.at(-1)!);
      // The address is the operator's, in the log line of that request.
      const line = logLines.map((l) => JSON.parse(l)).find((l) => l.resolution?.host === name);
      expect(line).toMatchObject({ reqId: res.json().request_id, resolution: { address: addresses.at(-1) } });
    }
  });

  it('tells no refused host apart: internal, private, unresolvable and empty names answer the same (hardening round 4)', async () => {
    const owner = await ownerOnce();
    f.resolve('resolves-private.agency.example', '10.0.0.7');
    f.resolve('resolves-to-nothing.agency.example');
    f.resolve('resolves-public.agency.example', '93.184.216.34');
    const answers = [];
    for (const url of [
      'https://wiki.corp.internal/in',
      'https://10.0.0.7/in',
      'https://resolves-private.agency.example/in',
      'https://resolves-to-nothing.agency.example/in',
      'https://does-not-exist.invalid/in',
    ]) {
      const res = await create(owner, { url });
      expect(res.statusCode, url).toBe(400);
      answers.push({ status: res.statusCode, error: res.json().error, code: res.json().code });
      // The operator's log says which rule, for that request.
      const line = logLines.map((l) => JSON.parse(l)).find((l) => l.reqId === res.json().request_id && l.resolution);
      expect(line?.resolution.why, url).toMatch(/internal name|is private|resolves to an address|could not be resolved/);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 400, error: REFUSED, code: 'invalid_url' });
    expect((await create(owner, { url: 'https://resolves-public.agency.example/in' })).statusCode).toBe(201);
  });

  it('accepts a public name, and the allowlist (localhost) never admits a literal private address', async () => {
    const owner = await ownerOnce();
    f.resolve('hooks.public-agency.example', '93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946');
    expect((await create(owner, { url: 'https://hooks.public-agency.example/in' })).statusCode).toBe(201);
    expect((await create(owner, { url: 'https://127.0.0.1:8443/in' })).statusCode).toBe(400);
    expect((await create(owner, { url: f.receiver.url() })).statusCode).toBe(201);
  });
});

describe('webhook URL ports: only the ports receivers use (hardening round 4)', () => {
  let g: WebhookFixture;
  beforeAll(async () => {
    g = await webhookFixture({ anyPort: false });
  });
  afterAll(async () => g?.close());

  it('refuses a port outside 443, 80, 4443, 8080, 8443, 9443 with 400 naming url, and accepts those', async () => {
    const owner = (await g.session()).token;
    g.resolve('hooks.ports.example', '93.184.216.34');
    for (const port of [22, 25, 3306, 5432, 6379, 9200, 11211, 27017, 65535]) {
      const res = await g.request(owner, 'POST', '/v1/dev/webhooks', { url: `https://hooks.ports.example:${port}/in` });
      expect(res.statusCode, String(port)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_url',
        error: 'url port must be one of 443, 80, 4443, 8080, 8443, 9443 (or none, for 443)',
      });
    }
    for (const port of ['', ':443', ':80', ':8443', ':8080']) {
      const res = await g.request(owner, 'POST', '/v1/dev/webhooks', {
        url: `https://hooks.ports.example${port}/in-${port.slice(1)}`,
      });
      expect(res.statusCode, `${port} ${res.body}`).toBe(201);
    }
  });

  it('lets a WEBHOOK_ALLOWED_PRIVATE_HOSTS name (an operator’s own receiver) use any port', async () => {
    const owner = (await g.session()).token;
    const res = await g.request(owner, 'POST', '/v1/dev/webhooks', { url: g.receiver.url() });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses at delivery an endpoint stored with another port: nothing is sent', async () => {
    const owner = await g.session();
    const key = await g.apiKey(owner.agencyId);
    g.resolve('hooks.stored-port.example', '93.184.216.34');
    const made = await g.request(owner.token, 'POST', '/v1/dev/webhooks', { url: 'https://hooks.stored-port.example/in' });
    expect(made.statusCode).toBe(201);
    // As a row registered before the rule would hold it.
    await sql`update webhook_endpoints set url = ${'https://hooks.stored-port.example:6379/in'} where id = ${made.json().id}`.execute(
      g.platform.db,
    );
    await g.hold(key, 36);
    await g.deliver();
    const list = await g.request(owner.token, 'GET', `/v1/dev/webhooks/${made.json().id}/deliveries?limit=100`);
    const [delivery] = list.json().deliveries;
    expect(delivery.attempts[0]).toMatchObject({
      statusCode: null,
      error: 'url port must be one of 443, 80, 4443, 8080, 8443, 9443 (or none, for 443)',
    });
  });
});

let ownerToken: string | null = null;
async function ownerOnce(): Promise<string> {
  ownerToken ??= (await f.session()).token;
  return ownerToken;
}

describe('WEBHOOK_ALLOWED_PRIVATE_HOSTS', () => {
  it('logs a warning at start naming the hosts when set, and nothing when empty', async () => {
    const withList: string[] = [];
    const a = await buildTestApp({ logLines: withList, env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost, Hooks.Dev.Test.' } });
    await a.close();
    const warning = withList
      .map((l) => JSON.parse(l) as { level: number; msg: string; hosts?: string[] })
      .find((l) => l.msg.includes('WEBHOOK_ALLOWED_PRIVATE_HOSTS'));
    expect(warning).toMatchObject({ level: 40, hosts: ['localhost', 'hooks.dev.test'] });
    const without: string[] = [];
    const b = await buildTestApp({ logLines: without });
    await b.close();
    expect(without.some((l) => l.includes('WEBHOOK_ALLOWED_PRIVATE_HOSTS'))).toBe(false);
  });
});
