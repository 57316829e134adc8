import { describe, expect, it } from 'vitest';
import { operationsOf, type Schema, servedTestApp } from './served-document.js';

/**
 * One naming style: every field and query parameter the API documents is snake_case, except the
 * names the contract (interface.md) itself spells otherwise, listed here with the contract's line.
 * A former camelCase spelling may stay while it is deprecated and names a snake_case sibling.
 * Path placeholders (`{orderID}`) and headers are not fields: the contract spells them.
 */
const CONTRACT_SPELLED: Record<string, { where: string[]; contract: string }> = {
  // interface.md, "### Developer API key": `| allowedIps | array of string | IP allowlist; ... |`
  allowedIps: {
    where: ['ApiKey', 'ApiKeyWithSecret', 'POST /v1/dev/api-keys', 'PATCH /v1/dev/api-keys/{id}'],
    contract: '| allowedIps | array of string | IP allowlist; an empty array removes it. |',
  },
  // interface.md, "### Developer API key": `| expiresAt | string | Expiry; an empty string removes it. |`
  expiresAt: {
    where: ['ApiKey', 'ApiKeyWithSecret', 'POST /v1/dev/api-keys', 'PATCH /v1/dev/api-keys/{id}'],
    contract: '| expiresAt | string | Expiry; an empty string removes it. |',
  },
};

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const snakeOf = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const served = servedTestApp();

/** `where: name` for every property name that breaks the style, at any depth of the schema. */
function offenders(schema: unknown, where: string, found: string[] = [], seen = new Set<unknown>()): string[] {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return found;
  seen.add(schema);
  const record = schema as Schema;
  if (typeof record.properties === 'object' && record.properties !== null) {
    const properties = record.properties as Record<string, Schema>;
    for (const [name, property] of Object.entries(properties)) {
      if (SNAKE.test(name)) continue;
      if (property.deprecated === true && snakeOf(name) in properties) continue;
      if (CONTRACT_SPELLED[name]?.where.includes(where)) continue;
      found.push(`${where}: ${name}`);
    }
  }
  for (const [key, value] of Object.entries(record))
    if (key !== 'examples' && key !== 'example') offenders(value, where, found, seen);
  return found;
}

describe('field names in /openapi.json', () => {
  it('are snake_case, but for the contract-spelled ones and deprecated former spellings', () => {
    const found: string[] = [];
    for (const { name, operation } of operationsOf(served.document)) {
      const where = name;
      offenders(operation.requestBody, where, found);
      offenders(operation.responses, where, found);
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query' || SNAKE.test(parameter.name)) continue;
        if ((parameter as { deprecated?: boolean }).deprecated === true) continue;
        found.push(`${where}: query ${parameter.name}`);
      }
    }
    for (const [name, schema] of Object.entries(served.document.components.schemas ?? {})) offenders(schema, name, found);
    expect([...new Set(found)]).toEqual([]);
  });

  it('name the replacement of every deprecated former spelling', () => {
    const request = operationsOf(served.document).find((o) => o.name === 'GET /v1/dev/requests')!.operation;
    const former = request.parameters?.find((p) => p.name === 'requestId') as { deprecated?: boolean; description?: string };
    expect(former.deprecated).toBe(true);
    expect(former.description).toContain('`request_id`');
    const logged = served.document.components.schemas?.LoggedRequest as {
      properties: Record<string, Schema>;
      required: string[];
    };
    expect(logged.properties.durationMs).toMatchObject({ deprecated: true });
    expect(String(logged.properties.durationMs?.description)).toContain('`duration_ms`');
    expect(logged.required).toContain('duration_ms');
    expect(logged.required).not.toContain('durationMs');
  });

  it('would catch a camelCase field that is neither deprecated nor contract-spelled', () => {
    expect(offenders({ properties: { createdAt: { type: 'string' } } }, 'Probe')).toEqual(['Probe: createdAt']);
    expect(offenders({ properties: { allowedIps: { type: 'array' } } }, 'WebhookEndpoint')).toEqual([
      'WebhookEndpoint: allowedIps',
    ]);
  });
});
