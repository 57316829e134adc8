import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinor, minorDigits, parseMinor, toDecimal } from './money.js';

describe('ISO 4217 minor units', () => {
  it('knows the 0-, 3- and 4-digit currencies and gives every other code 2', () => {
    for (const c of ['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV'])
      expect(minorDigits(c), c).toBe(0);
    for (const c of ['XAF', 'XOF', 'XPF']) expect(minorDigits(c), c).toBe(0);
    for (const c of ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']) expect(minorDigits(c), c).toBe(3);
    for (const c of ['CLF', 'UYW']) expect(minorDigits(c), c).toBe(4);
    for (const c of ['USD', 'EUR', 'GBP', 'MXN', 'BRL', 'ZZZ']) expect(minorDigits(c), c).toBe(2);
    expect(minorDigits('kwd')).toBe(3);
  });

  it('turns minor units into the decimal the API shows', () => {
    expect(toDecimal({ amountMinor: 123456, currency: 'CLP' })).toBe(123456);
    expect(toDecimal({ amountMinor: 98000, currency: 'JPY' })).toBe(98000);
    expect(toDecimal({ amountMinor: 123456, currency: 'KWD' })).toBe(123.456);
    expect(toDecimal({ amountMinor: 12345, currency: 'USD' })).toBe(123.45);
    expect(toDecimal({ amountMinor: 10001, currency: 'CLF' })).toBe(1.0001);
  });

  it("reads an airline's decimal text exactly, with no float drift", () => {
    expect(parseMinor('1234.56', 'USD')).toBe(123456);
    expect(parseMinor('0.29', 'USD')).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(parseMinor('1.005', 'USD')).toBe(101); // half away from zero on the text, not the double
    expect(parseMinor('98000', 'JPY')).toBe(98000);
    expect(parseMinor('98000.00', 'JPY')).toBe(98000);
    expect(parseMinor('123.456', 'KWD')).toBe(123456);
    expect(parseMinor('123.4', 'KWD')).toBe(123400);
    expect(parseMinor('-12.50', 'USD')).toBe(-1250);
    expect(parseMinor('12.', 'USD')).toBe(1200);
    expect(parseMinor('90071992547409.91', 'USD')).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of [
      '',
      '-',
      '.5',
      'abc',
      '1e3',
      '12,50',
      '1.2.3',
      '1.2x',
      'NaN',
      'Infinity',
      '90071992547409.92',
      '99999999999999999999',
    ])
      expect(parseMinor(bad, 'USD'), bad).toBeNull();
  });

  it('writes minor units as text with exactly the currency digits', () => {
    expect(formatMinor(123456, 'CLP')).toBe('123456');
    expect(formatMinor(123456, 'KWD')).toBe('123.456');
    expect(formatMinor(5, 'USD')).toBe('0.05');
    expect(formatMinor(-1250, 'USD')).toBe('-12.50');
    expect(formatMinor(7, 'CLF')).toBe('0.0007');
    expect(() => formatMinor(1.5, 'USD')).toThrow(RangeError);
  });

  it('round-trips every amount in every digit class: text → minor → text → decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom('JPY', 'USD', 'KWD', 'CLF'), (minor, currency) => {
        const text = formatMinor(minor, currency);
        expect(parseMinor(text, currency)).toBe(minor);
        expect(toDecimal({ amountMinor: minor, currency })).toBe(Number(text));
      }),
    );
  });
});
