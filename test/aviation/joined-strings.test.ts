import { describe, expect, it } from 'vitest';
import { JoinedStrings } from '../../src/aviation/joined-strings.js';

describe('joined strings', () => {
  const values = [
    'john f kennedy international',
    null,
    '',
    'la guardia',
    'kennedy kennedy',
    'zürich',
    null,
    'newark liberty international',
  ];
  const joined = new JoinedStrings(values);

  it('gives back each value, null and empty as they were', () => {
    expect(joined.size).toBe(values.length);
    expect(values.map((_, i) => joined.get(i))).toEqual(values);
    expect(new JoinedStrings([]).size).toBe(0);
  });

  it('compares a value without cutting it out', () => {
    expect(joined.equalTo('la guardia')(3)).toBe(true);
    expect(joined.equalTo('la guardi')(3)).toBe(false);
    expect(joined.equalTo('la guardia ')(3)).toBe(false);
    expect(joined.equalTo('')(2)).toBe(true);
    expect(joined.equalTo('')(1)).toBe(false);
    expect(joined.equalTo('zürich')(5)).toBe(true);
    expect(joined.equalTo('zurich')(5)).toBe(false);
  });

  it('finds the values holding a text, once each, never across two values', () => {
    const holding = (needle: string) => [...joined.containing(needle).keys()].filter((i) => joined.containing(needle)[i] === 1);
    expect(holding('international')).toEqual([0, 7]);
    expect(holding('kennedy')).toEqual([0, 4]);
    expect(holding('john')).toEqual([0]);
    expect(holding('zürich')).toEqual([5]);
    expect(holding('ürich')).toEqual([5]);
    expect(holding('international la')).toEqual([]);
    expect(holding('zürich\u0000newark')).toEqual([]);
    expect(holding('nowhere')).toEqual([]);
    // Every value holds the empty text; null values hold nothing.
    expect(holding('')).toEqual([0, 2, 3, 4, 5, 7]);
  });
});
