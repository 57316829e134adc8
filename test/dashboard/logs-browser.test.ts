import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LOG_FLUSH_JOB } from '../../src/request-log/plugin.js';
import { startDashboardGateway, type DashboardGateway } from './dashboard-harness.js';

/**
 * The Logs screen in Debian's headless Chromium against a real gateway on this run's storage:
 * requests made over HTTP with a test key appear in it, filter by status class, and a request id
 * filters on itself. Screenshot: test-output/dashboard-logs.png.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-output');
const missing = fs.existsSync(CHROMIUM) ? null : `${CHROMIUM} is missing (apt-get install chromium; .ci/run does)`;
const PASSWORD = 'violet-harbour-sunrise-42';

describe.skipIf(missing)(
  `the Logs screen in headless Chromium${missing ? ` (skipped: ${missing})` : ''}`,
  { timeout: 120_000 },
  () => {
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
      await g.app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(g.app.server.address() as { port: number }).port}`;
      const agency = await g.gateway.identity.createAgency({ name: 'Logs Travel' });
      await g.gateway.identity.createUser({
        agencyId: agency.id,
        email,
        password: PASSWORD,
        role: 'developer',
        emailVerified: true,
      });
      ({ secret } = await g.gateway.apiKeys.create(
        { agencyId: agency.id, kind: 'agency', environment: 'test', name: 'Test key' },
        { via: 'cli' },
      ));
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      page = await browser.newPage();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await g?.close();
    });

    it("shows the requests made with the agency's test key, filters by status and on a request id", async () => {
      await call('GET', '/v1/monitoring/airlines?airline=AA');
      await call('GET', '/v1/orders/AA_ORD_MISSING');
      await call('POST', '/v1/orders', { note: 'not an order' });
      await call('GET', '/v1/monitoring/airlines');
      expect(sent.map((s) => s.status >= 400)).toEqual([false, true, true, false]);
      await g.platform.scheduler.runNow(REQUEST_LOG_FLUSH_JOB);

      await page.goto(`${origin}/dashboard`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();

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
      expect(await page.getByRole('table').textContent()).not.toContain('airline=AA');

      await page.getByLabel('Status').fill('4xx');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const failed = sent.filter((s) => s.status >= 400);
      await page.getByRole('table', { name: 'API requests, page 1' }).waitFor();
      await expect.poll(() => rows().count()).toBe(failed.length);
      for (const { id } of failed) await page.getByRole('button', { name: id, exact: true }).waitFor();
      expect(page.url()).toContain('status=4xx');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-logs.png'), fullPage: true });

      await page.getByRole('button', { name: failed[0]!.id, exact: true }).click();
      await expect.poll(() => rows().count()).toBe(1);
      expect(page.url()).toContain(`requestId=${failed[0]!.id}`);
      expect(await page.getByLabel('Request id', { exact: true }).inputValue()).toBe(failed[0]!.id);
    });
  },
);
