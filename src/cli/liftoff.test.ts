import { describe, expect, it } from 'vitest';
import { commandOf } from './liftoff.js';

describe('commandOf', () => {
  it('is the first word that is neither a global option nor its value', () => {
    expect(commandOf(['agency', 'list', '--json'])).toBe('agency');
    expect(commandOf(['--data-dir', 'serve', 'agency', 'list'])).toBe('agency');
    expect(commandOf(['--json-case', 'camel', 'serve'])).toBe('serve');
    expect(commandOf(['--data-dir=/srv/data', 'serve'])).toBe('serve');
    expect(commandOf(['--help'])).toBeUndefined();
    expect(commandOf([])).toBeUndefined();
  });
});
