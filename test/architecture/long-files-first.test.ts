import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { globPattern, longFilesFirst } from '../helpers/long-files-first.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the order test files start in', () => {
  it("reads vitest.config.ts's globs as vitest does: ** any folders, * within a name", () => {
    expect(globPattern('test/cluster/**/*.test.ts').test('test/cluster/drills.test.ts')).toBe(true);
    expect(globPattern('test/cluster/**/*.test.ts').test('test/cluster/a/b/orders.test.ts')).toBe(true);
    expect(globPattern('test/**/*-browser.test.ts').test('test/dashboard/booking-browser.test.ts')).toBe(true);
    expect(globPattern('test/**/*-browser.test.ts').test('test/dashboard/booking.test.ts')).toBe(false);
    expect(globPattern('test/docs/docs-page.test.ts').test('test/docs/docs-pageXtest.ts')).toBe(false);
    expect(globPattern('test/*.test.ts').test('test/a/b.test.ts')).toBe(false);
  });

  it("starts the long files first, each group in vitest's own order (largest first on a fresh clone)", async () => {
    const sizes: Record<string, number> = {
      'test/shopping/search.test.ts': 40_000,
      'test/cluster/drills.test.ts': 9_000,
      'src/platform/money.test.ts': 2_000,
      'test/webhooks/delivery-drills.test.ts': 12_000,
    };
    const Sequencer = longFilesFirst(ROOT, ['test/cluster/**/*.test.ts', 'test/**/*-drills.test.ts']);
    const ctx = {
      config: { root: ROOT },
      cache: {
        getFileTestResults: () => undefined,
        getFileStats: (key: string) => ({ size: sizes[key.slice(key.indexOf(':') + 1)]! }),
      },
    } as unknown as Vitest;
    const specs = Object.keys(sizes).map(
      (file) => ({ moduleId: path.join(ROOT, file), project: { name: 'shared' } }) as unknown as TestSpecification,
    );
    const order = (await new Sequencer(ctx).sort(specs)).map((spec) => path.relative(ROOT, spec.moduleId));
    expect(order).toEqual([
      'test/webhooks/delivery-drills.test.ts',
      'test/cluster/drills.test.ts',
      'test/shopping/search.test.ts',
      'src/platform/money.test.ts',
    ]);
  });
});
