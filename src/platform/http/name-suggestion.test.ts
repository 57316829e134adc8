import { describe, expect, it } from 'vitest';
import { nearestName, nearestRoute, propertyNamesAt } from './name-suggestion.js';

describe('nearestName', () => {
  it('finds the name meant across case, underscores and up to two typos', () => {
    expect(nearestName('offerId', ['offer_id', 'offers', 'airline'])).toBe('offer_id');
    expect(nearestName('limt', ['limit', 'cursor'])).toBe('limit');
    expect(nearestName('departure', ['departure_date', 'origin'])).toBeNull();
    expect(nearestName('cabin_class', ['cabin', 'adults'])).toBeNull();
  });
});

describe('nearestRoute', () => {
  const routes = ['/v1/shopping/offers', '/v1/orders/:orderID/quote', '/v1/orders', '/dashboard/*'];
  it('matches segment by segment, a parameter standing for any one', () => {
    expect(nearestRoute('/v1/shoping/offers', routes)).toBe('/v1/shopping/offers');
    expect(nearestRoute('/v1/order/ord_1/quote', routes)).toBe('/v1/orders/:orderID/quote');
    expect(nearestRoute('/v1/ordres/', routes)).toBe('/v1/orders');
    expect(nearestRoute('/v2/flights/search', routes)).toBeNull();
  });
});

describe('propertyNamesAt', () => {
  it('reads the names of an object, inside arrays and unions', () => {
    const passenger = { type: 'object', properties: { given_name: {}, family_name: {} } };
    const schema = {
      anyOf: [{ type: 'object', properties: { passengers: { type: 'array', items: passenger } } }, { type: 'null' }],
    };
    expect(propertyNamesAt(schema, '')).toEqual(['passengers']);
    expect(propertyNamesAt(schema, '/passengers/0')).toEqual(['given_name', 'family_name']);
  });
});
