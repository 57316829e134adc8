import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One feature writes SQL against a table (docs/architecture.md, "Storage"): the statements that
 * name a table live in one feature's stores, and every other feature calls those stores. The
 * import graph (import-graph.test.ts) cannot see this, so this reads the SQL itself: every `sql`
 * template and every Kysely builder call (`selectFrom('t')`, `insertInto('t')`, ...) in src/.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');
const MIGRATIONS = path.join(SRC, 'platform/db/migrations');

/**
 * Reads of another feature's table that stay, each with why: a join that one round trip needs on
 * a hot or reporting path, never a write. Shrink this list; never grow it to make a write pass.
 */
const CROSS_FEATURE_READS: readonly { table: string; feature: string; why: string }[] = [
  { table: 'users', feature: 'portal', why: 'the session lookup joins its user: one round trip per dashboard request' },
  { table: 'agencies', feature: 'billing', why: "the operator's terms and usage reports list every agency beside its figures" },
  { table: 'look_to_book_daily', feature: 'billing', why: "metering and usage reports read shopping's daily counts" },
  { table: 'look_to_book_airline_daily', feature: 'billing', why: "the usage report reads shopping's counts per airline" },
  {
    table: 'aviation_airports',
    feature: 'orders',
    why: "a schedule change's significance reads the airports' coordinates in its query",
  },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === MIGRATIONS ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The gateway's tables, from the migrations that create them. */
const TABLES = new Set(
  fs
    .readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .flatMap((name) =>
      [
        ...fs.readFileSync(path.join(MIGRATIONS, name), 'utf8').matchAll(/create table (?:if not exists )?([a-z_][a-z0-9_]*)/gi),
      ].map((m) => m[1]!.toLowerCase()),
    ),
);

/** The feature a file belongs to: its top-level folder under src/, or `platform/<part>` for the platform. */
function featureOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts[0] === 'platform' ? `platform/${parts[1]}` : parts[0]!;
}

const BUILDER_READS = new Set(['selectFrom', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin']);
const BUILDER_WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);

interface Use {
  table: string;
  feature: string;
  file: string;
  write: boolean;
}

/** Every table a file's SQL names, and whether the statement writes or locks it. */
function usesOf(file: string): Use[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const uses: Use[] = [];
  const add = (table: string, write: boolean) => {
    if (TABLES.has(table)) uses.push({ table, feature: featureOf(file), file: path.relative(SRC, file), write });
  };
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && /^sql\b/.test(node.tag.getText(source))) {
      const text = ts.isNoSubstitutionTemplateLiteral(node.template)
        ? node.template.text
        : [node.template.head.text, ...node.template.templateSpans.map((span) => span.literal.text)].join(' ? ');
      const statement = text.replace(/--[^\n]*/g, ' ');
      const locks = /\bfor\s+(update|share|no key update)\b/i.test(statement);
      for (const m of statement.matchAll(/\b(insert\s+into|update|delete\s+from|from|join)\s+([a-z_][a-z0-9_]*)/gi)) {
        const verb = m[1]!.toLowerCase().replace(/\s+/g, ' ');
        add(m[2]!.toLowerCase(), verb !== 'from' && verb !== 'join' ? true : locks);
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const first = node.arguments[0];
      if ((BUILDER_READS.has(method) || BUILDER_WRITES.has(method)) && first && ts.isStringLiteralLike(first)) {
        add(first.text.split(/\s+/)[0]!.toLowerCase(), BUILDER_WRITES.has(method));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

const uses = sourceFiles(SRC).flatMap(usesOf);

/** Each table's owner: the one feature that writes it (or, for a table only read, the one that reads it). */
function owners(): Map<string, Set<string>> {
  const byTable = new Map<string, Set<string>>();
  for (const use of uses.filter((u) => u.write)) byTable.set(use.table, (byTable.get(use.table) ?? new Set()).add(use.feature));
  return byTable;
}

const allowed = (table: string, feature: string) => CROSS_FEATURE_READS.some((r) => r.table === table && r.feature === feature);

describe('the ownership of tables in src/', () => {
  it('reads SQL from the stores (the scan sees the tables)', () => {
    expect(TABLES.size).toBeGreaterThan(30);
    expect(new Set(uses.map((u) => u.table)).size).toBeGreaterThan(30);
    expect(uses.some((u) => u.table === 'order_events' && u.write)).toBe(true);
  });

  it('has one feature write each table (insert, update, delete, or lock it)', () => {
    const shared = [...owners()]
      .filter(([, features]) => features.size > 1)
      .map(([table, features]) => ({
        table,
        writers: uses.filter((u) => u.table === table && u.write).map((u) => `${u.feature}: ${u.file}`),
        features: [...features].sort(),
      }));
    expect(shared).toEqual([]);
  });

  it("has no feature read another's table except the listed joins", () => {
    const own = owners();
    const crossing = uses
      .filter((u) => !u.write)
      .filter((u) => {
        const owner = own.get(u.table);
        return owner !== undefined && !owner.has(u.feature) && !allowed(u.table, u.feature);
      })
      .map((u) => `${u.feature} reads ${u.table} in ${u.file}`);
    const readOnlyTablesBySeveral = [...new Set(uses.map((u) => u.table))]
      .filter((table) => !own.has(table))
      .filter(
        (table) => new Set(uses.filter((u) => u.table === table && !allowed(table, u.feature)).map((u) => u.feature)).size > 1,
      );
    expect([...new Set(crossing)]).toEqual([]);
    expect(readOnlyTablesBySeveral).toEqual([]);
  });

  it('lists only reads that still happen', () => {
    const stale = CROSS_FEATURE_READS.filter(
      (r) => !uses.some((u) => u.table === r.table && u.feature === r.feature && !u.write),
    );
    expect(stale).toEqual([]);
  });
});
