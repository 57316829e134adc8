import type { Reporter } from 'vitest/reporters';
import { LEFT_OUT, STORAGE_FREE_LEFT_OUT } from '../../vitest.config.js';

/**
 * The last line of a run that left heavy suites out (vitest.config.ts): which, and how to run
 * them, so nobody takes a green run for the whole suite.
 */
export default class HeavySuitesReporter implements Reporter {
  onFinished(): void {
    if (LEFT_OUT.length > 0)
      process.stdout.write(`\nthis run left out the ${LEFT_OUT.join(', ')} suites: npm run test:all runs everything.\n`);
    if (STORAGE_FREE_LEFT_OUT.length > 0)
      process.stdout.write(
        `\nthis storage pass left out ${STORAGE_FREE_LEFT_OUT.length} test files that do not depend on storage (FLIGHTAGG_STORAGE_PASS=1): the first pass ran them.\n`,
      );
  }
}
