import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as harness from './browser-harness.js';
import { startDashboardGateway, type DashboardGateway } from './dashboard-harness.js';

/**
 * A new agency's first day in Debian's headless Chromium against a real gateway on this run's
 * storage: the e-mailed links open the dashboard's own pages (verification, password reset,
 * invitation), whose token is taken off the address bar and never sent in a URL; and an action that
 * needs a second factor leads to the guided set-up, which returns where the user was going.
 * Screenshots go to test-output/dashboard-first-*.png.
 */
const missing = harness.browserMissing();
const NEW_PASSWORD = 'saffron-meadow-lantern-63';
const TEAMMATE_PASSWORD = 'cobalt-orchard-evening-17';
const STEP_MS = 30_000;

describe.skipIf(missing)(
  `first day in the dashboard, headless Chromium${harness.skipNote(missing)}`,
  { timeout: 120_000 },
  () => {
    let g: DashboardGateway;
    let browser: Browser;
    let origin: string;
    let owner: Page;
    const email = `first-${Date.now()}@agency.test`;
    const teammate = `teammate-${Date.now()}@agency.test`;
    let totpSecret = '';
    /** Every URL the pages asked for, to prove no e-mailed token travelled in one. */
    const requested: string[] = [];
    const elsewhere: string[] = [];
    const consoleErrors: string[] = [];
    const { inaccessible, shot } = harness.screenChecks('dashboard-first-');

    /**
     * A TOTP code for the gateway's clock, moved on one time step first: a code is usable once, and
     * one from a step ahead of the clock is outside the window the gateway accepts.
     */
    const nextCode = () => {
      g.advance(STEP_MS);
      return harness.totpCode(totpSecret, g.clock().getTime());
    };

    /** A page in a context of its own (its own session). */
    async function newPage(): Promise<Page> {
      const page = await harness.openPage(browser);
      page.on('request', (request) => {
        requested.push(request.url());
        if (!request.url().startsWith(`${origin}/`) && !request.url().startsWith('data:')) elsewhere.push(request.url());
      });
      page.on('response', (response) => {
        if (response.status() >= 500) consoleErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && !/status of [45]\d\d/.test(message.text())) consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => consoleErrors.push(error.message));
      return page;
    }

    /**
     * The one link of the newest mail to `to`: it must open the dashboard at PUBLIC_URL with the
     * token in the fragment. Answers the same page on this test's gateway, and the token.
     */
    function mailedLink(to: string, page: string): { url: string; token: string } {
      const mail = g.mailTo(to) ?? '';
      const link = new RegExp(`https://portal\\.gateway\\.test/dashboard/${page}#token=([A-Za-z0-9_-]+)`).exec(mail);
      expect(link, `a /dashboard/${page}#token= link in the mail to ${to}`).not.toBeNull();
      return { url: `${origin}/dashboard/${page}#token=${link![1]}`, token: link![1]! };
    }

    /** The token is gone from the address bar, and no request the pages made carried it. */
    function tokenStayedHere(page: Page, token: string): void {
      expect(page.url()).not.toContain(token);
      expect(requested.filter((url) => url.includes(token))).toEqual([]);
    }

    async function signIn(page: Page, address: string, password: string, withCode: boolean): Promise<void> {
      await harness.signIn(page, { email: address, password, ...(withCode ? { code: nextCode } : {}) });
    }

    /** Until a mail to `to` whose text matches `pattern` is in the outbox (the reset mail goes out after the answer). */
    async function mailArrives(to: string, pattern: RegExp): Promise<void> {
      const deadline = Date.now() + 15_000;
      while (!pattern.test(g.mailTo(to) ?? '')) {
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    beforeAll(async () => {
      g = await startDashboardGateway();
      origin = await harness.listenOnLoopback(g.app);
      browser = await harness.launchBrowser();
      owner = await newPage();
    }, 60_000);
    afterAll(() => harness.closeAll(browser, g));

    it('signs up, and the e-mailed link opens the dashboard page, which says in words that the address is verified', async () => {
      await harness.signUp(owner, { origin, email, password: harness.PASSWORD });

      const link = mailedLink(email, 'verify-email');
      const opened = await owner.goto(link.url);
      // The page's own answer keeps the address out of any request it makes to another site.
      expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
      await owner.getByText('Your e-mail address is verified. You can sign in now.').waitFor();
      expect(await owner.locator('body').innerText()).not.toContain('{"status"');
      tokenStayedHere(owner, link.token);
      expect(new URL(owner.url()).pathname).toBe('/dashboard/verify-email');
      await shot(owner, 'verify-email');

      await owner.getByRole('button', { name: 'Go to sign-in' }).click();
      await signIn(owner, email, harness.PASSWORD, false);
      await owner.getByRole('heading', { name: 'Overview' }).waitFor();
    });

    it('leads an action that needs a second factor to the guided set-up, and back to where it was going', async () => {
      await owner.getByRole('link', { name: 'Webhooks' }).click();
      await owner.getByRole('heading', { name: 'Webhooks' }).waitFor();
      const lead = owner.getByRole('link', { name: 'Protect your account with an authenticator app' });
      await lead.waitFor();
      // A step, not an error, and in plain words: no API path, nothing red.
      const main = owner.getByRole('main');
      expect(await main.innerText()).not.toContain('/v1/');
      expect(await owner.getByRole('alert').count()).toBe(0);
      await shot(owner, 'needs-second-factor');

      await lead.click();
      await owner.getByRole('heading', { name: 'Protect your account with an authenticator app' }).waitFor();
      await owner.getByLabel('Current password').fill(harness.PASSWORD);
      await shot(owner, 'second-factor-intro');
      await owner.getByRole('button', { name: 'Continue' }).click();
      await owner.getByRole('img', { name: 'QR code of the authenticator key' }).waitFor();
      totpSecret = (await owner.getByTestId('totp-secret').textContent()) ?? '';
      expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
      await owner.getByLabel('The 6-digit code the app shows').fill(nextCode());
      await shot(owner, 'second-factor-scan');
      await owner.getByRole('button', { name: 'Turn on' }).click();

      const codes = owner.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await codes.first().waitFor();
      expect(await codes.count()).toBeGreaterThanOrEqual(8);
      await shot(owner, 'second-factor-recovery-codes');
      await owner.getByRole('button', { name: 'I have saved them, continue' }).click();

      await owner.getByRole('heading', { name: 'Webhooks' }).waitFor();
      expect(new URL(owner.url()).pathname).toBe('/dashboard/webhooks');
      // The same screen now works: the session proved the new factor.
      await owner.getByRole('link', { name: 'Overview' }).click();
      await owner.getByText('Second factor').waitFor();
      await owner.getByRole('definition').filter({ hasText: /^on$/ }).waitFor();
      expect(await owner.getByRole('alert').count()).toBe(0);
      expect(await owner.getByRole('link', { name: 'Protect your account with an authenticator app' }).count()).toBe(0);
    });

    it('resets the password from the e-mailed link, with the policy said before and on refusal', async () => {
      const page = await newPage();
      await page.goto(`${origin}/dashboard/`);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByText('a link to reset its password is on its way').waitFor();
      await mailArrives(email, /reset-password#token=/);

      const link = mailedLink(email, 'reset-password');
      await page.goto(link.url);
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      tokenStayedHere(page, link.token);
      await page.getByText('At least 12 characters').waitFor();
      await page.getByLabel('New password').fill('password12345!');
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await page.getByRole('alert').getByText('too common').waitFor();
      await shot(page, 'reset-password-refused');

      await page.getByLabel('New password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await page.getByText('Your password is reset.').waitFor();
      await shot(page, 'reset-password-done');
      await page.getByRole('button', { name: 'Go to sign-in' }).click();
      await signIn(page, email, NEW_PASSWORD, true);
      tokenStayedHere(page, link.token);
      await page.close();
      // Every session of the account ended with the reset: the owner's first tab signs in again.
      await owner.getByRole('link', { name: 'Team' }).click();
      await owner.getByRole('heading', { name: 'Sign in' }).waitFor();
      await signIn(owner, email, NEW_PASSWORD, true);
    });

    it('accepts an invitation from the e-mailed link with a password of its own, then signs in', async () => {
      await owner.getByRole('link', { name: 'Team' }).click();
      await owner.getByRole('heading', { name: 'Team' }).waitFor();
      await owner.getByLabel('E-mail').fill(teammate);
      await owner.getByRole('button', { name: 'Invite' }).click();
      await owner.getByText(`${teammate} as developer`).waitFor();

      const link = mailedLink(teammate, 'accept-invite');
      const page = await newPage();
      await page.goto(link.url);
      await page.getByRole('heading', { name: 'Join your team' }).waitFor();
      tokenStayedHere(page, link.token);
      await page.getByLabel('Password for your account').fill(TEAMMATE_PASSWORD);
      await shot(page, 'accept-invite');
      await page.getByRole('button', { name: 'Accept the invitation' }).click();
      await page.getByText('Welcome: you joined the agency as developer').waitFor();
      await shot(page, 'accept-invite-done');
      await page.getByRole('button', { name: 'Go to sign-in' }).click();
      await signIn(page, teammate, TEAMMATE_PASSWORD, false);
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      await page.getByText(teammate).waitFor();
      tokenStayedHere(page, link.token);

      // The link works once: opened again, it says so and offers sign-in.
      const again = await newPage();
      await again.goto(link.url);
      await again.getByLabel('Password for your account').fill(TEAMMATE_PASSWORD);
      await again.getByRole('button', { name: 'Accept the invitation' }).click();
      await again.getByRole('alert').getByText('this invitation is invalid, used, revoked or expired').waitFor();
      await again.getByRole('button', { name: 'Go to sign-in' }).waitFor();
      await again.close();
      await page.close();
    });

    it('loaded nothing from another origin and broke no content security rule', () => {
      expect(elsewhere).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });

    it('has no serious or critical accessibility violation (axe-core) on any screen it showed', () => {
      expect(inaccessible).toEqual([]);
    });
  },
);
