import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import pino from 'pino';
import { ACCESS_REQ_FIELDS, AccessLog } from '../../src/platform/http/access-log.js';
import { loggerOptions, REDACTED_PATHS } from '../../src/platform/logger.js';
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

  it('keeps the line in one fixed shape: its keys in order, each field a plain value', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/orders?limit=5', headers: { 'x-api-key': key } });
    const [line] = linesOf(String(res.headers['x-request-id'])).filter((l) => l.msg === 'request completed');
    expect(Object.keys(line!)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg']);
    const reqKeys = Object.keys(line!.req as object);
    expect(reqKeys).toEqual(ACCESS_REQ_FIELDS.filter((f) => reqKeys.includes(f)));
    expect(reqKeys).toEqual(expect.arrayContaining(['method', 'url', 'host', 'remoteAddress']));
    for (const value of Object.values(line!.req as object)) expect(['string', 'number']).toContain(typeof value);
  });

  it("writes it only where the request's own logger logs at info", async () => {
    // A route of its own log level (Fastify's `logLevel`), on an app whose logger is at info as in production.
    const written: string[] = [];
    const logger = pino(loggerOptions('info'), { write: (line: string) => void written.push(line) });
    const app = Fastify({ loggerInstance: logger, logController: new AccessLog(logger) });
    app.get('/loud', async () => ({ ok: true }));
    app.get('/quiet', { logLevel: 'warn' }, async () => ({ ok: true }));
    await app.ready();
    try {
      for (const url of ['/loud', '/quiet']) expect((await app.inject({ url })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const completed = written.map((l) => JSON.parse(l) as Record<string, any>).filter((l) => l.msg === 'request completed');
    expect(completed.map((l) => l.req.url)).toEqual(['/loud']);
  });

  // The line skips the redaction pass (it could censor nothing on it): no path the logger censors
  // may name one of its fields, nor anything above one.
  it('holds no field a redaction path could censor', () => {
    const fields = [['reqId'], ['responseTime'], ['res', 'statusCode'], ...ACCESS_REQ_FIELDS.map((f) => ['req', f])];
    const segments = (path: string) => [...path.matchAll(/[^.[\]"]+/g)].map((m) => m[0]);
    for (const path of REDACTED_PATHS) {
      const censored = segments(path);
      for (const field of fields) {
        const reaches = censored.length <= field.length && censored.every((s, i) => s === '*' || s === field[i]);
        expect(reaches, `${path} would censor ${field.join('.')}`).toBe(false);
      }
    }
    // The check itself: a path that names a field is caught.
    expect(segments('req.headers["x-api-key"]')).toEqual(['req', 'headers', 'x-api-key']);
    expect(['*', 'url'].every((s, i) => s === '*' || s === ['req', 'url'][i])).toBe(true);
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
