import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_AUDIENCES, type ApiAudience } from '../../src/platform/http/api-audiences.js';
import { operationsOf, servedDescription, type ServedDocument } from '../contract/served-document.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The three descriptions: each complete (every schema it refers to present, none it does not),
 * each with only its audience's operations and tags, none shared; and a client generated from the
 * integrator's rejects a misspelt body field at compile time, as the gateway does at run time.
 */
let t: TestApp;
const served = {} as Record<ApiAudience, ServedDocument>;
beforeAll(async () => {
  t = await buildTestApp();
  for (const audience of API_AUDIENCES) served[audience] = await servedDescription(t.app, audience);
}, 60_000);
afterAll(() => t?.close());

const refsIn = (value: unknown): string[] =>
  [...JSON.stringify(value).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);

describe('each description', () => {
  it.each(API_AUDIENCES)(
    '%s: holds every schema it refers to and no other, and the tags and schemes its operations use',
    (audience) => {
      const document = served[audience];
      const schemas = Object.keys(document.components.schemas ?? {});
      const referred = new Set(refsIn(document));
      expect([...referred].filter((name) => !schemas.includes(name))).toEqual([]);
      expect(schemas.filter((name) => !referred.has(name))).toEqual([]);
      const used = new Set(operationsOf(document).flatMap(({ operation }) => operation.tags ?? []));
      expect(document.tags!.map((tag) => tag.name).sort()).toEqual([...used].sort());
      const schemes = new Set(operationsOf(document).flatMap(({ operation }) => (operation.security ?? []).flatMap(Object.keys)));
      for (const scheme of schemes) expect(document.components.securitySchemes).toHaveProperty(scheme);
    },
  );

  it('splits the operations by audience, each in one description only', () => {
    const names = (audience: ApiAudience) => operationsOf(served[audience]).map(({ name }) => name);
    const integrator = names('integrator');
    const dashboard = names('dashboard');
    const operator = names('operator');
    expect(integrator.filter((n) => /\/v1\/(dev|admin)\//.test(n))).toEqual([]);
    expect(dashboard.every((n) => n.includes(' /v1/dev/'))).toBe(true);
    expect(operator.every((n) => / \/v1\/(admin|airlines|sources)\//.test(n))).toBe(true);
    expect(integrator).toContain('POST /v1/shopping/offers');
    expect(integrator).toContain('GET /v1/health');
    expect(dashboard).toContain('POST /v1/dev/shopping/offers');
    expect(operator).toContain('POST /v1/airlines/{airline}/notifications');
    const all = [...integrator, ...dashboard, ...operator];
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(served.integrator.components.securitySchemes ?? {})).toEqual(['ApiKey']);
  });
});

describe('a client generated from /openapi.json', { timeout: 60_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-closed-'));
    // As an integrator runs it: openapi-typescript's defaults. A body object that says it takes other
    // fields (`additionalProperties: true`, or a schema) would take `offerId` here too.
    const types = astToString(await openapiTS(served.integrator as never));
    fs.writeFileSync(path.join(dir, 'schema.ts'), types);
  });
  afterAll(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  function typeErrors(snippet: string): string[] {
    const file = path.join(dir, 'snippet.ts');
    fs.writeFileSync(file, `import type { paths } from './schema';\n${snippet}\n`);
    const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022 });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  const BODY = (p: string) =>
    `paths['${p}']['post']['requestBody'] extends { content: { 'application/json': infer B } } | undefined ? B : never`;

  it('rejects `offerId` for `offer_id`, at the top level and nested, and compiles the right spelling', () => {
    const wrong = typeErrors(`
      type Price = ${BODY('/v1/offers/price')};
      type Book = ${BODY('/v1/orders')};
      export const price: Price = { offerId: 'AA|x' };
      export const book: Book = { offer_id: 'AA|x', passengers: [{ given_name: 'A', family_name: 'B', born_on: '1985-12-10', middle_nam: 'x' }], payment: { type: 'hold' } };
    `);
    expect(wrong.join('\n')).toMatch(/'offerId' does not exist/);
    expect(wrong.join('\n')).toMatch(/'middle_nam' does not exist/);
    expect(
      typeErrors(`
      type Price = ${BODY('/v1/offers/price')};
      type Book = ${BODY('/v1/orders')};
      export const price: Price = { offer_id: 'AA|x' };
      export const book: Book = { offer_id: 'AA|x', passengers: [{ given_name: 'A', family_name: 'B', born_on: '1985-12-10' }], payment: { type: 'hold' } };
    `),
    ).toEqual([]);
  });
});

describe('GET /', () => {
  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it('gives a browser a page of links to the docs, the dashboard, the three descriptions and health', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: BROWSER } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.vary).toContain('Accept');
    for (const href of [
      '/docs',
      '/dashboard',
      '/openapi.json',
      '/openapi/dashboard.json',
      '/openapi/operator.json',
      '/v1/health',
    ])
      expect(res.body).toContain(`<a href="${href}">`);
  });

  it('gives a program (JSON, */* or no Accept) the same links as JSON, each answering', async () => {
    for (const accept of ['application/json', '*/*', undefined]) {
      const res = await t.app.inject({ url: '/', headers: accept ? { accept } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const { links } = res.json<{ links: { rel: string; href: string }[] }>();
      expect(links.map((l) => l.rel)).toEqual(
        expect.arrayContaining(['docs', 'dashboard', 'openapi-integrator', 'openapi-dashboard', 'openapi-operator', 'health']),
      );
    }
    const { links } = (await t.app.inject({ url: '/' })).json<{ links: { href: string }[] }>();
    for (const { href } of links) expect((await t.app.inject({ url: href })).statusCode, href).not.toBe(404);
  });
});
