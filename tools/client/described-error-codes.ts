import { STREAM_ERROR_CODES } from '../../src/platform/http/error-codes/stream-errors.js';

/**
 * The error codes a served OpenAPI description says its operations may answer: the catalogue's
 * codes (src/platform/http/error-codes.ts) as the description lists them per response, and the
 * codes the streams among its operations end with. Both generated clients type their error codes
 * with it: the client package (generate-client-package.ts) and the dashboard's
 * (dashboard/scripts/generate-client.ts).
 */
type Operation = { operationId?: string; responses?: unknown };
export type Description = { paths?: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

function operationsOf(description: Description): Operation[] {
  return Object.values(description.paths ?? {}).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([, operation]) => operation),
  );
}

/** Every `x-error-codes` list under `node` (a response carries it where its error body is described). */
function listedCodes(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) listedCodes(item, into);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-error-codes' && Array.isArray(value)) for (const code of value) into.add(String(code));
      else listedCodes(value, into);
    }
  }
}

/** The codes the described operations may answer, sorted: their responses' `x-error-codes`, and the codes of the streams it describes. */
export function errorCodesOf(description: Description): string[] {
  const operations = operationsOf(description);
  const ids = new Set(operations.map((operation) => operation.operationId));
  const codes = new Set<string>();
  for (const operation of operations) listedCodes(operation.responses, codes);
  for (const [code, entry] of Object.entries(STREAM_ERROR_CODES)) {
    if (entry.operations.some((id) => ids.has(id))) codes.add(code);
  }
  return [...codes].sort();
}

/** `ERROR_CODES` (the list, as const) and `ErrorCode` (its union) as TypeScript source. */
export function errorCodeUnionSource(codes: readonly string[], doc: string): string {
  const list = codes.map((code) => `  '${code}',`).join('\n');
  return `/** ${doc} */\nexport const ERROR_CODES = [\n${list}\n] as const;\n\nexport type ErrorCode = (typeof ERROR_CODES)[number];\n`;
}
