import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../src/platform/http/error-codes.js';
import { STREAM_ERROR_CODES } from '../../src/platform/http/error-codes/stream-errors.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Every error body's `documentation_url` opens a rendered page the gateway serves, on the code's
 * own section (issue 48: errors a developer can act on).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://api.gateway.test' } });
});
afterAll(() => t?.close());

/** The path and anchor of a documentation_url on this gateway. */
function pageOf(documentationUrl: string): { path: string; anchor: string } {
  const url = new URL(documentationUrl);
  expect(url.origin).toBe('https://api.gateway.test');
  return { path: url.pathname, anchor: url.hash.slice(1) };
}

describe('the error reference page', () => {
  it('has a section with the id of every catalogued code, saying its status and what to do', async () => {
    const res = await t.app.inject({ url: '/docs/errors' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const code of [...Object.keys(ERROR_CODES), ...Object.keys(STREAM_ERROR_CODES)]) {
      expect(res.body, code).toContain(`<section id="${code}">`);
    }
    const section = res.body.slice(res.body.indexOf('<section id="offer_not_available">'));
    const own = section.slice(0, section.indexOf('</section>'));
    expect(own).toContain('HTTP 404');
    expect(own).toContain('What to do');
    expect(own).toContain('&quot;code&quot;: &quot;offer_not_available&quot;');
    expect(own).toContain('https://api.gateway.test/docs/errors#offer_not_available');
  });

  it('is self-contained: no script, no outside address, a policy allowing only its own style', async () => {
    const res = await t.app.inject({ url: '/docs/errors' });
    expect(res.body).not.toMatch(/<script|src=|href="(https?:)?\/\//i);
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[^']+';/);
  });

  it("escapes the catalogue's text: no tag but the page's own", async () => {
    const res = await t.app.inject({ url: '/docs/errors' });
    const tags = new Set([...res.body.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase()));
    const pageTags = ['html', 'head', 'meta', 'title', 'style', 'body', 'h1', 'h2', 'h3', 'p', 'a', 'code', 'pre'];
    expect([...tags].sort()).toEqual([...pageTags, 'section', 'table', 'thead', 'tbody', 'tr', 'th', 'td'].sort());
  });

  it("opens from a real error body's documentation_url on that code's anchor, in both error shapes", async () => {
    const plain = await t.app.inject({ method: 'POST', url: '/v1/shopping/offers', payload: {} });
    const enveloped = await t.app.inject({ url: '/v1/aviation/airports/1' });
    for (const documentationUrl of [plain.json().documentation_url, enveloped.json().errors[0].documentation_url]) {
      const { path, anchor } = pageOf(documentationUrl as string);
      expect(anchor).toBe('missing_api_key');
      const page = await t.app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain(`id="${anchor}"`);
    }
  });

  it('keeps the Markdown at /docs/errors.md, each entry saying what to do', async () => {
    const res = await t.app.inject({ url: '/docs/errors.md' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      const entry = res.body.slice(res.body.indexOf(`\n## ${code}\n`));
      expect(entry.slice(1).split('\n## ', 2)[0], code).toContain('What to do: ');
    }
  });
});
