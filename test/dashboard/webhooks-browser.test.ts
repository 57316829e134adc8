import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/webhooks/verify.js';
import { startReceiver, type Receiver } from '../webhooks/https-receiver.js';
import * as harness from './browser-harness.js';
import { startDashboardGateway, type DashboardGateway } from './dashboard-harness.js';

/**
 * The webhooks screen in Debian's headless Chromium against a real gateway and a real HTTPS
 * receiver on loopback: the event checklist on registration and on edit, "Send test event" with
 * its result, and the delivery log's rows opened to the body sent and the receiver's answer
 * (shown as text, never as markup). Screenshots go to test-output/webhooks-*.png.
 */
const missing = harness.browserMissing({ openssl: true });
// The receiver's answer to test events: markup that must reach the page as text.
const HOSTILE = '<img src=x id=injected onerror="document.title=1">received';

describe.skipIf(missing)(`webhooks screen in headless Chromium${harness.skipNote(missing)}`, { timeout: 120_000 }, () => {
  let receiver: Receiver;
  let g: DashboardGateway;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let token = '';
  let signingSecret = '';
  const pageErrors: string[] = [];

  const shot = (name: string) => harness.screenshot(page, `webhooks-${name}`);
  const call = (method: string, url: string, body?: unknown) =>
    g.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  beforeAll(async () => {
    receiver = await startReceiver();
    g = await startDashboardGateway({
      app: { webhooks: { ca: receiver.ca } },
      env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost' },
    });
    origin = await harness.listenOnLoopback(g.app);

    // An owner with TOTP enrolled over the API; the browser then signs in with password and a code.
    const agency = await g.gateway.identity.createAgency({ name: 'Checklist Travel' });
    const email = `hooks-owner-${Date.now()}@agency.test`;
    await g.gateway.identity.createUser({
      agencyId: agency.id,
      email,
      password: harness.PASSWORD,
      role: 'owner',
      emailVerified: true,
    });
    token = (await g.app.inject({ method: 'POST', url: '/v1/dev/login', payload: { email, password: harness.PASSWORD } })).json()
      .token;
    const secret = (await call('POST', '/v1/dev/me/mfa/totp', { password: harness.PASSWORD })).json().secret as string;
    const code = (step: number) => harness.totpCode(secret, g.clock().getTime() + step * 30_000);
    expect((await call('POST', '/v1/dev/me/mfa/totp/confirm', { code: code(0) })).statusCode).toBe(200);

    browser = await harness.launchBrowser();
    page = await harness.openPage(browser, { width: 1280, height: 900 });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${origin}/dashboard/`);
    // A code of the next time step: the one confirmed above is spent.
    await harness.signIn(page, { email, password: harness.PASSWORD, code: () => code(1) });
  }, 90_000);

  afterAll(() => harness.closeAll(browser, g, receiver));

  it('registers an endpoint for the events ticked in the checklist', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('Endpoint URL (https)').fill(receiver.url('/hooks/checklist'));
    const events = page.getByRole('group', { name: 'Events' });
    expect(await events.getByRole('checkbox', { name: 'Every event' }).isChecked()).toBe(true);
    await events.getByRole('checkbox', { name: 'order.refunded' }).check();
    await events.getByRole('checkbox', { name: 'order.cancelled' }).check();
    expect(await events.getByRole('checkbox', { name: 'Every event' }).isChecked()).toBe(false);
    await shot('checklist');
    await page.getByRole('button', { name: 'Register endpoint' }).click();
    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    signingSecret = await shown.getByLabel('Signing secret').inputValue();
    await shown.getByRole('button', { name: 'Done' }).click();
    await page.getByText('events: order.cancelled, order.refunded').waitFor();
    const stored = (await call('GET', '/v1/dev/webhooks')).json().webhooks as { url: string; events: string[] }[];
    // In the contract's order, whatever order they were ticked in.
    expect(stored).toEqual([
      expect.objectContaining({ url: receiver.url('/hooks/checklist'), events: ['order.cancelled', 'order.refunded'] }),
    ]);
  });

  it('edits the events with the same checklist: "Every event" stores the empty list', async () => {
    await page.getByRole('button', { name: `Edit events of ${receiver.url('/hooks/checklist')}` }).click();
    const edit = page.getByRole('group', { name: `Events sent to ${receiver.url('/hooks/checklist')}` });
    expect(await edit.getByRole('checkbox', { name: 'order.cancelled' }).isChecked()).toBe(true);
    await edit.getByRole('checkbox', { name: 'Every event' }).check();
    expect(await edit.getByRole('checkbox', { name: 'order.cancelled' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Save events' }).click();
    await page.getByText('events: every event').waitFor();
    const stored = (await call('GET', '/v1/dev/webhooks')).json().webhooks as { events: string[] }[];
    expect(stored[0]!.events).toEqual([]);
  });

  it('sends a test event, shows its result, and opens its row in the log to the body and the answer, as text', async () => {
    receiver.answerWith(() => ({ status: 200, body: HOSTILE }));
    const before = receiver.received.length;
    await page.getByRole('button', { name: `Deliveries to ${receiver.url('/hooks/checklist')}` }).click();
    await page.getByRole('combobox', { name: 'Test event' }).selectOption('order.ticketed');
    await page.getByRole('button', { name: 'Send test event' }).click();
    const result = page.getByRole('status', { name: 'Test event result' });
    await result.getByText(/order\.ticketed test delivered: answered 200 in \d+ ms/).waitFor();

    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.headers['x-service-test']).toBe('true');
    const sent = got[0]!.raw;
    const now = Math.floor(g.clock().getTime() / 1000);
    expect(verifyWebhook(sent, got[0]!.headers['x-service-signature'] as string, signingSecret, { now })).toMatchObject({
      event: 'order.ticketed',
      test: true,
    });

    // The log lists it as a test, without "Send again"; its row opens to the payloads.
    const row = page.getByRole('row').filter({ hasText: 'order.ticketed' });
    await row.getByText('test', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /Send again/ }).count()).toBe(0);
    await row.getByRole('button', { name: /Show payload/ }).click();
    const body = page.getByLabel(/Body sent: delivery whd_/);
    await body.waitFor();
    expect(await body.textContent()).toBe(JSON.stringify(JSON.parse(sent), null, 2));
    await page.locator('tr[id^="payload-"]').getByText(HOSTILE).waitFor();
    expect(await page.locator('#injected').count()).toBe(0);
    expect(await page.title()).not.toBe('1');
    await shot('test-event');
    expect(pageErrors).toEqual([]);
  });
});
