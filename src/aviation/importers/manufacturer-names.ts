/** Spelling variants collapse on this key: "M & D Flugzeugbau" and "M&D Flugzeugbau" are one maker. */
export const manufacturerKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface VariantRow {
  manufacturer: string;
  model: string;
  active: boolean;
}

export interface ChosenName {
  manufacturer: string;
  /** The other makers named for the designator (licence builders, successors, old names). */
  aliases: string[];
  model: string;
  models: string[];
}

/** The display spelling of every manufacturer key: the spelling most rows use. */
export function canonicalSpellings(rows: Iterable<VariantRow>): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const { manufacturer } of rows) {
    const key = manufacturerKey(manufacturer);
    const spellings = counts.get(key) ?? new Map<string, number>();
    spellings.set(manufacturer, (spellings.get(manufacturer) ?? 0) + 1);
    counts.set(key, spellings);
  }
  return new Map([...counts].map(([key, spellings]) => [key, mostCommon(spellings)]));
}

function mostCommon(counts: Map<string, number>): string {
  return [...counts].sort(([a, n], [b, m]) => m - n || a.localeCompare(b))[0]![0];
}

/**
 * One manufacturer per designator, where the upstream has one row per variant and names vary
 * (licence builders, mergers, renamings): the maker named by the most rows still in use (any
 * rows when none is), ties broken alphabetically. Its first in-use model is the model.
 */
export function chooseNames(rows: readonly VariantRow[], spellings: Map<string, string>): ChosenName {
  const canonical = (row: VariantRow) => spellings.get(manufacturerKey(row.manufacturer)) ?? row.manufacturer;
  const pool = rows.some((r) => r.active) ? rows.filter((r) => r.active) : rows;
  const counts = new Map<string, number>();
  for (const row of pool) counts.set(canonical(row), (counts.get(canonical(row)) ?? 0) + 1);
  const manufacturer = mostCommon(counts);
  const own = rows.filter((r) => canonical(r) === manufacturer);
  const model = (own.find((r) => r.active) ?? own[0]!).model;
  const aliases = [...new Set(rows.map(canonical))].filter((m) => m !== manufacturer).sort();
  const models = [...new Set(rows.map((r) => r.model))];
  return { manufacturer, aliases, model, models };
}
