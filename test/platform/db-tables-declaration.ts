import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Reads `Tables` in src/platform/db/tables.ts with the TypeScript compiler, as the type checker
 * resolves it (aliases such as `Generated<>` and `Json<>` expanded), so the test compares what the
 * stores will be typed with, not the declaration's spelling.
 */

export const TABLES_FILE = fileURLToPath(new URL('../../src/platform/db/tables.ts', import.meta.url));

/** A JavaScript value a column can select as; `json` is a parsed jsonb document of any shape. */
export type JsKind = 'number' | 'string' | 'boolean' | 'Date' | 'string[]' | 'json';

export interface DeclaredColumn {
  /** What a select returns, null aside, e.g. `string` for `'test' | 'live' | null`. */
  selects: JsKind | `unreadable: ${string}`;
  nullable: boolean;
  /** `never`: the database computes it (GeneratedAlways); `optional`: it has a default or may be null. */
  insert: 'required' | 'optional' | 'never';
  /** The declared type as written out by the checker, for messages. */
  text: string;
}

export type Declaration = Map<string, Map<string, DeclaredColumn>>;

export function readTablesDeclaration(file = TABLES_FILE): Declaration {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    // Only tables.ts and what it imports (kysely): no @types packages, the smallest standard library.
    types: [],
    lib: ['lib.es2022.d.ts'],
  });
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is not readable`);
  const checker = program.getTypeChecker();
  const tables = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Tables',
  );
  if (!tables) throw new Error(`${file} declares no interface Tables`);

  const declaration: Declaration = new Map();
  for (const table of checker.getTypeAtLocation(tables).getProperties()) {
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      columns.set(column.name, describeColumn(checker, checker.getTypeOfSymbol(column)));
    }
    declaration.set(table.name, columns);
  }
  return declaration;
}

function describeColumn(checker: ts.TypeChecker, type: ts.Type): DeclaredColumn {
  // Kysely's ColumnType<S, I, U> is an object with phantom __select__/__insert__ properties.
  const part = (name: string) => {
    const symbol = type.getProperty(name);
    return symbol ? checker.getTypeOfSymbol(symbol) : type;
  };
  const selected = part('__select__');
  const inserted = part('__insert__');
  const members = selected.isUnion() ? selected.types : [selected];
  const nullable = members.some((t) => t.flags & ts.TypeFlags.Null);
  const kinds = new Set(members.filter((t) => !(t.flags & ts.TypeFlags.Null)).map((t) => kindOf(checker, t)));
  const [only] = kinds;
  const text = checker.typeToString(selected);
  return {
    selects: kinds.size === 1 && only ? only : `unreadable: ${text}`,
    nullable,
    insert: insertRule(inserted),
    text,
  };
}

function kindOf(checker: ts.TypeChecker, type: ts.Type): JsKind | `unreadable: ${string}` {
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (type.flags & ts.TypeFlags.Unknown) return 'json';
  if (type.getSymbol()?.name === 'Date') return 'Date';
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    if (element && element.flags & ts.TypeFlags.StringLike) return 'string[]';
  }
  // Any other object type (a record, an array of records) is a jsonb document.
  if (type.flags & ts.TypeFlags.Object) return 'json';
  return `unreadable: ${checker.typeToString(type)}`;
}

function insertRule(type: ts.Type): DeclaredColumn['insert'] {
  if (type.flags & ts.TypeFlags.Never) return 'never';
  const members = type.isUnion() ? type.types : [type];
  return members.some((t) => t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) ? 'optional' : 'required';
}

/** One row of information_schema.columns. */
export interface DatabaseColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
}

/**
 * What each SQL type the migrations use selects as on both drivers, with a literal to prove it
 * (the test selects each literal on the run's driver). A type missing here is reported, so a
 * migration using a new type makes someone decide its JavaScript type.
 */
export const SQL_TYPES: Record<string, { selects: JsKind; literal: string }> = {
  smallint: { selects: 'number', literal: `1::int2` },
  integer: { selects: 'number', literal: `1::int4` },
  bigint: { selects: 'number', literal: `1::int8` },
  'double precision': { selects: 'number', literal: `1.5::float8` },
  numeric: { selects: 'string', literal: `1.25::numeric` },
  text: { selects: 'string', literal: `'a'::text` },
  boolean: { selects: 'boolean', literal: `true` },
  'timestamp with time zone': { selects: 'Date', literal: `now()` },
  date: { selects: 'Date', literal: `current_date` },
  _text: { selects: 'string[]', literal: `array['a']::text[]` },
  jsonb: { selects: 'json', literal: `'{"a":1}'::jsonb` },
};

const sqlTypeOf = (c: DatabaseColumn) => (c.data_type === 'ARRAY' ? c.udt_name : c.data_type);

/** Every disagreement between the declaration and the migrated schema, one sentence each. */
export function declarationProblems(declaration: Declaration, columns: DatabaseColumn[]): string[] {
  const problems: string[] = [];
  const inDatabase = new Map<string, Map<string, DatabaseColumn>>();
  for (const c of columns) {
    const table = inDatabase.get(c.table_name) ?? new Map<string, DatabaseColumn>();
    table.set(c.column_name, c);
    inDatabase.set(c.table_name, table);
  }
  for (const [table, dbColumns] of inDatabase) {
    const declared = declaration.get(table);
    if (!declared) {
      problems.push(`table ${table}: in the database, not declared in Tables`);
      continue;
    }
    for (const [name, column] of dbColumns) {
      const d = declared.get(name);
      if (!d) problems.push(`${table}.${name}: in the database (${sqlTypeOf(column)}), not declared in Tables`);
      else problems.push(...columnProblems(`${table}.${name}`, column, d));
    }
    for (const name of declared.keys()) {
      if (!dbColumns.has(name)) problems.push(`${table}.${name}: declared in Tables, not in the database`);
    }
  }
  for (const table of declaration.keys()) {
    if (!inDatabase.has(table)) problems.push(`table ${table}: declared in Tables, not in the database`);
  }
  return problems;
}

/**
 * PostgreSQL reports every generated column as nullable, whatever its expression; these are computed
 * from not-null columns only, so they are declared (and are) never null.
 */
const NEVER_NULL_GENERATED = new Set(['aviation_airports.lat_band']);

function columnProblems(where: string, column: DatabaseColumn, declared: DeclaredColumn): string[] {
  const problems: string[] = [];
  const sqlType = sqlTypeOf(column);
  const expected = SQL_TYPES[sqlType];
  if (!expected) problems.push(`${where}: SQL type ${sqlType} has no JavaScript type in SQL_TYPES`);
  else if (declared.selects.startsWith('unreadable'))
    problems.push(`${where}: declared type ${declared.text} is not a column type`);
  else if (expected.selects !== 'json' && declared.selects !== expected.selects) {
    problems.push(`${where}: declared ${declared.text}, but ${sqlType} selects as ${expected.selects}`);
  }
  const nullable = column.is_nullable === 'YES' && !NEVER_NULL_GENERATED.has(where);
  if (declared.nullable !== nullable) {
    problems.push(`${where}: declared ${declared.text}, but the column is ${nullable ? 'nullable' : 'not null'}`);
  }
  const insert =
    column.is_generated === 'ALWAYS'
      ? 'never'
      : nullable || column.column_default !== null || column.is_identity === 'YES'
        ? 'optional'
        : 'required';
  if (declared.insert !== insert) {
    const why = { never: 'is computed by the database', optional: 'has a default or may be null', required: 'must be given' };
    problems.push(`${where}: declared ${declared.insert} on insert, but the column ${why[insert]} (${insert})`);
  }
  return problems;
}
