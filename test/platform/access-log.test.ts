import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * What the logs hold for each request (src/platform/http/access-log.ts): one line when it ends, with
 * what a `incoming request` line used to add, and the start only at `debug`; no key secret on it.
 */
describe('access log', () => {
  const logLines: string[] = [];
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await buildTestApp({ logLines });
    key = (await t.agencyWithKey()).secret;
  });
  afterAll(() => t?.close());

  const linesOf = (requestId: string) =>
    logLines.map((l) => JSON.parse(l) as Record<string, any>).filter((l) => l.reqId === requestId);

  it('writes one info line per request, when it ends: method, URL, status, time and request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/orders?limit=5', headers: { 'x-api-key': key } });
    expect(res.statusCode, res.body).toBe(200);
    const lines = linesOf(String(res.headers['x-request-id']));
    const atInfo = lines.filter((l) => l.level >= 30);
    expect(atInfo).toHaveLength(1);
    expect(atInfo[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/v1/orders?limit=5' },
      res: { statusCode: res.statusCode },
    });
    expect(typeof atInfo[0]!.responseTime).toBe('number');
    // The start is still there for LOG_LEVEL=debug, and comes first.
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [20, 'incoming request'],
      [30, 'request completed'],
    ]);
    expect(JSON.stringify(lines)).not.toContain(key);
  });

  it('logs a refused request the same way, once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/aviation/airports/JFK', headers: { 'x-api-key': 'fa_test_nope' } });
    expect(res.statusCode).toBe(401);
    const atInfo = linesOf(String(res.headers['x-request-id'])).filter((l) => l.level >= 30);
    expect(atInfo).toEqual([expect.objectContaining({ msg: 'request completed', res: { statusCode: 401 } })]);
  });

  it("blanks the e-mailed link's one-time token out of the URL it logs", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/dev/verify-email?token=tok_verify_secret_1' });
    const lines = linesOf(String(res.headers['x-request-id']));
    expect(lines.find((l) => l.msg === 'request completed')).toMatchObject({
      req: { url: '/v1/dev/verify-email?token=[redacted]' },
    });
    expect(JSON.stringify(lines)).not.toContain('tok_verify_secret_1');
  });

  it('censors secrets named in a logged object', () => {
    t.platform.logger.info(
      { password: 'hunter2', user: { token: 'tok_1', name: 'Ann' }, headers: { 'x-api-key': 'fa_test_secret' } },
      'redaction check',
    );
    const line = logLines.find((l) => l.includes('redaction check'))!;
    expect(JSON.parse(line)).toMatchObject({
      password: '[redacted]',
      user: { token: '[redacted]', name: 'Ann' },
      headers: { 'x-api-key': '[redacted]' },
    });
    expect(line).not.toMatch(/hunter2|tok_1|fa_test_secret/);
  });
});
