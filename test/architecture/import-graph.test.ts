import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The shape of the tree (docs/architecture.md), checked so it stays that way: no import circles,
 * no circles between top-level folders, nothing imports the app back, features meet through their
 * entries' options, not decorations.
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

/** Strongly connected components of more than one node, or a node importing itself (Tarjan). */
function circlesOf(nodes: Iterable<string>, edges: (node: string) => readonly string[]): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of edges(node)) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges(node).includes(node)) circles.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return circles;
}

function importCircles(): string[][] {
  return circlesOf(files, (file) => graph.get(file) ?? []).map((circle) => circle.map(rel));
}

/** The top-level folder under src/ a file belongs to (`billing`), or the file itself at the top (`app.ts`). */
const folderOf = (file: string) => rel(file).split(path.sep)[0]!;

/** Every import from one top-level folder into another: `billing -> portal` with the files that make it. */
const folderImports = new Map<string, string[]>();
for (const [file, targets] of graph) {
  for (const target of targets) {
    if (folderOf(file) === folderOf(target)) continue;
    const edge = `${folderOf(file)} -> ${folderOf(target)}`;
    folderImports.set(edge, [...(folderImports.get(edge) ?? []), `${rel(file)} imports ${rel(target)}`]);
  }
}
const folderGraph = new Map<string, string[]>();
for (const edge of folderImports.keys()) {
  const [from, to] = edge.split(' -> ') as [string, string];
  folderGraph.set(from, [...(folderGraph.get(from) ?? []), to]);
}

/** Circles between top-level folders, each with the imports that close it, so a failure says what to move. */
function folderCircles(): { folders: string[]; imports: string[] }[] {
  return circlesOf(new Set(files.map(folderOf)), (folder) => folderGraph.get(folder) ?? []).map((folders) => ({
    folders,
    imports: [...folderImports]
      .filter(([edge]) => folders.includes(edge.split(' -> ')[0]!) && folders.includes(edge.split(' -> ')[1]!))
      .flatMap(([, imports]) => imports),
  }));
}

describe('the import graph of src/', () => {
  it('has no import circles, type-only imports included', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(importCircles()).toEqual([]);
  });

  it('has no circles between top-level folders: a feature that another imports never imports it back', () => {
    expect(folderGraph.size).toBeGreaterThan(8);
    expect(folderCircles()).toEqual([]);
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

  it('keeps connectors and test systems apart: only the table of sources knows both', () => {
    // A connector speaks to a source's API as it would to the real one, so it never borrows from
    // the test system standing in for it, nor the reverse; src/sources/ (imported by the app, the
    // server and the CLI) is the one place that puts a source's connector and test system together.
    const crossing = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => {
          const [from, to] = [folderOf(file), folderOf(target)];
          if (to === 'testsystem') return from !== 'testsystem' && from !== 'sources';
          return from === 'testsystem' && to === 'connectors';
        })
        .map((target) => `${rel(file)} imports ${rel(target)}`),
    );
    expect(crossing).toEqual([]);
  });

  it('gives every feature folder one entry, plugin.ts', () => {
    // Folders that are not features: the platform, the process entries, the sources' test systems
    // (their own servers), the table of sources (entry table.ts), and identity, a library of stores
    // and the session gate with no HTTP routes (entry identity.ts).
    const notFeatures = new Set(['platform', 'cli', 'testsystem', 'sources', 'identity']);
    const features = fs
      .readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !notFeatures.has(entry.name))
      .map((entry) => entry.name);
    expect(features.length).toBeGreaterThan(8);
    const withoutEntry = features.filter((name) => !fs.existsSync(path.join(SRC, name, 'plugin.ts')));
    expect(withoutEntry).toEqual([]);
  });
});
