import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { API_AUDIENCES, DESCRIPTION_OF, type ApiAudience } from '../../src/platform/http/api-audiences.js';
import { unionOf, type OpenApiDocument } from '../../src/platform/http/openapi-split.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/** The parts of the served OpenAPI document the contract tests read. */
export interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema: Schema; examples?: Record<string, { summary: string; value: unknown }> }>;
  };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}
export type Schema = Record<string, unknown>;
export interface ServedDocument {
  info: Schema;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, Schema> };
  tags?: { name: string; description: string }[];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** One audience's description as served (the integrator's is /openapi.json). */
export async function servedDescription(app: FastifyInstance, audience: ApiAudience): Promise<ServedDocument> {
  return (await app.inject({ url: DESCRIPTION_OF[audience].url })).json<ServedDocument>();
}

/** Every operation the gateway describes: the union of its three descriptions. */
export async function servedDocument(app: FastifyInstance): Promise<ServedDocument> {
  const descriptions = await Promise.all(API_AUDIENCES.map((audience) => servedDescription(app, audience)));
  return unionOf(descriptions as unknown as OpenApiDocument[]) as unknown as ServedDocument;
}

/** Every operation as `METHOD /path` with its object. */
export function operationsOf(document: ServedDocument): { name: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );
}

/** The operation with this operationId, or an error naming it. */
export function operationById(document: ServedDocument, operationId: string): Operation {
  const found = operationsOf(document).find(({ operation }) => operation.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found.operation;
}

/**
 * A test app and the document it serves, for the tests of one file or `describe`: built before
 * them and closed after them. Read `served.t` and `served.document` inside the tests.
 */
export function servedTestApp(): { readonly t: TestApp; readonly document: ServedDocument } {
  const served = {} as { t: TestApp; document: ServedDocument };
  beforeAll(async () => {
    served.t = await buildTestApp();
    served.document = await servedDocument(served.t.app);
  });
  afterAll(() => served.t?.close());
  return served;
}
