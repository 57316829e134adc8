import type { FastifyInstance } from 'fastify';

/** The parts of the served OpenAPI document the contract tests read. */
export interface Operation {
  operationId?: string;
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema: Schema; examples?: Record<string, { summary: string; value: unknown }> }>;
  };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}
export type Schema = Record<string, unknown>;
export interface ServedDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Schema> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

export async function servedDocument(app: FastifyInstance): Promise<ServedDocument> {
  return (await app.inject({ url: '/openapi.json' })).json<ServedDocument>();
}

/** Every operation as `METHOD /path` with its object. */
export function operationsOf(document: ServedDocument): { name: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );
}
