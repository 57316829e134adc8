import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_AUDIENCES, DESCRIPTION_OF } from '../../src/platform/http/api-audiences.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { redoclyFindings, spectralFindings, type Finding } from './openapi-lint.js';

/**
 * Each served description (the integrator's `/openapi.json`, the dashboard's and the operator's) passes Redocly's `recommended` rules and Spectral's `spectral:oas`
 * with nothing left over but the findings docs/api-docs.md accepts, each with its reason and a bound.
 * A finding of a rule not on that list fails; so does a rule on the list that no longer fires,
 * so the list only shrinks.
 */
const API_DOCS = path.resolve(import.meta.dirname, '../../docs/api-docs.md');

interface Accepted {
  tool: string;
  rule: string;
  /** How many findings of the rule are accepted; null: all (the rule fires on every operation). */
  atMost: number | null;
}

/** The table between the `lint-ignores` markers: `| tool | rule | at most | why | until |`. */
function acceptedFindings(): Accepted[] {
  const text = fs.readFileSync(API_DOCS, 'utf8');
  const table = /<!-- lint-ignores:start -->([\s\S]*?)<!-- lint-ignores:end -->/.exec(text)?.[1];
  if (!table) throw new Error('docs/api-docs.md has no lint-ignores table');
  return table
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*(tool|-)/.test(line))
    .map((line) => {
      const [tool = '', rule = '', atMost = ''] = line
        .split('|')
        .slice(1)
        .map((cell) => cell.trim().replaceAll('`', ''));
      return { tool, rule, atMost: atMost === 'all' ? null : Number(atMost) };
    });
}

describe('the served API descriptions under Redocly recommended and spectral:oas', () => {
  let t: TestApp;
  let findings: Finding[];

  beforeAll(async () => {
    t = await buildTestApp();
    findings = [];
    for (const audience of API_AUDIENCES) {
      const document = (await t.app.inject({ url: DESCRIPTION_OF[audience].url })).json<object>();
      const found = [...(await redoclyFindings(document)), ...(await spectralFindings(document))];
      findings.push(...found.map((f) => ({ ...f, where: `${DESCRIPTION_OF[audience].url}${f.where}` })));
    }
  }, 120_000);
  afterAll(() => t.close());

  it('has no finding beyond the accepted ones of docs/api-docs.md', () => {
    const accepted = acceptedFindings();
    const unaccepted = findings.filter((f) => !accepted.some((a) => a.tool === f.tool && a.rule === f.rule));
    expect(unaccepted.map((f) => `${f.tool} ${f.severity} ${f.rule} at ${f.where}: ${f.message}`)).toEqual([]);
    for (const a of accepted) {
      const count = findings.filter((f) => f.tool === a.tool && f.rule === a.rule).length;
      expect(count, `${a.tool} ${a.rule} no longer fires: take it off the list in docs/api-docs.md`).toBeGreaterThan(0);
      if (a.atMost !== null) {
        const where = findings.filter((f) => f.tool === a.tool && f.rule === a.rule).map((f) => f.where);
        expect(
          count,
          `${a.tool} ${a.rule}: more findings than docs/api-docs.md accepts: ${where.join(', ')}`,
        ).toBeLessThanOrEqual(a.atMost);
      }
    }
  });

  it('declares contact, licence, described tags and a server that works on any host, in each description', async () => {
    for (const audience of API_AUDIENCES) {
      const document = (await t.app.inject({ url: DESCRIPTION_OF[audience].url })).json<{
        info: { contact: { name: string }; license: { name: string } };
        tags: { name: string; description: string }[];
        servers: { url: string }[];
      }>();
      expect(document.info.contact.name).toBeTruthy();
      expect(document.info.license.name).toBe('Proprietary');
      expect(document.tags.every((tag) => tag.description.length > 0)).toBe(true);
      expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    }
  });

  it('names PUBLIC_URL as the server when it is set', async () => {
    const behindProxy = await buildTestApp({ env: { PUBLIC_URL: 'https://api.example.com' } });
    try {
      const document = (await behindProxy.app.inject({ url: '/openapi.json' })).json<{ servers: { url: string }[] }>();
      expect(document.servers.map((s) => s.url)).toEqual(['https://api.example.com']);
    } finally {
      await behindProxy.close();
    }
  });
});
