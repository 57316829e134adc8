import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequest, notFound } from '../../src/platform/errors.js';
import { ERROR_CODES, statusesOf, type ErrorCode } from '../../src/platform/http/error-codes.js';
import { codesByStatus, openApiPath } from '../../src/platform/http/error-scopes.js';
import { registerErrorHandling } from '../../src/platform/http/error-handler.js';
import { renderErrorsDocument } from '../../src/platform/http/errors-document.js';
import { API_KEY_ROUTE } from '../../src/platform/http/route-policy.js';
import { auditErrorCodes } from '../helpers/error-code-audit.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { operationsOf, servedDocument, type ServedDocument } from './served-document.js';
import { SEARCH_WARNING_CODES } from '../../src/shopping/search-schemas.js';

/**
 * The error-code catalogue (src/platform/http/error-codes.ts) is the one list of codes: what the
 * code throws, what the OpenAPI description declares, docs/errors.md and the guides all agree with it.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CODES = Object.keys(ERROR_CODES) as ErrorCode[];

let t: TestApp;
let document: ServedDocument;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://api.gateway.test' } });
  document = await servedDocument(t.app);
});
afterAll(() => t?.close());

const errorCodesOf = (response: { content?: Record<string, { schema: Record<string, unknown> }> } & Record<string, unknown>) =>
  (response['x-error-codes'] ?? response.content?.['application/json']?.schema['x-error-codes']) as string[] | undefined;

function declared(operationId: string, status: number): string[] {
  const found = operationsOf(document).find((o) => o.operation.operationId === operationId);
  const response = found?.operation.responses[String(status)];
  return response ? (errorCodesOf(response) ?? []) : [];
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the catalogue', () => {
  it('names only operations, paths and routes that exist, and every code is one the gateway answers', () => {
    const operationIds = new Set(operationsOf(document).map((o) => o.operation.operationId));
    const paths = Object.keys(document.paths);
    const routeKeys = new Set(t.app.declaredRoutes.map((r) => `${r.method} ${openApiPath(r.url)}`));
    const classes = new Set([
      '*',
      'body',
      'api-key',
      'session',
      'airline-signature',
      'metered',
      'metered:shopping',
      'unrouted',
      'cli',
    ]);
    const unknown = CODES.flatMap((code) =>
      ERROR_CODES[code].operations
        .filter((scope: string) => {
          if (classes.has(scope)) return false;
          if (scope.startsWith('/')) return !paths.some((p) => p === scope || p.startsWith(`${scope}/`));
          if (scope.includes(' ')) return !routeKeys.has(scope);
          return !operationIds.has(scope);
        })
        .map((scope: string) => `${code}: ${scope}`),
    );
    expect(unknown).toEqual([]);
  });

  it('holds every code thrown in src/, at the status it is thrown with, and no code nothing throws', () => {
    const STATUS_OF: Record<string, number> = {
      badRequest: 400,
      unauthorized: 401,
      forbidden: 403,
      notFound: 404,
      conflict: 409,
      unprocessable: 422,
      tooManyRequests: 429,
      badGateway: 502,
      unavailable: 503,
    };
    const wrong: string[] = [];
    const literals = new Set<string>();
    for (const file of sourceFiles(path.join(ROOT, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const where = (node: ts.Node) =>
        `${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const check = (status: number | null, code: ts.Node | undefined, node: ts.Node) => {
        if (!code || !ts.isStringLiteral(code)) return;
        // A search answer's warnings carry a code and a message too, in a 200: not errors.
        if ((SEARCH_WARNING_CODES as readonly string[]).includes(code.text)) return;
        const known = (CODES as string[]).includes(code.text);
        if (!known || (status !== null && !statusesOf(code.text as ErrorCode).includes(status)))
          wrong.push(`${where(node)}: ${status ?? '?'} ${code.text}`);
      };
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in STATUS_OF)
          check(STATUS_OF[node.expression.text]!, node.arguments[1], node);
        if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError') {
          const [status, code] = node.arguments ?? [];
          check(status && ts.isNumericLiteral(status) ? Number(status.text) : null, code, node);
        }
        // `{code: '...', message}`: the key gate's refusals, the framework's and the HTTP parser's errors.
        if (
          ts.isPropertyAssignment(node) &&
          node.name.getText() === 'code' &&
          ts.isStringLiteral(node.initializer) &&
          ts.isObjectLiteralExpression(node.parent) &&
          node.parent.properties.some((p) => p.name?.getText() === 'message')
        )
          check(null, node.initializer, node);
        if (ts.isStringLiteral(node) && !file.endsWith('error-codes.ts')) literals.add(node.text);
        ts.forEachChild(node, visit);
      };
      // The test systems play airlines: their codes are the airlines', not this API's.
      if (!file.includes(`${path.sep}testsystem${path.sep}`)) visit(source);
    }
    expect(wrong).toEqual([]);
    // Each code appears in the code that answers it (a factory's default counts: it is a literal too).
    expect(CODES.filter((code) => !literals.has(code))).toEqual([]);
  });

  it('is what AppError and its factories accept: an unknown code, or one of another status, does not compile', () => {
    // @ts-expect-error not a catalogued code
    expect(badRequest('x', 'no_such_code').code).toBe('no_such_code');
    // @ts-expect-error order_not_found is a 404, not a 400
    expect(badRequest('x', 'order_not_found').status).toBe(400);
    expect(notFound('x', 'order_not_found').code).toBe('order_not_found');
  });
});

describe('the OpenAPI description', () => {
  it('declares, for every operation, exactly the error statuses and codes the catalogue gives it', () => {
    const routes = new Map(t.app.declaredRoutes.map((r) => [`${r.method} ${openApiPath(r.url)}`, r]));
    const differences: string[] = [];
    for (const { name, operation } of operationsOf(document)) {
      const route = routes.get(name)!;
      const expected = codesByStatus({
        operationId: operation.operationId,
        method: route.method,
        path: openApiPath(route.url),
        auth: route.auth,
        meter: route.meter,
      });
      for (const [status, codes] of expected) {
        const listed = declared(operation.operationId!, status);
        const missing = codes.filter((code) => !listed.includes(code));
        if (missing.length > 0) differences.push(`${operation.operationId} ${status}: ${missing.join(', ')}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('declares the 401 of every API-key operation, shopping and offers included', () => {
    for (const operationId of ['searchOffers', 'streamOffers', 'priceOffers', 'getOfferSeatMap', 'listOfferServices']) {
      expect(declared(operationId, 401), operationId).toEqual(['missing_api_key', 'invalid_api_key', 'api_key_expired']);
      expect(declared(operationId, 403), operationId).toEqual(
        expect.arrayContaining(['ip_not_allowed', 'api_key_read_only', 'path_not_allowed']),
      );
    }
    expect(declared('getAirport', 401)).toEqual(['missing_api_key', 'invalid_api_key', 'api_key_expired']);
  });

  it("declares a portal session's own codes, not an API key's", () => {
    expect(declared('listApiKeys', 401)).toEqual(['missing_session', 'invalid_session']);
    expect(declared('listAgencies', 403)).toEqual(expect.arrayContaining(['missing_permission', 'mfa_required']));
    expect(declared('listApiKeys', 403)).not.toContain('mfa_required');
  });

  it('says where documentation_url points', () => {
    const body = document.components.schemas?.ErrorBody as { required?: string[]; properties: Record<string, unknown> };
    expect(body.required).toContain('documentation_url');
    expect(JSON.stringify(body.properties.documentation_url)).toContain('/docs/errors#<code>');
  });
});

describe('error bodies', () => {
  it("link their code's section of the error reference, in the plain body and in the envelope", async () => {
    const plain = await t.app.inject({ method: 'POST', url: '/v1/shopping/offers', payload: {} });
    expect(plain.statusCode).toBe(401);
    expect(plain.json()).toMatchObject({
      code: 'missing_api_key',
      documentation_url: 'https://api.gateway.test/docs/errors#missing_api_key',
    });
    const enveloped = await t.app.inject({ url: '/v1/aviation/airports/1' });
    expect(enveloped.statusCode).toBe(401);
    expect(enveloped.json().errors[0]).toMatchObject({
      code: 'missing_api_key',
      documentation_url: 'https://api.gateway.test/docs/errors#missing_api_key',
    });
  });

  it('leave the Markdown of the reference served as it is generated', async () => {
    const res = await t.app.inject({ url: '/docs/errors.md' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.body).toContain('\n## missing_api_key\n');
    expect(res.body).toBe(renderErrorsDocument());
  });
});

describe('docs/errors.md', () => {
  it('is the catalogue as generated (run `npm run docs:errors` after changing error-codes.ts)', () => {
    expect(fs.readFileSync(path.join(ROOT, 'docs/errors.md'), 'utf8')).toBe(renderErrorsDocument());
  });
});

describe('the guides', () => {
  const guides = [
    'README.md',
    ...fs
      .readdirSync(path.join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md') && f !== 'errors.md')
      .map((f) => `docs/${f}`),
  ];

  it('quote each code with a status it is answered with', () => {
    const wrong: string[] = [];
    for (const guide of guides) {
      const text = fs.readFileSync(path.join(ROOT, guide), 'utf8');
      for (const [, status, code] of text.matchAll(/\b([45]\d\d),? `([a-z][a-z0-9_]*)`/g)) {
        if (!(CODES as string[]).includes(code!) || !statusesOf(code as ErrorCode).includes(Number(status)))
          wrong.push(`${guide}: ${status} \`${code}\``);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("name the portal's session and admin refusals by the codes the gate answers", () => {
    const portal = fs.readFileSync(path.join(ROOT, 'docs/portal.md'), 'utf8');
    expect(portal).toContain('401 `missing_session`');
    expect(portal).toContain('`invalid_session`');
    expect(portal).toContain('403 `mfa_required`');
  });
});

describe('the test apps', () => {
  it('catch an error answered outside the catalogue', async () => {
    const app = Fastify();
    registerErrorHandling(app, 'http://gateway.test/docs/errors');
    const audit = auditErrorCodes(app, new Set());
    app.get('/probe', { schema: { operationId: 'getOrder' }, config: API_KEY_ROUTE }, async () => {
      throw notFound('no such offer', 'offer_not_found');
    });
    await app.ready();
    expect((await app.inject({ url: '/probe' })).statusCode).toBe(404);
    expect(audit.violations).toEqual(['GET /probe (getOrder): 404 offer_not_found is not declared']);
    await app.close();
  });
});
