import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../src/aviation/importers/sync-runner.js';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { startDuffelTestSystem, type DuffelTestSystem } from '../../src/testsystem/duffel/server.js';
import { startVsTestSystem, type VsTestSystem } from '../../src/testsystem/vs/server.js';
import { PATIENCE } from '../helpers/patience.js';
import { daysAhead, SUBSCRIPTION_KEY, VS_SUBSCRIPTION_KEY } from '../shopping/shopping-fixture.js';
import * as harness from './browser-harness.js';
import { startDashboardGateway, type DashboardGateway } from './dashboard-harness.js';

/**
 * The Book screen as agents use it, in Debian's headless Chromium against a real gateway and the
 * AA, VS and Duffel test systems: JFK→LHR's offers grouped into itineraries with their brands side
 * by side, airlines by name (a small hand-written OpenFlights file synced as the aviation data),
 * "operated by Delta" on Virgin's codeshare and "+1" on its next-morning arrival; filters (airline,
 * stops, refundable) and a sort by duration; a reload and a deep link (signed in, and signed out:
 * sign in, then the same list); a round trip's return take-off and landing times. It prints the time from Search to the list on screen.
 * Screenshots: test-output/dashboard-book-filters-*.png.
 */
const missing = harness.browserMissing();
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

describe.skipIf(missing)(
  `the Book screen's itineraries, filters and URL${harness.skipNote(missing)}`,
  { timeout: 180_000 },
  () => {
    let aa: AaTestSystem;
    let vs: VsTestSystem;
    let duffel: DuffelTestSystem;
    let g: DashboardGateway;
    let browser: Browser;
    let page: Page;
    let origin: string;
    let email = '';
    const pageErrors: string[] = [];
    const checks = harness.screenChecks('dashboard-book-filters-');
    const shot = (name: string) => checks.shot(page, name);
    const departure = daysAhead(38);

    const rows = () => page.locator('article.itinerary');
    const count = () => page.getByTestId('itinerary-count');
    const group = (name: string) => page.getByRole('group', { name });

    /** The text of every element marked `testId` in `where`, trimmed. */
    async function texts(where: Locator | Page, testId: string): Promise<string[]> {
      return (await where.getByTestId(testId).allTextContents()).map((t) => t.trim());
    }

    /** Opens every row still behind "Show more". */
    async function showAll(): Promise<void> {
      const more = page.getByRole('button', { name: /^Show \d+ more/ });
      while ((await more.count()) > 0) await more.click();
    }

    /** Fills the search form with JFK→LHR on `departure` and sends it; answers the milliseconds until the rows are on screen. */
    async function search(): Promise<number> {
      await page.getByRole('link', { name: 'Book' }).click();
      await page.getByRole('heading', { name: 'Book' }).waitFor();
      await page.getByLabel('From').fill('JFK');
      await page.getByLabel('To', { exact: true }).fill('LHR');
      await page.getByLabel('Departure').fill(departure);
      const started = Date.now();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await count().waitFor();
      await rows().last().waitFor();
      return Date.now() - started;
    }

    beforeAll(async () => {
      aa = await startAaTestSystem({ subscriptionKey: SUBSCRIPTION_KEY, logger: false });
      vs = await startVsTestSystem({ subscriptionKey: VS_SUBSCRIPTION_KEY, logger: false });
      duffel = await startDuffelTestSystem({ logger: false });
      g = await startDashboardGateway({
        app: { testSystemUrls: { AA: aa.url, VS: vs.url, DUFFEL: duffel.url } },
        env: { AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY, VS_TEST_SUBSCRIPTION_KEY: VS_SUBSCRIPTION_KEY },
        isolated: true,
      });
      const synced = await runSync(g.platform, { from: FIXTURES, source: 'openflights-airlines' });
      expect(synced.ok, JSON.stringify(synced)).toBe(true);
      origin = await harness.listenOnLoopback(g.app);
      const agency = await g.gateway.identity.createAgency({ name: 'Meridian Travel' });
      email = `agent-${Date.now()}@meridian.test`;
      await g.gateway.identity.createUser({
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
      await harness.signIn(page, { email, password: harness.PASSWORD });
    }, 90_000);
    afterAll(() => harness.closeAll(browser, g, aa, vs, duffel));

    it('shows one row per itinerary with its brands side by side, airlines by name, "operated by" and "+1", in a short page', async () => {
      await search();
      // The same search again comes from the gateway's cache: what is timed is the screen.
      const ms = await search();
      const heading = (await count().textContent()) ?? '';
      const [, shown, itineraries, offers] = /^(\d+) of (\d+) itineraries \((\d+) offers\)/.exec(heading) ?? [];
      expect(Number(offers)).toBeGreaterThan(100);
      expect(Number(itineraries)).toBeLessThan(Number(offers));
      expect(shown).toBe(itineraries);
      const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
      console.log(
        `Book screen: JFK→LHR, ${offers} offers in ${itineraries} itineraries on screen ${ms} ms after Search, page ${height} px`,
      );
      expect(await rows().count()).toBe(Math.min(20, Number(itineraries)));
      // Several brands side by side in a row: the cheapest row has more than one column.
      expect(await rows().first().locator('.fare').count()).toBeGreaterThan(1);
      await shot('itineraries');

      // Virgin's JFK→LHR flown by Delta: named, "operated by Delta", arriving the next morning.
      await group('Airlines').getByLabel('Virgin Atlantic Airways (VS)').check();
      await showAll();
      const codeshare = rows()
        .filter({ hasText: /VS4030 / })
        .first();
      expect(await codeshare.getByTestId('itinerary-airlines').textContent()).toBe('Virgin Atlantic Airways (VS)');
      expect((await codeshare.getByTestId('offer-operated-by').textContent())?.trim()).toBe('operated by Delta Air Lines (DL)');
      expect(await codeshare.getByTestId('day-change').textContent()).toBe('+1');
      expect(await codeshare.getByTestId('slice-duration').textContent()).toMatch(/^\d+h \d\dm$/);
      expect(await codeshare.getByTestId('offer-source').first().textContent()).toMatch(/direct from VS|via Duffel/);
    });

    it('filters by airline, stops and refundable fares, sorts by duration, and keeps it all in the URL', async () => {
      await page.waitForURL(/airline=VS/);
      for (const airlines of await texts(page, 'itinerary-airlines')) expect(airlines).toContain('(VS)');

      await group('Stops').getByLabel('Non-stop').check();
      await page.waitForURL(/stops=0/);
      await showAll();
      const nonStop = await texts(page, 'slice-stops');
      expect(nonStop.length).toBeGreaterThan(1);
      expect(new Set(nonStop)).toEqual(new Set(['Non-stop']));

      await page.getByLabel('Sort by').selectOption('duration');
      await page.waitForURL(/sort=duration/);
      await showAll();
      const minutes = (await texts(page, 'slice-duration')).map((d) => {
        const [, h, m] = /^(\d+)h (\d+)m$/.exec(d) ?? [];
        return Number(h) * 60 + Number(m);
      });
      expect(minutes.every((m) => Number.isFinite(m))).toBe(true);
      expect(minutes).toEqual([...minutes].sort((a, b) => a - b));

      const before = await rows().count();
      await group('Fare').getByLabel('Refundable only').check();
      await page.waitForURL(/refundable=true/);
      await showAll();
      const refunds = await texts(page, 'offer-refund');
      expect(refunds.length).toBeGreaterThan(0);
      for (const refund of refunds) expect(refund).not.toMatch(/not allowed|not published/);
      expect(await rows().count()).toBeLessThanOrEqual(before);
      await shot('filtered');
      expect(pageErrors).toEqual([]);
    });

    it('shows the same list after a reload, and a deep link opened in the same tab or signed out then signed in', async () => {
      const url = page.url();
      expect(url).toContain(`depart=${departure}`);
      const heading = await count().textContent();
      const first = await rows().first().textContent();

      await page.reload();
      await count().getByText(heading!).waitFor();
      expect(page.url()).toBe(url);
      // The airline's name arrives after the list (the airline names are their own request): wait for it.
      await expect.poll(() => rows().first().textContent(), PATIENCE).toBe(first);
      expect(await group('Airlines').getByLabel('Virgin Atlantic Airways (VS)').isChecked()).toBe(true);
      expect(await group('Fare').getByLabel('Refundable only').isChecked()).toBe(true);
      expect(await page.getByLabel('Sort by').inputValue()).toBe('duration');
      expect(await page.getByRole('textbox', { name: 'From' }).inputValue()).toBe('JFK');

      // The link typed into this tab: still signed in, the same list.
      await page.goto(`${origin}/dashboard/`);
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      await page.goto(url);
      await count().getByText(heading!).waitFor();

      // Another browser, signed out: the sign-in form, then the linked list.
      const other = await harness.openPage(browser, { width: 1280, height: 900 });
      try {
        await other.goto(url);
        await other.getByRole('heading', { name: 'Sign in' }).waitFor();
        await harness.signIn(other, { email, password: harness.PASSWORD });
        await other.getByTestId('itinerary-count').getByText(heading!).waitFor();
        expect(other.url()).toBe(url);
        await expect.poll(() => other.locator('article.itinerary').first().textContent(), PATIENCE).toBe(first);
      } finally {
        await other.close();
      }
      expect(pageErrors).toEqual([]);
      expect(checks.inaccessible).toEqual([]);
    });

    it("filters a round trip by the return journey's take-off and landing times, kept in the URL and through a reload", async () => {
      const back = daysAhead(45);
      await page.goto(`${origin}/dashboard/book?from=JFK&to=LHR&depart=${departure}&return=${back}`);
      await count().waitFor();
      await rows().last().waitFor();
      // A one-way list has no return journey to filter; a round trip has.
      const takeOff = group('Take-off time (return)');
      const landing = group('Landing time (return)');
      await takeOff.waitFor();
      expect(await landing.count()).toBe(1);

      /** The return slice's local take-off and landing hours of every row on screen. */
      const returnHours = async () => {
        await showAll();
        const times = await page.$$eval('article.itinerary', (articles) =>
          articles.map((a) => {
            const slice = a.querySelectorAll('[data-testid="itinerary-slice"]')[1];
            const at = (testId: string) => slice?.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
            return [at('slice-departs'), at('slice-arrives')];
          }),
        );
        const hour = (t: string) => Number(t.trim().slice(0, 2));
        return { departs: times.map(([d]) => hour(d!)), arrives: times.map(([, a]) => hour(a!)) };
      };
      const all = await returnHours();
      expect(all.departs.length).toBe(await rows().count());
      // The test systems fly LHR→JFK both before noon and after it.
      expect(all.departs.some((h) => h < 12)).toBe(true);
      expect(all.departs.some((h) => h >= 12)).toBe(true);

      await takeOff.getByLabel('Morning (06–12)').check();
      await page.waitForURL(/return_departs=morning/);
      const morning = await returnHours();
      expect(morning.departs.length).toBeGreaterThan(0);
      expect(morning.departs.every((h) => h >= 6 && h < 12)).toBe(true);
      expect(morning.departs.length).toBeLessThan(all.departs.length);

      await landing.getByLabel('Afternoon (12–18)').check();
      await page.waitForURL(/return_arrives=afternoon/);
      const kept = await returnHours();
      expect(kept.arrives.every((h) => h >= 12 && h < 18)).toBe(true);
      expect(kept.departs.every((h) => h >= 6 && h < 12)).toBe(true);
      await shot('return-times');

      const url = page.url();
      await page.reload();
      await rows().first().waitFor();
      expect(page.url()).toBe(url);
      expect(await takeOff.getByLabel('Morning (06–12)').isChecked()).toBe(true);
      expect(await landing.getByLabel('Afternoon (12–18)').isChecked()).toBe(true);
      expect(await returnHours()).toEqual(kept);

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL((u) => !u.search.includes('return_departs'));
      expect((await returnHours()).departs.length).toBe(all.departs.length);
      expect(pageErrors).toEqual([]);
    });
  },
);
