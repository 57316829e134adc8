import { describe, expect, it } from 'vitest';
import { operationsOf, servedTestApp } from './served-document.js';

/** Generated clients name their functions after `operationId`: every operation has one, once. */
describe('operationId on every operation of /openapi.json', () => {
  const served = servedTestApp();

  it('is declared on every operation', () => {
    const without = operationsOf(served.document).filter(({ operation }) => !operation.operationId);
    expect(without.map(({ name }) => name)).toEqual([]);
  });

  it('is unique and reads as a verb a generated client can call', () => {
    const ids = operationsOf(served.document).map(({ operation }) => operation.operationId ?? '');
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !/^[a-z]+[A-Za-z]*$/.test(id))).toEqual([]);
  });

  it('names the booking flow the way the guides do', () => {
    const idOf = (name: string) => operationsOf(served.document).find((o) => o.name === name)?.operation.operationId;
    expect(idOf('POST /v1/shopping/offers')).toBe('searchOffers');
    expect(idOf('POST /v1/shopping/offers/stream')).toBe('streamOffers');
    expect(idOf('POST /v1/offers/price')).toBe('priceOffers');
    expect(idOf('POST /v1/orders')).toBe('createOrder');
    expect(idOf('GET /v1/orders/{orderID}')).toBe('getOrder');
    expect(idOf('GET /v1/orders')).toBe('listOrders');
    expect(idOf('GET /v1/aviation/airports/{id}')).toBe('getAirport');
  });
});
