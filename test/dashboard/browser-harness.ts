import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PATIENCE } from '../helpers/patience.js';

/**
 * What every dashboard browser test sets up the same way: Debian's Chromium (or the reason the
 * file is skipped), its launch, a page that waits with PATIENCE, the axe-core check and screenshot
 * of a screen, and the sign-up, sign-in and TOTP steps a user takes.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-output');
export const PASSWORD = 'violet-harbour-sunrise-42';

/** Why the browser tests cannot run here (null: they can); `openssl` for a file with an HTTPS webhook receiver. */
export function browserMissing(needs: { openssl?: boolean } = {}): string | null {
  if (!fs.existsSync(CHROMIUM)) return `${CHROMIUM} is missing (apt-get install chromium; .ci/run does)`;
  if (needs.openssl && !['/usr/bin/openssl', '/bin/openssl'].some((p) => fs.existsSync(p)))
    return 'openssl is missing for the webhook receiver certificate (apt-get install openssl; .ci/run does)';
  return null;
}

/** The describe title's tail naming why it was skipped, if it was. */
export const skipNote = (missing: string | null) => (missing ? ` (skipped: ${missing})` : '');

/** Headless Chromium, with test-output/ ready for screenshots. */
export async function launchBrowser(): Promise<Browser> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
}

/** Starts `app` on a free loopback port and answers its origin. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/**
 * A page in a context of its own (its own session) whose every wait has PATIENCE: a busy machine
 * makes a screen slow, not wrong.
 */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(PATIENCE.timeout);
  return page;
}

/** Serious and critical accessibility violations axe-core found on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // axe's source is evaluated over the DevTools protocol, which the page's CSP does not govern; nothing is fetched.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    // In the page: `globalThis` is its window, and axe checks its whole document.
    const found = await (globalThis as unknown as { axe: typeof axe }).axe.run({ resultTypes: ['violations'] });
    return found.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
}

/** A full-page screenshot to test-output/`file`.png. */
export async function screenshot(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${file}.png`), fullPage: true });
}

/**
 * Screens checked and kept: `shot(page, name)` runs axe-core on the page, collects what it found in
 * `inaccessible` (asserted empty at the end of a file), then saves test-output/`prefix``name`.png.
 */
export function screenChecks(prefix: string): { inaccessible: string[]; shot(page: Page, name: string): Promise<void> } {
  const inaccessible: string[] = [];
  return {
    inaccessible,
    async shot(page, name) {
      for (const line of await seriousViolations(page)) inaccessible.push(`${name}: ${line}`);
      await screenshot(page, `${prefix}${name}`);
    },
  };
}

/** A TOTP code of `secret` for the time `at` (the gateway's clock, not this machine's). */
export function totpCode(secret: string, at: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
}

/**
 * Fills the sign-up form at /dashboard/sign-up and sends it; `beforeSubmit` runs on the filled
 * form. Done when the page asks to check the e-mail.
 */
export async function signUp(
  page: Page,
  user: { origin: string; email: string; password: string; agencyName?: string; beforeSubmit?: () => Promise<void> },
): Promise<void> {
  await page.goto(`${user.origin}/dashboard/sign-up`);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password (at least 12 characters)').fill(user.password);
  if (user.agencyName !== undefined) await page.getByLabel('Agency name (optional)').fill(user.agencyName);
  await user.beforeSubmit?.();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
}

/**
 * Signs in on the sign-in form the page shows, with `code()` when the account asks for a second
 * factor (taken only then: a code is usable once). Done when the banner offers to sign out.
 */
export async function signIn(page: Page, user: { email: string; password: string; code?: () => string }): Promise<void> {
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (user.code) {
    await page.getByLabel('Authentication code (or a recovery code)').fill(user.code());
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
}

/** Closes what a file started, in this order, passing over what never started (a failed beforeAll). */
export async function closeAll(...started: ({ close(): Promise<unknown> } | undefined)[]): Promise<void> {
  for (const thing of started) await thing?.close();
}
