import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The shape of the tree (docs/architecture.md), checked so it stays that way: no import circles,
 * nothing imports the app back, features meet through their entries' options, not decorations.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every relative import and re-export of a file, type-only ones included, resolved to a file. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((ref) => ref.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.resolve(path.dirname(file), name).replace(/\.js$/, '.ts'))
    .filter((target) => fs.existsSync(target));
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const rel = (file: string) => path.relative(SRC, file);

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
function importCircles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(rel(member));
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

describe('the import graph of src/', () => {
  it('has no import circles, type-only imports included', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(importCircles()).toEqual([]);
  });

  it('has nothing import app.ts but the process entries that run it', () => {
    const app = path.join(SRC, 'app.ts');
    const importers = files.filter((file) => graph.get(file)!.includes(app)).map(rel);
    expect(importers.filter((file) => file !== 'server.ts' && !file.startsWith('cli/'))).toEqual([]);
  });

  it('decorates the app only from app.ts and the platform: features meet through typed options', () => {
    const decorating = files
      .filter((file) => /\.decorate\(/.test(fs.readFileSync(file, 'utf8')))
      .map(rel)
      .filter((file) => file !== 'app.ts' && !file.startsWith('platform/'));
    expect(decorating).toEqual([]);
  });

  it('gives every feature folder one entry, plugin.ts', () => {
    // Folders that are not features: the platform, the process entries, the AA test system (its
    // own server), and identity, a library of stores with no HTTP routes (entry identity.ts).
    const notFeatures = new Set(['platform', 'cli', 'testsystem', 'identity']);
    const features = fs
      .readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !notFeatures.has(entry.name))
      .map((entry) => entry.name);
    expect(features.length).toBeGreaterThan(8);
    const withoutEntry = features.filter((name) => !fs.existsSync(path.join(SRC, name, 'plugin.ts')));
    expect(withoutEntry).toEqual([]);
  });
});
