// Passenger types AA does not fare (issue 20, point 10): priced as the nearest type it fares, with
// the warning AA sends for them (samples-aa-17.2 AirShoppingRS_JFKDFW_1ADT_1CNN_OneWay.xml).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AaTestSystem } from '../../../src/testsystem/aa/server.js';
import { airShoppingRq, offersIn, post, startFixedServer, TRAVEL_DATE, xsdErrors } from './aa-test-helpers.js';

let system: AaTestSystem;
beforeAll(async () => {
  system = await startFixedServer();
});
afterAll(async () => system?.close());

const WARNING = /<Warning[^>]*><DescText>Not fared at passenger type requested\.<\/DescText><LangCode>EN<\/LangCode><\/Warning>/;
const shop = (ptcs: string[]) => post(system, 'AirShopping', airShoppingRq('JFK', 'LAX', TRAVEL_DATE, ptcs));

describe('passenger types', () => {
  it('prices a CNN child as a child and an SRC senior as an adult, each with AA’s warning', async () => {
    const fared = await shop(['ADT', 'CHD']);
    expect(fared.body).not.toContain('Not fared at passenger type requested.');
    const cnn = await shop(['ADT', 'CNN']);
    expect(cnn.body).toMatch(WARNING);
    expect(offersIn(cnn.body)[0]?.total).toBe(offersIn(fared.body)[0]?.total);
    expect(await xsdErrors('IATA_AirShoppingRS', cnn.body)).toEqual([]);
    const adults = await shop(['ADT', 'ADT']);
    const senior = await shop(['ADT', 'SRC']);
    expect(senior.body).toMatch(WARNING);
    expect(offersIn(senior.body)[0]?.total).toBe(offersIn(adults.body)[0]?.total);
    expect((await shop(['ADT', 'UNN'])).body).toMatch(WARNING);
  });
});
