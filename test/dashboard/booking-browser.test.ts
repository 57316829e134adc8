import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { daysAhead, SUBSCRIPTION_KEY } from '../shopping/shopping-fixture.js';
import { startDashboardGateway, type DashboardGateway } from './dashboard-harness.js';

/**
 * Agency staff booking by hand, in Debian's headless Chromium against a real gateway and the AA
 * test system: search, an offer showing its brand, bags and conditions, priced, passengers named,
 * held (and another paid), the new order's page, and the held order found again on the Orders
 * screen by the passenger's last name typed without its accents. Screenshots: test-output/dashboard-book-*.png.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-output');
const missing = fs.existsSync(CHROMIUM) ? null : `${CHROMIUM} is missing (apt-get install chromium; .ci/run does)`;
const PASSWORD = 'violet-harbour-sunrise-42';

describe.skipIf(missing)(`booking in the dashboard${missing ? ` (skipped: ${missing})` : ''}`, { timeout: 120_000 }, () => {
  let aa: AaTestSystem;
  let g: DashboardGateway;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let heldOrderId = '';
  const pageErrors: string[] = [];
  const inaccessible: string[] = [];

  /** axe-core on the page as it is now (serious and critical violations collected), then a screenshot. */
  async function shot(name: string): Promise<void> {
    if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axe.source);
    const violations = await page.evaluate(async () => {
      const found = await (globalThis as unknown as { axe: typeof axe }).axe.run({ resultTypes: ['violations'] });
      return found.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    });
    for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
      inaccessible.push(`${name}: ${v.impact} ${v.id} at ${v.targets.slice(0, 3).join(', ')}`);
    await page.screenshot({ path: path.join(SCREENSHOTS, `dashboard-book-${name}.png`), fullPage: true });
  }

  /** Search JFK-LAX, choose the first offer that can be held, and wait for its priced terms. */
  async function searchAndChoose(days: number): Promise<void> {
    await page.getByRole('link', { name: 'Book' }).click();
    await page.getByRole('heading', { name: 'Book' }).waitFor();
    await page.getByLabel('From').fill('JFK');
    await page.getByLabel('To', { exact: true }).fill('LAX');
    await page.getByLabel('Departure').fill(daysAhead(days));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: /offers?, cheapest first/ }).waitFor();
  }

  beforeAll(async () => {
    aa = await startAaTestSystem({ subscriptionKey: SUBSCRIPTION_KEY, logger: false });
    g = await startDashboardGateway({
      app: { aaTestSystemUrl: aa.url },
      env: { AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY },
    });
    await g.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(g.app.server.address() as { port: number }).port}`;
    const agency = await g.gateway.identity.createAgency({ name: 'Harbour Travel' });
    const user = await g.gateway.identity.createUser({
      agencyId: agency.id,
      email: `agent-${Date.now()}@agency.test`,
      password: PASSWORD,
      role: 'developer',
      permissions: [],
      emailVerified: true,
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('response', (r) => r.status() >= 500 && pageErrors.push(`${r.status()} ${r.request().method()} ${r.url()}`));
    await page.goto(`${origin}/dashboard/`);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await g?.close();
    await aa?.close();
  });

  it('searches, shows brand, bags and conditions, prices the offer chosen, holds it and lands on the order', async () => {
    await searchAndChoose(35);
    const offer = page.locator('article.offer').filter({ hasText: 'can be held' }).first();
    await expect.poll(() => offer.getByTestId('offer-brand').textContent()).not.toBe('No brand');
    expect(await offer.getByTestId('offer-bags').textContent()).toMatch(/checked|carry-on|bag/i);
    expect(await offer.getByTestId('offer-refund').textContent()).toMatch(/not allowed|free|fee|allowed/);
    expect(await offer.getByTestId('offer-change').textContent()).toMatch(/not allowed|free|fee|allowed/);
    expect(await offer.getByText(/AA\d+ \d\d:\d\d–\d\d:\d\d/).count()).toBeGreaterThan(0);
    await shot('offers');

    await offer.getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('heading', { name: 'Chosen offer, priced by the airline' }).waitFor();
    await page.getByLabel('Given name').fill('Zoë');
    await page.getByLabel('Last name').fill('Ångström');
    await page.getByLabel('Date of birth').fill('1988-04-02');
    await page.getByLabel('Gender').selectOption('f');
    await page.getByLabel('E-mail').fill('zoe@agency.test');
    await page.getByLabel('Hold, pay later').check();
    await shot('passengers');
    await page.getByRole('button', { name: 'Hold the booking' }).click();

    await page.getByRole('heading', { name: /^Order AA-/ }).waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe('hold');
    heldOrderId = ((await page.getByRole('heading', { name: /^Order AA-/ }).textContent()) ?? '').replace(/^Order /, '');
    expect(new URL(page.url()).pathname).toBe(`/dashboard/orders/${encodeURIComponent(heldOrderId)}`);
    await shot('order');
  });

  it('pays another booking now: ticketed at once', async () => {
    await searchAndChoose(36);
    await page.locator('article.offer').first().getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('heading', { name: 'Chosen offer, priced by the airline' }).waitFor();
    await page.getByLabel('Given name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Date of birth').fill('1985-12-10');
    await page.getByLabel('E-mail').fill('ada@agency.test');
    await page.getByLabel('Pay now on the agency account (tickets at once)').check();
    await page.getByRole('button', { name: 'Book and pay' }).click();
    await page.getByRole('heading', { name: /^Order AA-/ }).waitFor();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('ticketed');
  });

  it('finds the held order on the Orders screen by the last name typed without accents', async () => {
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await page.getByLabel('Passenger last name').fill('angstr');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/passenger_name=angstr/);
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('link', { name: heldOrderId }).waitFor();
    await shot('orders-by-name');
    expect(pageErrors).toEqual([]);
    expect(inaccessible).toEqual([]);
  });
});
