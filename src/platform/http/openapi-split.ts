import type { ApiAudience } from './api-audiences.js';

type Schema = Record<string, unknown>;

/** The parts of a built OpenAPI document that one audience's description is cut from. */
export interface OpenApiDocument {
  info: Schema;
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> } & Schema;
  tags?: { name: string }[];
  security?: Record<string, string[]>[];
  [key: string]: unknown;
}

/** What one audience's description says of itself beyond its operations. */
export interface AudienceHeading {
  title: string;
  description: string;
  /** The security requirement of an operation that declares none. */
  security: Record<string, string[]>[];
}

const SCHEMA_REF = '#/components/schemas/';
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * One audience's complete description cut from the whole one: the operations `audienceOf` gives it,
 * the tags they carry (in the declared order), the security schemes they name, and the component
 * schemas they reach through `$ref` at any depth, and no other. Operation objects are shared with
 * the whole document, not copied: the examples put in when it is served show in every cut.
 */
export function descriptionFor(
  whole: OpenApiDocument,
  audience: ApiAudience,
  audienceOf: (method: string, path: string) => ApiAudience,
  heading: AudienceHeading,
): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(whole.paths ?? {})) {
    const kept = Object.entries(item).filter(([key]) => !HTTP_METHODS.has(key) || audienceOf(key, path) === audience);
    if (kept.some(([key]) => HTTP_METHODS.has(key))) paths[path] = Object.fromEntries(kept);
  }
  const operations = Object.values(paths).flatMap((item) =>
    Object.entries(item)
      .filter(([key]) => HTTP_METHODS.has(key))
      .map(([, operation]) => operation as Schema),
  );
  const tagNames = new Set(operations.flatMap((operation) => (operation.tags as string[] | undefined) ?? []));
  const schemeNames = new Set(
    [
      ...heading.security,
      ...operations.flatMap((operation) => (operation.security as Record<string, string[]>[] | undefined) ?? []),
    ].flatMap((requirement) => Object.keys(requirement)),
  );
  const components = whole.components ?? {};
  return {
    ...whole,
    info: { ...whole.info, title: heading.title, description: heading.description },
    paths,
    components: {
      ...components,
      schemas: reachedSchemas(paths, components.schemas ?? {}),
      securitySchemes: pick(components.securitySchemes ?? {}, schemeNames),
    },
    tags: (whole.tags ?? []).filter((tag) => tagNames.has(tag.name)),
    security: heading.security,
  };
}

/** The component schemas `from` refers to, with the ones they refer to in turn. */
function reachedSchemas(from: unknown, schemas: Record<string, unknown>): Record<string, unknown> {
  const reached = new Set<string>();
  const pending = [from];
  while (pending.length > 0) {
    for (const name of schemaRefsIn(pending.pop())) {
      if (reached.has(name) || !(name in schemas)) continue;
      reached.add(name);
      pending.push(schemas[name]);
    }
  }
  // In the whole document's order, so each cut reads as the whole one does.
  return pick(schemas, reached);
}

function schemaRefsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) schemaRefsIn(item, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(SCHEMA_REF))
        found.push(unescapePointer(inner.slice(SCHEMA_REF.length)));
      else schemaRefsIn(inner, found);
    }
  }
  return found;
}

const unescapePointer = (part: string) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');

function pick(record: Record<string, unknown>, names: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => names.has(name)));
}

/**
 * The union of descriptions cut from one gateway (what the dashboard's client is generated from,
 * and what a test of every operation reads): their operations never overlap, and a component two
 * of them hold is the same object, so the union is as whole as the gateway's own.
 */
export function unionOf<T extends OpenApiDocument>([first, ...rest]: readonly T[]): T {
  if (!first) throw new Error('no description to join');
  return rest.reduce<T>(
    (all, next) => ({
      ...all,
      paths: { ...all.paths, ...next.paths },
      components: {
        ...all.components,
        ...next.components,
        schemas: { ...all.components?.schemas, ...next.components?.schemas },
        securitySchemes: { ...all.components?.securitySchemes, ...next.components?.securitySchemes },
      },
      tags: [...(all.tags ?? []), ...(next.tags ?? []).filter((tag) => !all.tags?.some((known) => known.name === tag.name))],
    }),
    first,
  );
}
