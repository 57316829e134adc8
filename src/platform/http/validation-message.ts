import type { FastifySchemaValidationError } from 'fastify';

type ValidationError = FastifySchemaValidationError;

/**
 * Turns the validator's complaint into a sentence that names the field the way the client wrote
 * it and, where the schema lists them, the values it allows: `adults must be >= 1`,
 * `origin is required`, `status must be one of: confirmed, cancelled`. Every ajv keyword our
 * schemas use has its own wording; an unexpected one still names the field.
 */
export function validationMessage(errors: FastifySchemaValidationError[], context: string | undefined): string {
  const last = errors[errors.length - 1];
  if (!last) return 'invalid request';
  // ajv stops at the first failure, so an `anyOf` (a TypeBox union) comes last, after the
  // complaint of each of its branches.
  if (last.keyword === 'anyOf' || last.keyword === 'oneOf') return unionMessage(errors.slice(0, -1), last, context);
  return keywordMessage(errors[0]!, context);
}

/**
 * The name of the field or query parameter the client sent and the route does not have, as the
 * message spells it (`passengers[0].middle_name`, `q`), for the error's `field`; null for any
 * other complaint.
 */
export function unknownName(errors: FastifySchemaValidationError[], context: string | undefined): string | null {
  const first = errors[0];
  if (errors.length !== 1 || first?.keyword !== 'additionalProperties') return null;
  if (context !== 'body' && context !== 'querystring') return null;
  return joinField(fieldName(first.instancePath), String(first.params.additionalProperty));
}

function unionMessage(branches: ValidationError[], union: ValidationError, context: string | undefined): string {
  const field = fieldName(union.instancePath) || whole(context);
  const here = branches.filter((e) => e.instancePath === union.instancePath);
  if (here.length > 0 && here.length === branches.length) {
    const allowed = here.flatMap((e) => allowedValues(e));
    if (here.every((e) => e.keyword === 'const' || e.keyword === 'enum')) return `${field} must be one of: ${allowed.join(', ')}`;
    if (here.every((e) => e.keyword === 'type')) {
      const types = here.flatMap((e) => typesOf(e));
      return `${field} must be ${types.map(article).join(' or ')}`;
    }
  }
  // Mixed branches (a format or an empty string; one of two objects): the first branch's words.
  const first = here[0] ?? branches[0];
  return first ? keywordMessage(first, context) : `${field} is invalid`;
}

function keywordMessage(error: ValidationError, context: string | undefined): string {
  const params = error.params;
  const path = fieldName(error.instancePath);
  const field = path || whole(context);
  const where = context === 'headers' ? 'header' : context === 'querystring' ? 'query parameter' : 'field';

  switch (error.keyword) {
    case 'required':
      return `${joinField(path, String(params.missingProperty))} is required`;
    case 'dependencies':
    case 'dependentRequired':
      return `${joinField(path, String(params.property))} needs ${joinField(path, String(params.missingProperty))}`;
    case 'additionalProperties':
      // Stripe's wording for a body field the API does not have: `unknown field cabin_class`.
      if (context === 'body') return `unknown field ${joinField(path, String(params.additionalProperty))}`;
      // The same for a query parameter the route does not have: `unknown query parameter q`.
      if (context === 'querystring') return `unknown query parameter ${joinField(path, String(params.additionalProperty))}`;
      return `${joinField(path, String(params.additionalProperty))} is not a known ${where}`;
    case 'propertyNames':
      return `${field} has a field name that is not allowed`;
    case 'type':
      return `${field} must be ${typesOf(error).map(article).join(' or ')}`;
    case 'format':
      return `${field} must be a valid ${formatName(String(params.format))}`;
    case 'enum':
    case 'const':
      return `${field} must be one of: ${allowedValues(error).join(', ')}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${field} must be ${params.comparison} ${params.limit}`;
    case 'multipleOf':
      return `${field} must be a multiple of ${params.multipleOf}`;
    case 'minLength':
      return Number(params.limit) === 1 ? `${field} must not be empty` : `${field} must be at least ${params.limit} characters`;
    case 'maxLength':
      return `${field} must be at most ${params.limit} characters`;
    case 'minItems':
      return `${field} must have at least ${params.limit} item${Number(params.limit) === 1 ? '' : 's'}`;
    case 'maxItems':
      return `${field} must have at most ${params.limit} item${Number(params.limit) === 1 ? '' : 's'}`;
    case 'uniqueItems':
      return `${field} must not list the same item twice`;
    case 'minProperties':
      return `${field} must have at least ${params.limit} field${Number(params.limit) === 1 ? '' : 's'}`;
    case 'maxProperties':
      return `${field} must have at most ${params.limit} field${Number(params.limit) === 1 ? '' : 's'}`;
    case 'pattern':
      return `${field} has an invalid format`;
    case 'decimal':
      // A number spelt otherwise than in decimal (`0x10`, `1e1` for an integer, ` 7`): decimal-numbers.ts.
      return params.kind === 'integer'
        ? `${field} must be an integer written in decimal digits (0-9)`
        : `${field} must be a number written in decimal notation`;
    case 'not':
    case 'false schema':
      return `${field} is not allowed`;
    default:
      return `${field} is invalid`;
  }
}

/** `/passengers/0/given_name` → `passengers[0].given_name` */
function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? unescape(part) : `.${unescape(part)}`))
    .join('');
}

/** JSON Pointer escapes (`~1` is `/`, `~0` is `~`). */
const unescape = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

function whole(context: string | undefined): string {
  if (context === 'body') return 'request body';
  if (context === 'querystring') return 'query string';
  if (context === 'params') return 'path';
  if (context === 'headers') return 'headers';
  return 'request';
}

function joinField(parent: string, child: string): string {
  return parent ? `${parent}.${child}` : child;
}

function allowedValues(error: ValidationError): string[] {
  const params = error.params;
  if (error.keyword === 'const') return [String(params.allowedValue)];
  if (error.keyword === 'enum') return (params.allowedValues as unknown[]).map(String);
  return [];
}

function typesOf(error: ValidationError): string[] {
  return String(error.params.type).split(',');
}

function article(type: string): string {
  if (type === 'integer') return 'an integer';
  if (type === 'object') return 'a JSON object';
  if (type === 'array') return 'an array';
  if (type === 'null') return 'null';
  return `a ${type}`;
}

function formatName(format: string): string {
  const names: Record<string, string> = {
    date: 'date (YYYY-MM-DD)',
    'date-time': 'date-time (ISO 8601)',
    email: 'e-mail address',
    uri: 'URL',
  };
  return names[format] ?? format;
}
