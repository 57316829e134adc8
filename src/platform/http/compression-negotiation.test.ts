import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './compression-negotiation.js';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br, gzip', 'br'],
    ['GZIP', 'gzip'],
    ['*', 'br'],
    ['deflate, compress', 'identity'],
    ['zstd', 'identity'],
  ])('%j answers %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('honours weights: the heaviest supported coding wins, a weight of 0 refuses', () => {
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0, br;q=0')).toBe('identity');
    expect(negotiateEncoding('*;q=0.1, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('*;q=0')).toBe('identity');
    expect(negotiateEncoding('gzip;q=1.000, br;q=0.999')).toBe('gzip');
  });

  it('lets a named identity outweigh the codings offered, never an implicit one', () => {
    expect(negotiateEncoding('identity, gzip;q=0.5')).toBe('identity');
    expect(negotiateEncoding('identity;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity;q=0, gzip')).toBe('gzip');
    // Nothing acceptable: an answer in no coding (RFC 9110 12.5.3) rather than none.
    expect(negotiateEncoding('identity;q=0')).toBe('identity');
  });

  it('skips entries whose weight is not one, and reads a hostile header only so far', () => {
    expect(negotiateEncoding('br;q=2, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5000, gzip;q=0.1')).toBe('gzip');
    expect(negotiateEncoding('br;level=1, gzip;q=0.1')).toBe('gzip');
    expect(negotiateEncoding(';;;,,, gzip')).toBe('gzip');
    expect(negotiateEncoding(`${'x, '.repeat(5_000)}br`)).toBe('identity');
    expect(negotiateEncoding(`${'a'.repeat(100_000)}, gzip`)).toBe('identity');
  });
});
