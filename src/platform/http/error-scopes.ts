import { ERROR_CODES, statusesOf, type ErrorCode, type ErrorCodeEntry } from './error-codes.js';

/** What the catalogue's `operations` are matched against: one route, as the description shows it. */
export interface OperationFacts {
  operationId?: string | undefined;
  method: string;
  /** In the description's spelling: `/v1/orders/{orderID}`. */
  path: string;
  auth?: string | undefined;
  meter?: string | undefined;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `/v1/orders/:orderID` (Fastify) as `/v1/orders/{orderID}` (OpenAPI). */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}');

/** Whether one entry of a code's `operations` covers the operation (error-codes.ts says how each reads). */
export function scopeCovers(scope: string, op: OperationFacts): boolean {
  switch (scope) {
    case '*':
      return true;
    case 'body':
      return BODY_METHODS.has(op.method);
    case 'api-key':
    case 'session':
    case 'airline-signature':
      return op.auth === scope;
    case 'metered':
      return op.meter !== undefined;
    case 'unrouted':
    case 'cli':
      return false;
  }
  if (scope.startsWith('metered:')) return op.meter === scope.slice('metered:'.length);
  if (scope.startsWith('/')) return op.path === scope || op.path.startsWith(`${scope}/`);
  if (scope.includes(' ')) return `${op.method} ${op.path}` === scope;
  return op.operationId === scope;
}

/** Every code the operation may answer, by status, in catalogue order. */
export function codesByStatus(op: OperationFacts): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [code, entry] of Object.entries(ERROR_CODES) as [ErrorCode, ErrorCodeEntry][]) {
    if (!entry.operations.some((scope) => scopeCovers(scope, op))) continue;
    for (const status of statusesOf(code)) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** Whether the catalogue lets the operation answer `code` at `status`. */
export function declares(op: OperationFacts, status: number, code: string): boolean {
  return (
    codesByStatus(op)
      .get(status)
      ?.includes(code as ErrorCode) ?? false
  );
}
