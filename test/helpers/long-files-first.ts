import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A glob of vitest.config.ts's kind (`**` for any folders, `*` within a name) as a RegExp. */
export function globPattern(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/|\*)/)
    .map((part) => (part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * Starts the files that take longest first, so that the two forks finish together. On a fresh
 * clone (CI) vitest knows no file's duration and starts the largest files first, but the longest
 * ones (clusters, drills, browsers) are short files that wait on other processes: they ran last,
 * one beside nothing, and the pass ended at half the machine. `globs` names them; among them, and
 * among the rest, vitest's own order holds (a developer's last durations, or size).
 */
export function longFilesFirst(
  root: string,
  globs: readonly string[],
): new (...args: ConstructorParameters<typeof BaseSequencer>) => BaseSequencer {
  const patterns = globs.map(globPattern);
  const isLong = (spec: TestSpecification) => {
    const file = path.relative(root, spec.moduleId);
    return patterns.some((pattern) => pattern.test(file));
  };
  return class LongFilesFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      return [...sorted.filter(isLong), ...sorted.filter((spec) => !isLong(spec))];
    }
  };
}
