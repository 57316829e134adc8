import { describe, expect, it } from 'vitest';
import { jsonSyntaxError } from './json-syntax-error.js';

describe('jsonSyntaxError', () => {
  it.each([
    ['{"offer_id": "AA|x",}', 1, 21, 'a comma before "}": remove the trailing comma'],
    ['{\n  "adults": 1,\n}', 3, 1, 'a comma before "}": remove the trailing comma'],
    ['[1, 2,]', 1, 7, 'a comma before "]": remove the trailing comma'],
    ["{'origin': 'JFK'}", 1, 2, 'property names take double quotes ("), not single quotes'],
    ['{"origin": \'JFK\'}', 1, 12, 'strings take double quotes ("), not single quotes'],
    ['{origin: "JFK"}', 1, 2, 'expected a property name in double quotes'],
    ['{"origin" "JFK"}', 1, 11, 'expected ":" after the property name'],
    ['{"origin": "JFK"\n "destination": "LHR"}', 2, 2, 'expected "," or "}" after the property value (a comma missing?)'],
    ['{"adults": 1', 1, 13, 'the body ends before the JSON does: a closing bracket or quote is missing'],
    ['{"origin": "JFK', 1, 16, 'the body ends inside a string: a closing quote is missing'],
    ['{"adults": 01}', 1, 13, 'a number is malformed (leading zero, or a point or exponent without digits)'],
    ['{"a": "x\ty"}', 1, 9, 'a control character (a line break or tab) inside a string: write it as \\n or \\t'],
    ['{} {}', 1, 4, 'unexpected text after the JSON value: send one value only'],
    ['\ufeff{}', 1, 1, 'the body starts with a byte-order mark: remove it'],
  ])('%j: line %i, column %i', (text, line, column, problem) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(jsonSyntaxError(text)).toMatchObject({ line, column, problem });
  });

  it('gives the offset of the mistake in characters', () => {
    expect(jsonSyntaxError('{\n  "a": 1,\n}')).toMatchObject({ offset: 12 });
  });

  it('finds nothing wrong in what JSON.parse reads, however it is spaced or nested', () => {
    for (const text of [
      '{}',
      '[]',
      ' {"a" : [1, -2.5e+3, true, false, null, "\\u00e9\\n"] } ',
      '"x"',
      '0',
      `[${'9'.repeat(500)}]`,
    ]) {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(jsonSyntaxError(text)).toBeNull();
    }
  });

  it('never quotes the body', () => {
    const found = jsonSyntaxError('{"card_number": "4111111111111111",}');
    expect(found?.problem).not.toMatch(/card_number|4111/);
  });
});
