import { describe, expect, it } from 'vitest';
import { AA_PROFILE } from '../../src/connectors/aa/aa-profile.js';
import { VS_PROFILE } from '../../src/connectors/vs/vs-profile.js';
import { ageOn, checkPassengerAges } from '../../src/orders/booking/passenger-ages.js';
import { personNameProblem } from '../../src/orders/booking/person-names.js';

describe('ages on a flight date', () => {
  it('counts whole years; a 29 February birthday comes on 1 March in other years', () => {
    expect(ageOn('2024-12-15', '2026-12-14')).toBe(1);
    expect(ageOn('2024-12-15', '2026-12-15')).toBe(2);
    expect(ageOn('2024-02-29', '2026-02-28')).toBe(1);
    expect(ageOn('2024-02-29', '2026-03-01')).toBe(2);
  });
});

describe('passenger types under the airlines’ rules', () => {
  const refusal = (fn: () => void) => {
    try {
      fn();
      return null;
    } catch (err) {
      return { code: (err as { code: string }).code, field: (err as { fields: { field: string } }).fields.field };
    }
  };
  const adult = { born_on: '1985-12-10' };

  it('an infant whose second birthday falls between the outbound and the return is a child', () => {
    const dates = ['2026-12-15', '2026-12-22'];
    const infant = { type: 'infant' as const, born_on: '2024-12-18' };
    expect(refusal(() => checkPassengerAges([adult, infant], AA_PROFILE.passengerRules, dates, 'AA'))).toEqual({
      code: 'passenger_type_mismatch',
      field: 'passengers[1].type',
    });
    expect(
      refusal(() => checkPassengerAges([adult, { ...infant, type: 'child' }], AA_PROFILE.passengerRules, dates, 'AA')),
    ).toBeNull();
  });

  it('a 14-year-old travels alone on VS but not on AA; an 11-year-old typed adult is refused', () => {
    const fourteen = { born_on: '2012-06-01' };
    expect(refusal(() => checkPassengerAges([fourteen], VS_PROFILE.passengerRules, ['2026-12-15'], 'VS'))).toBeNull();
    expect(refusal(() => checkPassengerAges([fourteen], AA_PROFILE.passengerRules, ['2026-12-15'], 'AA'))?.code).toBe(
      'passengers_unaccompanied',
    );
    expect(
      refusal(() => checkPassengerAges([adult, { born_on: '2015-06-01' }], AA_PROFILE.passengerRules, ['2026-12-15'], 'AA')),
    ).toEqual({
      code: 'passenger_type_mismatch',
      field: 'passengers[1].type',
    });
  });

  it('refuses a birth date after the first flight, naming born_on', () => {
    expect(
      refusal(() => checkPassengerAges([{ born_on: '2027-01-01' }], AA_PROFILE.passengerRules, ['2026-12-15'], 'AA')),
    ).toEqual({
      code: 'passenger_type_mismatch',
      field: 'passengers[0].born_on',
    });
  });
});

describe('person names', () => {
  it.each(['Ada', 'Jean-Luc', "O'Brien", 'O’Brien', 'St. John', 'Nguyễn Thị', 'Δημήτρης', '김민준', 'Zoë', 'José'])(
    'takes %s',
    (name) => expect(personNameProblem(name)).toBeNull(),
  );
  it.each([
    'Ada1',
    'Ada\u0001',
    'Love\u001blace',
    '\uFFFE',
    'Ada\u200E',
    'Ada\u202E',
    'Ada  Lovelace',
    'Ada\tL',
    '-Ada',
    'Ada!',
    'x'.repeat(61),
  ])('refuses %j', (name) => expect(personNameProblem(name)).not.toBeNull());
});
