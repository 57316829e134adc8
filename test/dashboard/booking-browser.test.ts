import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { startDuffelTestSystem, type DuffelTestSystem } from '../../src/testsystem/duffel/server.js';
import { daysAhead, SUBSCRIPTION_KEY } from '../shopping/shopping-fixture.js';
import { REQUEST_LOG_FLUSH_JOB } from '../../src/request-log/plugin.js';
import { PATIENCE } from '../helpers/patience.js';
import * as harness from './browser-harness.js';
import { startDashboardGateway, type DashboardGateway } from './dashboard-harness.js';

/**
 * Agency staff booking by hand, in Debian's headless Chromium against a real gateway and the AA and
 * Duffel test systems: search, an offer showing its owner airline and source, brand, bags and
 * conditions, priced, passengers named, held (and another paid), the new order's page, the held
 * order found again on the Orders screen by the passenger's last name typed without its accents,
 * and British Airways sold through Duffel on JFK→LHR (Iberia's codeshare operated by BA) booked and
 * shown as such. Screenshots: test-output/dashboard-book-*.png.
 */
const missing = harness.browserMissing();

describe.skipIf(missing)(`booking in the dashboard${harness.skipNote(missing)}`, { timeout: 120_000 }, () => {
  let aa: AaTestSystem;
  let duffel: DuffelTestSystem;
  let g: DashboardGateway;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let heldOrderId = '';
  const pageErrors: string[] = [];
  const checks = harness.screenChecks('dashboard-book-');
  const inaccessible = checks.inaccessible;
  /** axe-core on the page as it is now (serious and critical violations collected), then a screenshot. */
  const shot = (name: string) => checks.shot(page, name);

  /** Search from JFK (to LAX unless told), and wait for the offers. */
  async function searchAndChoose(days: number, to = 'LAX'): Promise<void> {
    await page.getByRole('link', { name: 'Book' }).click();
    await page.getByRole('heading', { name: 'Book' }).waitFor();
    await page.getByLabel('From').fill('JFK');
    await page.getByLabel('To', { exact: true }).fill(to);
    await page.getByLabel('Departure').fill(daysAhead(days));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('itinerary-count').waitFor();
  }

  /** Fill the one passenger's form and the contact; a phone only where told. */
  async function namePassenger(p: {
    given: string;
    last: string;
    born: string;
    gender?: 'f' | 'm';
    email: string;
    phone?: string;
  }) {
    await page.getByLabel('Given name').fill(p.given);
    await page.getByLabel('Last name').fill(p.last);
    await page.getByLabel('Date of birth').fill(p.born);
    if (p.gender) await page.getByLabel('Gender').selectOption(p.gender);
    await page.getByLabel('E-mail').fill(p.email);
    if (p.phone) await page.getByLabel('Phone (optional)').fill(p.phone);
  }

  const email = `agent-${Date.now()}@agency.test`;

  beforeAll(async () => {
    aa = await startAaTestSystem({ subscriptionKey: SUBSCRIPTION_KEY, logger: false });
    duffel = await startDuffelTestSystem({ logger: false });
    g = await startDashboardGateway({
      app: { testSystemUrls: { AA: aa.url, DUFFEL: duffel.url } },
      env: { AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY },
    });
    origin = await harness.listenOnLoopback(g.app);
    const agency = await g.gateway.identity.createAgency({ name: 'Harbour Travel' });
    const user = await g.gateway.identity.createUser({
      agencyId: agency.id,
      email,
      password: harness.PASSWORD,
      role: 'developer',
      permissions: [],
      emailVerified: true,
    });
    browser = await harness.launchBrowser();
    page = await harness.openPage(browser, { width: 1280, height: 900 });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('response', (r) => r.status() >= 500 && pageErrors.push(`${r.status()} ${r.request().method()} ${r.url()}`));
    await page.goto(`${origin}/dashboard/`);
    await harness.signIn(page, { email: user.email, password: harness.PASSWORD });
  }, 60_000);
  afterAll(() => harness.closeAll(browser, g, aa, duffel));

  it('searches, shows brand, bags and conditions, prices the offer chosen, holds it and lands on the order', async () => {
    await searchAndChoose(35);
    // A brand's column in an itinerary's row: the flights are the row's, the fare the column's.
    const offer = page.locator('.fare').filter({ hasText: 'can be held' }).filter({ hasText: 'direct from AA' }).first();
    const itinerary = page.locator('article.itinerary').filter({ has: offer });
    expect(await offer.getByTestId('offer-airline').textContent()).toBe('AA');
    await expect.poll(() => offer.getByTestId('offer-brand').textContent()).not.toBe('No brand');
    expect(await offer.getByTestId('offer-bags').textContent()).toMatch(/checked|carry-on|bag/i);
    expect(await offer.getByTestId('offer-refund').textContent()).toMatch(/not allowed|free|fee|allowed/);
    expect(await offer.getByTestId('offer-change').textContent()).toMatch(/not allowed|free|fee|allowed/);
    expect(await itinerary.getByText(/AA\d+ \d\d:\d\d–\d\d:\d\d/).count()).toBeGreaterThan(0);
    await shot('offers');

    await offer.getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('heading', { name: 'Chosen offer, priced by the airline' }).waitFor();
    await namePassenger({ given: 'Zoë', last: 'Ångström', born: '1988-04-02', gender: 'f', email: 'zoe@agency.test' });
    await page.getByLabel('Hold, pay later').check();
    await shot('passengers');
    await page.getByRole('button', { name: 'Hold the booking' }).click();

    await page.getByRole('heading', { name: /^Order AA-/ }).waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe('hold');
    expect(await page.getByTestId('order-airline').textContent()).toBe('AA');
    expect(await page.getByTestId('order-source').textContent()).toBe('direct from AA');
    heldOrderId = ((await page.getByRole('heading', { name: /^Order AA-/ }).textContent()) ?? '').replace(/^Order /, '');
    expect(new URL(page.url()).pathname).toBe(`/dashboard/orders/${encodeURIComponent(heldOrderId)}`);
    await shot('order');
  });

  it('pays another booking now: ticketed at once', async () => {
    await searchAndChoose(36);
    await page.locator('.fare').filter({ hasText: 'direct from AA' }).first().getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('heading', { name: 'Chosen offer, priced by the airline' }).waitFor();
    await namePassenger({ given: 'Ada', last: 'Lovelace', born: '1985-12-10', email: 'ada@agency.test' });
    await page.getByLabel('Pay now on the agency account (tickets at once)').check();
    await page.getByRole('button', { name: 'Book and pay' }).click();
    await page.getByRole('heading', { name: /^Order AA-/ }).waitFor();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('ticketed');
  });

  it('shows both bookings in Logs, made from the dashboard by the member', async () => {
    // The log is written in batches, every second in a running gateway; here the test writes it.
    await g.platform.scheduler.runNow(REQUEST_LOG_FLUSH_JOB);
    await page.getByRole('link', { name: 'Logs' }).click();
    await page.getByRole('heading', { name: 'Logs' }).waitFor();
    const bookings = page.getByRole('table').locator('tbody tr').filter({ hasText: '/v1/dev/orders' });
    await expect.poll(() => bookings.count(), PATIENCE).toBe(2);
    for (const row of await bookings.all()) expect(await row.textContent()).toContain(`Dashboard: ${email}`);
    await shot('logs');
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

  it('shows British Airways sold through Duffel on JFK→LHR, the codeshare operated by BA, and its order', async () => {
    await searchAndChoose(37, 'LHR');
    // Airlines' fares in columns of their itineraries' rows; "operated by" is the row's. Every row shown.
    const more = page.getByRole('button', { name: /^Show \d+ more/ });
    while ((await more.count()) > 0) await more.click();
    const fares = page.locator('.fare');
    const rows = page.locator('article.itinerary');
    const fareOf = (airline: string) => page.getByTestId('offer-airline').getByText(airline, { exact: true });
    const ba = fares.filter({ has: fareOf('BA') }).first();
    expect(await ba.getByTestId('offer-source').textContent()).toBe('via Duffel');
    expect(await rows.filter({ has: ba }).getByTestId('offer-operated-by').count()).toBe(0);
    const iberia = fares.filter({ has: fareOf('IB') }).first();
    expect(await iberia.getByTestId('offer-source').textContent()).toBe('via Duffel');
    expect((await rows.filter({ has: iberia }).getByTestId('offer-operated-by').first().textContent())?.trim()).toBe(
      'operated by British Airways (BA)',
    );
    expect(await fares.filter({ hasText: 'direct from AA' }).count()).toBeGreaterThan(0);
    await shot('offers-three-airlines');

    await ba.getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('heading', { name: 'Chosen offer, priced by the airline' }).waitFor();
    const priced = page.locator('article.offer');
    expect(await priced.getByTestId('offer-airline').textContent()).toBe('BA');
    expect(await priced.getByTestId('offer-source').textContent()).toBe('via Duffel');
    // Duffel's airlines need a phone number to book.
    const grace = { given: 'Grace', last: 'Hopper', born: '1976-12-09', gender: 'f', email: 'grace@agency.test' } as const;
    await namePassenger({ ...grace, phone: '+442071234567' });
    await page.getByLabel('Pay now on the agency account (tickets at once)').check();
    await page.getByRole('button', { name: 'Book and pay' }).click();

    const heading = page.getByRole('heading', { name: /^Order DUFFEL-/ });
    await heading.waitFor();
    expect(await page.getByTestId('order-airline').textContent()).toBe('BA');
    expect(await page.getByTestId('order-source').textContent()).toBe('via Duffel');
    const segments = page.getByTestId('order-segments');
    // British Airways' JFK→LHR flights, every digit of the number kept.
    expect(await segments.getByText(/^BA(178|112|174)$/).count()).toBe(1);
    expect(await segments.getByTestId('segment-operated-by').count()).toBe(0);
    await shot('order-via-duffel');

    const orderId = ((await heading.textContent()) ?? '').replace(/^Order /, '');
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByLabel('Passenger last name').fill('hopper');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: orderId }) });
    await row.waitFor();
    expect(await row.textContent()).toContain('via Duffel');
    expect(pageErrors).toEqual([]);
    expect(inaccessible).toEqual([]);
  });
});
