import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { compileSources } from '../../bin/compile-sources.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** A project tree of the gateway's shape: tsconfig.json, src/cli.ts, a module, a migration. */
function tree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-compile-'));
  fs.copyFileSync(path.join(ROOT, 'tsconfig.json'), path.join(root, 'tsconfig.json'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write(
    'src/fares/total.ts',
    [
      "import type { Money } from './money.js';",
      'export class Total {',
      '  amount = 0;',
      '  constructor(readonly currency: string) {}',
      '  add(m: Money): this { this.amount += m.amount; return this; }',
      '}',
    ].join('\n'),
  );
  write('src/fares/money.ts', 'export interface Money { amount: number }\n');
  write('src/fares/total.test.ts', "import { it } from 'vitest';\nit('is not compiled', () => {});\n");
  write(
    'src/cli.ts',
    "import { Total } from './fares/total.js';\nconsole.log(JSON.stringify(new Total('EUR').add({ amount: 12 }).add({ amount: 30 })));\n",
  );
  write('src/platform/db/migrations/0001_first.sql', 'select 1;\n');
  return root;
}

const made: string[] = [];
afterEach(() => {
  for (const root of made.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('compiling the sources for npm start (bin/compile-sources.js)', () => {
  it('writes dist/ as npm run build lays it out, runnable with plain node, and leaves tests and partial files out', async () => {
    const root = tree();
    made.push(root);
    await compileSources(root);
    const { stdout } = await run(process.execPath, [path.join(root, 'dist/cli.js')]);
    // Class fields as TypeScript defines them for ES2022: `currency` and `amount` are both own properties.
    expect(JSON.parse(stdout)).toEqual({ currency: 'EUR', amount: 42 });
    expect(fs.existsSync(path.join(root, 'dist/fares/total.test.js'))).toBe(false);
    expect(fs.readFileSync(path.join(root, 'dist/platform/db/migrations/0001_first.sql'), 'utf8')).toBe('select 1;\n');
    const files = fs.readdirSync(path.join(root, 'dist'), { recursive: true }) as string[];
    expect(files.filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('makes dist/cli.js the newest file and drops a migration the sources no longer have', async () => {
    const root = tree();
    made.push(root);
    await compileSources(root);
    fs.renameSync(
      path.join(root, 'src/platform/db/migrations/0001_first.sql'),
      path.join(root, 'src/platform/db/migrations/0001_renamed.sql'),
    );
    await compileSources(root);
    expect(fs.readdirSync(path.join(root, 'dist/platform/db/migrations'))).toEqual(['0001_renamed.sql']);
    const entry = fs.statSync(path.join(root, 'dist/cli.js')).mtimeMs;
    for (const file of ['dist/fares/total.js', 'dist/fares/money.js']) {
      expect(fs.statSync(path.join(root, file)).mtimeMs).toBeLessThanOrEqual(entry);
    }
  });

  it('refuses a source esbuild cannot read, naming the file, and leaves the old dist/cli.js alone', async () => {
    const root = tree();
    made.push(root);
    await compileSources(root);
    const before = fs.readFileSync(path.join(root, 'dist/cli.js'), 'utf8');
    fs.writeFileSync(path.join(root, 'src/fares/money.ts'), 'export interface Money { amount: number \n');
    await expect(compileSources(root)).rejects.toThrow(/src\/fares\/money\.ts/);
    expect(fs.readFileSync(path.join(root, 'dist/cli.js'), 'utf8')).toBe(before);
  });
});
