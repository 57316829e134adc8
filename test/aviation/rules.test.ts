import { describe, expect, it } from 'vitest';
import { boundingBox, distanceKm } from '../../src/aviation/geo-box.js';
import { airlineKey, airportKey } from '../../src/aviation/id-resolution.js';
import { allianceOf } from '../../src/aviation/importers/airline-alliances.js';
import { deriveStatuses } from '../../src/aviation/importers/airline-status.js';
import { bodyClassOf, type BodyClassInput } from '../../src/aviation/importers/body-class.js';
import { canonicalSpellings, chooseNames } from '../../src/aviation/importers/manufacturer-names.js';
import { containsPattern, foldText } from '../../src/aviation/text-fold.js';

describe('id resolution', () => {
  it.each([
    ['3622', { kind: 'id', value: 3622 }],
    ['jfk', { kind: 'iata', value: 'JFK' }],
    ['KJFK', { kind: 'icao', value: 'KJFK' }],
    ['00aa', { kind: 'icao', value: '00AA' }],
    ['US-1234', { kind: 'ident', value: 'US-1234' }],
    ['99999999999', null],
    ['a b', null],
  ])('reads airport id %s', (raw, key) => expect(airportKey(raw)).toEqual(key));

  it.each([
    ['24', { kind: 'id', value: 24 }],
    ['aa', { kind: 'iata', value: 'AA' }],
    ['U2', { kind: 'iata', value: 'U2' }],
    ['aal', { kind: 'icao', value: 'AAL' }],
    ['AAL1', null],
  ])('reads airline id %s', (raw, key) => expect(airlineKey(raw)).toEqual(key));
});

describe('geo', () => {
  it('computes great-circle distances', () => {
    expect(distanceKm(40.639447, -73.779317, 51.4706, -0.461941)).toBeCloseTo(5540, -1);
    expect(distanceKm(0, 179.9, 0, -179.9)).toBeCloseTo(22.2, 0);
  });

  it('bounds a cap, splitting at the antimeridian and opening near the poles', () => {
    const box = boundingBox(48, 11, 100);
    expect(box.latMax - box.latMin).toBeCloseTo(1.8, 1);
    expect(box.lonRanges).toHaveLength(1);
    expect(boundingBox(-16.7, 179.9, 50).lonRanges).toEqual([
      [expect.closeTo(179.43, 1), 180],
      [-180, expect.closeTo(-179.63, 1)],
    ]);
    expect(boundingBox(89.5, 0, 100).lonRanges).toBeNull();
    expect(boundingBox(0, 0, 15_000).lonRanges).toBeNull();
  });
});

describe('text folding', () => {
  it('drops case and accents, including letters Unicode does not decompose', () => {
    expect(foldText('Zürich São Paulo Łódź Øresund Straße')).toBe('zurich sao paulo lodz oresund strasse');
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%');
  });
});

describe('airline status and alliances', () => {
  it('derives the status from the flag and reassigned codes', () => {
    const statuses = deriveStatuses([
      { activeFlag: 'Y', iata: 'AA', icao: 'AAL' },
      { activeFlag: 'N', iata: 'AA', icao: 'OLD' },
      { activeFlag: 'N', iata: 'ZZ', icao: 'ZZZ' },
      { activeFlag: null, iata: null, icao: 'MYS' },
    ]);
    expect(statuses).toEqual(['active', 'defunct', 'inactive', 'unknown']);
  });

  it('knows the curated alliance members by ICAO code', () => {
    expect(allianceOf('BAW')).toBe('oneworld');
    expect(allianceOf('UAL')).toBe('Star Alliance');
    expect(allianceOf('DAL')).toBe('SkyTeam');
    expect(allianceOf('RYR')).toBeNull();
    expect(allianceOf(null)).toBeNull();
  });
});

describe('aircraft types', () => {
  const jet = (over: Partial<BodyClassInput>): BodyClassInput => ({
    icao: 'XXXX',
    manufacturer: 'Boeing',
    model: '737',
    engineCount: 2,
    engineType: 'J',
    species: 'L',
    wake: 'M',
    isAirliner: true,
    ...over,
  });

  it.each([
    [jet({}), 'narrowbody'],
    [jet({ wake: 'H' }), 'widebody'],
    [jet({ wake: 'J' }), 'widebody'],
    [jet({ icao: 'DC87', wake: 'H' }), 'narrowbody'],
    [jet({ icao: 'E190' }), 'regional'],
    [jet({ manufacturer: 'Dassault', model: 'Falcon 900', isAirliner: false }), 'business_jet'],
    [jet({ manufacturer: 'General Dynamics', model: 'F-16 Fighting Falcon', isAirliner: false }), 'other'],
    [jet({ engineType: 'T' }), 'turboprop'],
    [jet({ engineType: 'P' }), 'piston'],
    [jet({ species: 'H', engineType: 'T' }), 'helicopter'],
    [jet({ engineType: null, engineCount: 0 }), 'glider'],
  ])('classes %o as %s', (input, expected) => expect(bodyClassOf(input)).toBe(expected));

  it('picks one manufacturer per designator from its in-use rows', () => {
    const rows = [
      { manufacturer: 'Agusta', model: 'A-109', active: true },
      { manufacturer: 'Leonardo', model: 'AW109', active: true },
      { manufacturer: 'Agusta', model: 'A-109 Power', active: true },
      { manufacturer: 'AgustaWestland', model: 'AW-109', active: false },
      { manufacturer: 'AgustaWestland', model: 'AW-109 Power', active: false },
      { manufacturer: 'AgustaWestland', model: 'AW-109 SP', active: false },
    ];
    expect(chooseNames(rows, canonicalSpellings(rows))).toEqual({
      manufacturer: 'Agusta',
      aliases: ['AgustaWestland', 'Leonardo'],
      model: 'A-109',
      models: ['A-109', 'AW109', 'A-109 Power', 'AW-109', 'AW-109 Power', 'AW-109 SP'],
    });
  });

  it('collapses spellings that differ only in case, spaces or punctuation', () => {
    const rows = [
      { manufacturer: 'M&D Flugzeugbau', model: 'a', active: true },
      { manufacturer: 'M&D Flugzeugbau', model: 'b', active: true },
      { manufacturer: 'M & D Flugzeugbau', model: 'c', active: true },
    ];
    expect(chooseNames([rows[2]!], canonicalSpellings(rows)).manufacturer).toBe('M&D Flugzeugbau');
  });
});
