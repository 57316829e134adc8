import type { Reporter } from 'vitest/reporters';
import { LEFT_OUT } from '../../vitest.config.js';

/**
 * The last line of a run that left heavy suites out (vitest.config.ts): which, and how to run
 * them, so nobody takes a green run for the whole suite.
 */
export default class HeavySuitesReporter implements Reporter {
  onFinished(): void {
    process.stdout.write(`\nthis run left out the ${LEFT_OUT.join(', ')} suites: npm run test:all runs everything.\n`);
  }
}
