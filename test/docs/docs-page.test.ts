import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { PATIENCE } from '../helpers/patience.js';

/**
 * The docs page as a developer meets it: a real headless Chromium (Debian's package, never a
 * downloaded browser) opens /docs from 127.0.0.1 and from localhost, sees operations rather than a
 * spinner, and sends a keyed request from the page's own client. Screenshots go to test-output/.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-output');
const missing = fs.existsSync(CHROMIUM) ? null : `${CHROMIUM} is missing (apt-get install chromium; .ci/run does)`;

describe.skipIf(missing)(`docs page in headless Chromium${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let t: TestApp;
  let browser: Browser;
  let port: number;
  let secret: string;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ secret } = await t.agencyWithKey());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /**
   * Opens a page that records every request it makes to another origin than the gateway's, and
   * every refusal of the content security policy (the browser reports each on the console).
   */
  async function open(host: string, hash: string): Promise<{ page: Page; elsewhere: string[]; refused: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.setDefaultTimeout(PATIENCE.timeout);
    const origin = `http://${host}:${port}`;
    const elsewhere: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(`${origin}/`) && !request.url().startsWith('data:')) elsewhere.push(request.url());
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${origin}/docs${hash}`);
    return { page, elsewhere, refused };
  }

  it('serves the page under a policy without eval, inline scripts other than its own, or connections elsewhere', async () => {
    const policy = (await t.app.inject({ url: '/docs' })).headers['content-security-policy'] as string;
    const directives = Object.fromEntries(
      policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...v]) => [name, v]),
    );
    expect(directives['script-src']).toEqual(["'self'", expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/connect-src[^;]*\*/);
  });

  for (const host of ['127.0.0.1', 'localhost']) {
    it(`renders every tag and the operations with curl and JavaScript samples, opened as http://${host}/docs, with nothing loaded from elsewhere`, async () => {
      const spec = (await t.app.inject({ url: '/openapi.json' })).json<{
        paths: Record<string, Record<string, { summary?: string }>>;
        tags: { name: string }[];
      }>();
      const { page, elsewhere, refused } = await open(host, '#tag/shopping/POST/v1/shopping/offers');
      const search = spec.paths['/v1/shopping/offers']!.post!.summary!;
      await page.getByRole('heading', { name: search }).first().waitFor();
      // The sample shows the address the page was opened on: the description's server is relative.
      await page.getByText(`curl http://${host}:${port}/v1/shopping/offers`).first().waitFor();
      for (const tag of spec.tags) await page.getByText(tag.name, { exact: true }).first().waitFor();
      // Samples for JavaScript too: Node.js (fetch) among the client libraries offered.
      await page.getByText('Node.js', { exact: true }).first().waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, `docs-page-${host}.png`) });
      expect(elsewhere).toEqual([]);
      expect(refused).toEqual([]);
      await page.close();
    });

    it(`sends a keyed request from the page's client, opened as http://${host}/docs`, async () => {
      const { page, elsewhere, refused } = await open(host, '#tag/monitoring/GET/v1/monitoring/airlines');
      await page.getByRole('button', { name: 'Test Request' }).first().click();
      await page.getByLabel('Value', { exact: true }).filter({ visible: true }).first().fill(secret);
      const answered = page.waitForResponse((r) => r.url() === `http://${host}:${port}/v1/monitoring/airlines`);
      await page.getByRole('button', { name: 'Send' }).filter({ visible: true }).first().click();
      const response = await answered;
      expect(response.status()).toBe(200);
      await page.getByText('200 OK').filter({ visible: true }).first().waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, `docs-page-try-${host}.png`) });
      expect(elsewhere).toEqual([]);
      expect(refused).toEqual([]);
      await page.close();
    });
  }
});
