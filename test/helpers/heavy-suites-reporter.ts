import type { Reporter } from 'vitest/reporters';
import { HEAVY_SUITES } from '../../vitest.config.js';

/**
 * The last line of `npm test`: the suites it left out and how to run them, so nobody takes a
 * green run for the whole suite.
 */
export default class HeavySuitesReporter implements Reporter {
  onFinished(): void {
    const names = Object.keys(HEAVY_SUITES).join(', ');
    process.stdout.write(`\nnpm test leaves out the ${names} suites: npm run test:all runs everything, as .ci/run does.\n`);
  }
}
