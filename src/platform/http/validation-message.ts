import type { FastifySchemaValidationError } from 'fastify';

/**
 * Turns the validator's first complaint into a sentence that names the field the way the
 * client wrote it: `adults must be >= 1`, `origin is required`, `limit must be <= 500`.
 */
export function validationMessage(errors: FastifySchemaValidationError[], context: string | undefined): string {
  const first = errors[0];
  if (!first) return 'invalid request';
  const params = first.params as Record<string, unknown>;
  const field = fieldName(first.instancePath);
  const where = context === 'headers' ? 'header' : context === 'querystring' ? 'query parameter' : 'field';

  switch (first.keyword) {
    case 'required': {
      const name = joinField(field, String(params.missingProperty));
      return `${name} is required`;
    }
    case 'additionalProperties':
      return `${joinField(field, String(params.additionalProperty))} is not a known ${where}`;
    case 'type':
      return field
        ? `${field} must be ${article(String(params.type))}`
        : `request ${context === 'body' ? 'body' : where} must be ${article(String(params.type))}`;
    case 'format':
      return `${field || 'value'} must be a valid ${formatName(String(params.format))}`;
    case 'enum':
      return `${field || 'value'} must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${field || 'value'} ${first.message}`;
    case 'minLength':
      return Number(params.limit) === 1 ? `${field} must not be empty` : `${field} must be at least ${params.limit} characters`;
    case 'maxLength':
      return `${field} must be at most ${params.limit} characters`;
    case 'minItems':
      return `${field} must have at least ${params.limit} item${Number(params.limit) === 1 ? '' : 's'}`;
    case 'maxItems':
      return `${field} must have at most ${params.limit} items`;
    case 'pattern':
      return `${field || 'value'} has an invalid format`;
    default:
      return `${field || 'request'} ${first.message ?? 'is invalid'}`;
  }
}

function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

function joinField(parent: string, child: string): string {
  return parent ? `${parent}.${child}` : child;
}

function article(type: string): string {
  if (type === 'integer') return 'an integer';
  if (type === 'object') return 'a JSON object';
  if (type === 'array') return 'an array';
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
