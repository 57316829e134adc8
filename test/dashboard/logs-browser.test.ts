import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LOG_FLUSH_JOB } from '../../src/request-log/plugin.js';
import * as harness from './browser-harness.js';
import { startDashboardGateway, type DashboardGateway } from './dashboard-harness.js';

/**
 * The Logs screen in Debian's headless Chromium against a real gateway on this run's storage:
 * requests made over HTTP with a test key appear in it, filter by status class, and a request id
 * filters on itself. Screenshot: test-output/dashboard-logs.png.
 */
const missing = harness.browserMissing();

describe.skipIf(missing)(`the Logs screen in headless Chromium${harness.skipNote(missing)}`, { timeout: 120_000 }, () => {
  let g: DashboardGateway;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let secret = '';
  const email = `logs-${Date.now()}@agency.test`;
  const sent: { id: string; status: number }[] = [];

  async function call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<void> {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: { 'x-api-key': secret, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : null,
    });
    await res.arrayBuffer();
    sent.push({ id: res.headers.get('x-request-id')!, status: res.status });
  }

  const rows = () => page.getByRole('table').locator('tbody tr');

  beforeAll(async () => {
    g = await startDashboardGateway();
    origin = await harness.listenOnLoopback(g.app);
    const agency = await g.gateway.identity.createAgency({ name: 'Logs Travel' });
    await g.gateway.identity.createUser({
      agencyId: agency.id,
      email,
      password: harness.PASSWORD,
      role: 'developer',
      emailVerified: true,
    });
    ({ secret } = await g.gateway.apiKeys.create(
      { agencyId: agency.id, kind: 'agency', environment: 'test', name: 'Test key' },
      { via: 'cli' },
    ));
    browser = await harness.launchBrowser();
    page = await harness.openPage(browser);
  }, 60_000);
  afterAll(() => harness.closeAll(browser, g));

  it("shows the requests made with the agency's test key, filters by status and on a request id", async () => {
    await call('GET', '/v1/orders?limit=1');
    await call('GET', '/v1/orders/AA_ORD_MISSING');
    await call('POST', '/v1/orders', { note: 'not an order' });
    await call('GET', '/v1/monitoring/airlines');
    expect(sent.map((s) => s.status >= 400)).toEqual([false, true, true, false]);
    await g.platform.scheduler.runNow(REQUEST_LOG_FLUSH_JOB);

    await page.goto(`${origin}/dashboard`);
    await harness.signIn(page, { email, password: harness.PASSWORD });

    await page.getByRole('link', { name: 'Logs' }).click();
    await page.getByRole('heading', { name: 'Logs' }).waitFor();
    await rows()
      .nth(sent.length - 1)
      .waitFor();
    expect(await rows().count()).toBe(sent.length);
    for (const { id } of sent) await page.getByRole('button', { name: id, exact: true }).waitFor();
    // The path naming an order links to its page; the query string is shown nowhere.
    expect(await page.getByRole('link', { name: '/v1/orders/AA_ORD_MISSING' }).getAttribute('href')).toBe(
      '/dashboard/orders/AA_ORD_MISSING',
    );
    expect(await page.getByRole('table').textContent()).not.toContain('limit=1');

    await page.getByLabel('Status').fill('4xx');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const failed = sent.filter((s) => s.status >= 400);
    await page.getByRole('table', { name: 'API requests, page 1' }).waitFor();
    await expect.poll(() => rows().count()).toBe(failed.length);
    for (const { id } of failed) await page.getByRole('button', { name: id, exact: true }).waitFor();
    expect(page.url()).toContain('status=4xx');
    await harness.screenshot(page, 'dashboard-logs');

    await page.getByRole('button', { name: failed[0]!.id, exact: true }).click();
    await expect.poll(() => rows().count()).toBe(1);
    expect(page.url()).toContain(`requestId=${failed[0]!.id}`);
    expect(await page.getByLabel('Request id', { exact: true }).inputValue()).toBe(failed[0]!.id);
  });

  it("opens a row on the request's bodies: the JSON sent and answered, indented, the card number masked", async () => {
    const card = { number: '4111111111111111', expiry: '1230', holder_name: 'ADA LOVELACE' };
    await call('POST', '/v1/orders', {
      offer_id: 'AA_OFF_NOPE',
      passengers: [{ given_name: 'Ada' }],
      payment: { type: 'card', card },
    });
    const { id } = sent.at(-1)!;
    await g.platform.scheduler.runNow(REQUEST_LOG_FLUSH_JOB);

    await page.goto(`${origin}/dashboard/logs?requestId=${id}`);
    const toggle = page.getByRole('button', { name: new RegExp(`^(Show|Hide) the bodies of request ${id}$`) });
    await toggle.click();
    const request = page.getByLabel('Request body', { exact: true });
    await request.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const shown = (await request.textContent()) ?? '';
    expect(shown).toContain('"number": "************1111"');
    expect(shown).toContain('"expiry": "[redacted]"');
    expect(shown).toContain('"given_name": "Ada"');
    expect(shown).not.toContain(card.number);
    expect(await page.getByText('secrets and card numbers redacted').count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Response body', { exact: true }).textContent()).toMatch(/"code": "\w+"/);
    await harness.screenshot(page, 'dashboard-logs-bodies');

    await toggle.click();
    await expect.poll(() => request.count()).toBe(0);
  });
});
