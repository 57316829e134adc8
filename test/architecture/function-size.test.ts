import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Small pieces with one job each (docs/architecture.md): no function in src/ over 150 lines, no
 * route file over 200. A reader learns what a service offers from its interface, not by scrolling
 * a factory. Measured from a function's first line to its last, comments included.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');
const MAX_FUNCTION_LINES = 150;
const MAX_ROUTE_FILE_LINES = 200;

/**
 * Functions allowed past the limit, each with why. Data tables (a function that is one literal
 * list) stay; the rest wait for their split. This list only shrinks: an entry whose function is
 * now within the limit, or gone, fails the test until it is removed.
 */
const LONG_FUNCTIONS: readonly { file: string; name: string; why: string }[] = [];

/** Route files allowed past the limit, each with why; this list only shrinks too. */
const LONG_ROUTE_FILES: readonly { file: string; why: string }[] = [];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** A function's name as a reader would search for it: its own, or the variable or property it is assigned to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) return parent.name.getText();
  return '(anonymous)';
}

/** Every function with a body in src/ longer than the limit: `file:name (lines)`. */
function longFunctions(): { file: string; name: string; lines: number }[] {
  const found: { file: string; name: string; lines: number }[] = [];
  for (const file of sourceFiles(SRC)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = last - first + 1;
        if (lines > MAX_FUNCTION_LINES) found.push({ file: rel(file), name: nameOf(node), lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const isRouteFile = (file: string) => /routes?\.ts$|-routes?\.ts$/.test(path.basename(file));
const lineCount = (file: string) => fs.readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;

describe('the size of src/', () => {
  const long = longFunctions();

  it(`has no function over ${MAX_FUNCTION_LINES} lines outside the exemptions`, () => {
    const exempt = new Set(LONG_FUNCTIONS.map((e) => `${e.file}:${e.name}`));
    expect(long.filter((f) => !exempt.has(`${f.file}:${f.name}`)).map((f) => `${f.file}:${f.name} (${f.lines} lines)`)).toEqual(
      [],
    );
  });

  it('has no stale exemption: each exempt function is still over the limit (the list only shrinks)', () => {
    const over = new Set(long.map((f) => `${f.file}:${f.name}`));
    expect(LONG_FUNCTIONS.map((e) => `${e.file}:${e.name}`).filter((key) => !over.has(key))).toEqual([]);
  });

  it(`has no route file over ${MAX_ROUTE_FILE_LINES} lines outside the exemptions, and no stale one`, () => {
    const over = sourceFiles(SRC)
      .filter(isRouteFile)
      .filter((file) => lineCount(file) > MAX_ROUTE_FILE_LINES)
      .map(rel);
    const exempt = LONG_ROUTE_FILES.map((e) => e.file);
    expect(over.filter((file) => !exempt.includes(file))).toEqual([]);
    expect(exempt.filter((file) => !over.includes(file))).toEqual([]);
  });

  it('gives every exemption a reason', () => {
    expect([...LONG_FUNCTIONS, ...LONG_ROUTE_FILES].filter((e) => e.why.trim().length < 10)).toEqual([]);
  });
});
