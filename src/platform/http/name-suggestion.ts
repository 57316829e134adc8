/**
 * The name a caller most likely meant, for a body field, query parameter or path that does not
 * exist: the same once case, `_` and `-` are ignored (`offerId` for `offer_id`), or at most two
 * edits away (`shoping` for `shopping`). Null when none is that near, so a suggestion is never a guess.
 */
export function nearestName(given: string, known: Iterable<string>): string | null {
  const plain = (name: string) => name.toLowerCase().replace(/[_-]/g, '');
  let best: { name: string; distance: number } | null = null;
  for (const name of known) {
    if (name === given) continue;
    const distance = plain(name) === plain(given) ? 0 : editDistance(name.toLowerCase(), given.toLowerCase(), 2);
    if (distance <= 2 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name ?? null;
}

/** Levenshtein distance, or `most + 1` as soon as it must exceed `most`. */
export function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    if (Math.min(...row) > most) return most + 1;
    previous = row;
  }
  return previous[b.length]!;
}

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
}

/** The property names a schema allows at an ajv `instancePath` (`/passengers/0`), any branch of a union. */
export function propertyNamesAt(schema: unknown, instancePath: string): string[] {
  let nodes = [schema as SchemaNode];
  const expand = (list: SchemaNode[]): SchemaNode[] =>
    list.flatMap((n) => (n && typeof n === 'object' ? [n, ...expand([...(n.anyOf ?? []), ...(n.oneOf ?? [])])] : []));
  for (const segment of instancePath.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    nodes = expand(nodes).flatMap((n) => {
      const next = /^\d+$/.test(key) ? n.items : n.properties?.[key];
      return next ? [next] : [];
    });
  }
  return [...new Set(expand(nodes).flatMap((n) => Object.keys(n.properties ?? {})))];
}

/**
 * The route template (`/v1/orders/:orderID`) a path that matched none most likely meant: as many
 * segments, a parameter standing for any one, and at most two edits over the fixed ones in all.
 * The path is shown back as the template spells it, so a caller's own text is never echoed.
 */
export function nearestRoute(path: string, templates: Iterable<string>): string | null {
  const given = path.replace(/\/+$/, '').split('/');
  let best: { template: string; distance: number } | null = null;
  for (const template of templates) {
    const parts = template.split('/');
    if (parts.length !== given.length || template.includes('*')) continue;
    let distance = 0;
    for (let i = 0; i < parts.length && distance <= 2; i++) {
      if (!parts[i]!.startsWith(':')) distance += editDistance(parts[i]!, given[i]!.toLowerCase(), 2);
    }
    if (distance <= 2 && (!best || distance < best.distance)) best = { template, distance };
  }
  return best?.template ?? null;
}
