// Search: POST /air/offer_requests (duffel.com/docs/api/v2/offer-requests), GET /air/offer_requests
// and /{id}, GET /air/offers?offer_request_id= and /{id} (…/v2/offers), POST
// /air/offers/{id}/actions/price, GET /air/seat_maps?offer_id= (…/v2/seat-maps).

import type { FastifyInstance } from 'fastify';
import type { CabinClass } from '../content/brands.js';
import { findAirport, wireAirport } from '../content/places.js';
import type { PassengerType } from '../content/fares.js';
import type { DuffelDeps } from '../deps.js';
import { badQuery, invalid, notFound, required, DuffelApiError, invalidState } from '../wire/duffel-errors.js';
import { arr, dataOf, isRealDate, obj, str, type Json } from '../wire/body.js';
import { isIdOf, newId } from '../wire/ids.js';
import { paginate, type PageQuery } from '../wire/pagination.js';
import { buildOffers, type OfferRecord, type SearchPassenger, type SearchSlice } from './offer-builder.js';
import { buildSeatMaps } from './seat-maps.js';

const CABINS: readonly CabinClass[] = ['economy', 'premium_economy', 'business', 'first'];
const DEFAULT_SUPPLIER_TIMEOUT_MS = 20_000;

export interface OfferRequestRecord {
  offerRequest: {
    id: string;
    live_mode: false;
    created_at: string;
    cabin_class: CabinClass;
    slices: unknown[];
    passengers: SearchPassenger[];
  };
  offerIds: string[];
}

function parseSlices(data: Json, today: string): SearchSlice[] {
  return arr(data, 'slices', 'slices', { min: 1, max: 4 }).map((raw, i) => {
    const s = obj(raw, `slices.${i}`);
    const airport = (field: 'origin' | 'destination') => {
      const code = str(s, field, `slices.${i}.${field}`);
      if (!/^[A-Z]{3}$/.test(code)) throw invalid(`slices.${i}.${field}`, `${field} must be a 3-letter IATA code`);
      const found = findAirport(code);
      if (!found) throw invalid(`slices.${i}.${field}`, `No airport or city found with IATA code ${code}`, 'validation_invalid');
      return found;
    };
    const origin = airport('origin');
    const destination = airport('destination');
    if (origin.code === destination.code)
      throw invalid(`slices.${i}.destination`, 'destination must differ from origin', 'validation_invalid');
    const departureDate = str(s, 'departure_date', `slices.${i}.departure_date`);
    if (!isRealDate(departureDate)) throw invalid(`slices.${i}.departure_date`, 'departure_date must be a date (YYYY-MM-DD)');
    if (departureDate < today)
      throw invalid(`slices.${i}.departure_date`, 'departure_date must not be in the past', 'validation_invalid');
    return { origin, destination, departureDate };
  });
}

function parsePassengers(data: Json): SearchPassenger[] {
  const passengers = arr(data, 'passengers', 'passengers', { min: 1, max: 9 }).map((raw, i): SearchPassenger => {
    const p = obj(raw, `passengers.${i}`);
    const path = `passengers.${i}`;
    let type: PassengerType;
    let age: number | null = null;
    if (p.age !== undefined && p.age !== null) {
      if (typeof p.age !== 'number' || !Number.isInteger(p.age) || p.age < 0 || p.age > 130)
        throw invalid(`${path}.age`, 'age must be a whole number from 0 to 130');
      age = p.age;
      type = age < 2 ? 'infant_without_seat' : age < 12 ? 'child' : 'adult';
      if (p.type !== undefined && p.type !== null)
        throw invalid(`${path}.type`, 'give either type or age for a passenger, not both', 'validation_invalid');
    } else if (p.type === 'adult') type = 'adult';
    else if (p.type === undefined || p.type === null) throw required(`${path}.type`);
    else throw invalid(`${path}.type`, 'type must be "adult"; give other passengers their age', 'validation_inclusion');
    const given = typeof p.given_name === 'string' ? p.given_name : undefined;
    const family = typeof p.family_name === 'string' ? p.family_name : undefined;
    return {
      id: newId('offerPassenger'),
      type,
      age,
      ...(given ? { given_name: given } : {}),
      ...(family ? { family_name: family } : {}),
    };
  });
  const adults = passengers.filter((p) => p.type === 'adult').length;
  if (adults === 0) throw invalid('passengers', 'At least one adult passenger is required', 'validation_invalid');
  if (passengers.filter((p) => p.type === 'infant_without_seat').length > adults)
    throw invalid('passengers', 'Each infant without a seat must travel with an adult', 'validation_invalid');
  return passengers;
}

const boolQuery = (value: string | undefined, parameter: string, fallback: boolean) => {
  if (value === undefined) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badQuery(parameter, `${parameter} must be true or false`);
};

/** An offer as listed: without its available services unless asked for them. */
export const listedOffer = (r: OfferRecord, withServices = false) => ({
  ...r.offer,
  available_services: withServices ? r.offer.available_services : [],
});

export async function loadOffer(deps: DuffelDeps, id: string): Promise<OfferRecord> {
  const record = isIdOf('offer', id) ? await deps.store.get<OfferRecord>('offer', id) : undefined;
  if (!record) throw notFound('offer');
  return record;
}

const totalMinutes = (r: OfferRecord) =>
  r.offer.slices.reduce((sum, s) => {
    const m = /P(?:(\d+)D)?T(\d+)H(\d+)M/.exec(s.duration)!;
    return sum + Number(m[1] ?? 0) * 1440 + Number(m[2]) * 60 + Number(m[3]);
  }, 0);

export function registerShoppingRoutes(app: FastifyInstance, deps: DuffelDeps): void {
  app.post<{ Querystring: { return_offers?: string; supplier_timeout?: string } }>(
    '/air/offer_requests',
    async (request, reply) => {
      const returnOffers = boolQuery(request.query.return_offers, 'return_offers', true);
      let supplierTimeout = DEFAULT_SUPPLIER_TIMEOUT_MS;
      if (request.query.supplier_timeout !== undefined) {
        supplierTimeout = Number(request.query.supplier_timeout);
        if (!/^\d+$/.test(request.query.supplier_timeout) || supplierTimeout < 2_000 || supplierTimeout > 60_000)
          throw badQuery('supplier_timeout', 'supplier_timeout must be a number of milliseconds from 2000 to 60000');
      }
      const data = dataOf(request);
      const now = await deps.now();
      const slices = parseSlices(data, new Date(now).toISOString().slice(0, 10));
      const passengers = parsePassengers(data);
      const cabin = (data.cabin_class ?? 'economy') as CabinClass;
      if (!CABINS.includes(cabin))
        throw invalid('cabin_class', `cabin_class must be one of ${CABINS.join(', ')}`, 'validation_inclusion');
      const maxConnections = data.max_connections ?? 1;
      if (maxConnections !== 0 && maxConnections !== 1 && maxConnections !== 2)
        throw invalid('max_connections', 'max_connections must be 0, 1 or 2', 'validation_inclusion');
      // Duffel Airways' STN→LHR scenario: its answer never comes; the request waits out the supplier timeout.
      const timesOut = slices[0]!.origin.code === 'STN' && slices[0]!.destination.code === 'LHR';
      if (timesOut) await new Promise((resolve) => setTimeout(resolve, supplierTimeout));
      const id = newId('offerRequest');
      const offers = buildOffers(slices, passengers, {
        cabin,
        maxConnections,
        skipDuffelAirways: timesOut,
        offerRequestId: id,
        now,
      });
      const record: OfferRequestRecord = {
        offerRequest: {
          id,
          live_mode: false,
          created_at: new Date(now).toISOString(),
          cabin_class: cabin,
          slices: slices.map((s) => wireRequestSlice(s)),
          passengers,
        },
        offerIds: offers.map((o) => o.offer.id),
      };
      await deps.change(async (change) => {
        change.put('offer_request', id, record, { parentId: null, createdAt: now });
        for (const o of offers) change.put('offer', o.offer.id, o, { parentId: id, createdAt: now });
      });
      return reply
        .code(201)
        .send({ data: { ...record.offerRequest, offers: returnOffers ? offers.map((o) => omitServices(o)) : [] } });
    },
  );

  app.get<{ Querystring: PageQuery }>('/air/offer_requests', async (request) => {
    const all = (await deps.store.list<OfferRequestRecord>('offer_request')).reverse();
    const page = paginate(all, request.query);
    return { data: page.data.map((r) => r.offerRequest), meta: page.meta };
  });

  app.get<{ Params: { id: string } }>('/air/offer_requests/:id', async (request) => {
    const record = isIdOf('offerRequest', request.params.id)
      ? await deps.store.get<OfferRequestRecord>('offer_request', request.params.id)
      : undefined;
    if (!record) throw notFound('offer request');
    const offers = await deps.store.list<OfferRecord>('offer', record.offerRequest.id);
    return { data: { ...record.offerRequest, offers: offers.map((o) => omitServices(o)) } };
  });

  app.get<{ Querystring: PageQuery & { offer_request_id?: string; sort?: string; max_connections?: string } }>(
    '/air/offers',
    async (request) => {
      const { offer_request_id: requestId, sort, max_connections: maxConnections } = request.query;
      if (requestId === undefined) throw badQuery('offer_request_id', 'offer_request_id is required');
      if (!isIdOf('offerRequest', requestId) || !(await deps.store.get('offer_request', requestId)))
        throw notFound('offer request');
      if (sort !== undefined && !['total_amount', '-total_amount', 'total_duration', '-total_duration'].includes(sort))
        throw badQuery('sort', 'sort must be total_amount or total_duration (- for descending)');
      if (maxConnections !== undefined && !/^[0-2]$/.test(maxConnections))
        throw badQuery('max_connections', 'max_connections must be 0, 1 or 2');
      let offers = await deps.store.list<OfferRecord>('offer', requestId);
      if (maxConnections !== undefined)
        offers = offers.filter((o) => o.offer.slices.every((s) => s.segments.length - 1 <= Number(maxConnections)));
      if (sort) {
        const key = sort.endsWith('total_amount') ? (o: OfferRecord) => Number(o.offer.total_amount) : totalMinutes;
        const direction = sort.startsWith('-') ? -1 : 1;
        offers = [...offers].sort((a, b) => direction * (key(a) - key(b)));
      }
      const page = paginate(offers, request.query);
      return { data: page.data.map((o) => listedOffer(o)), meta: page.meta };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { return_available_services?: string } }>('/air/offers/:id', async (request) => {
    const withServices = boolQuery(request.query.return_available_services, 'return_available_services', false);
    const record = await loadOffer(deps, request.params.id);
    return { data: listedOffer(record, withServices) };
  });

  app.post<{ Params: { id: string } }>('/air/offers/:id/actions/price', async (request) => {
    const record = await loadOffer(deps, request.params.id);
    if (Date.parse(record.offer.expires_at) <= (await deps.now()))
      throw new DuffelApiError(422, 'invalid_state_error', 'offer_no_longer_available', {
        title: 'Offer no longer available',
        message: 'The offer has expired; search again',
      });
    const data = request.body ? dataOf(request) : {};
    const services = arr(data, 'intended_services', 'intended_services', { optional: true }).map((raw, i) => {
      const s = obj(raw, `intended_services.${i}`);
      const id = str(s, 'id', `intended_services.${i}.id`);
      if (!record.offer.available_services.some((a) => a.id === id))
        throw invalid(`intended_services.${i}.id`, `${id} is not a service of this offer`, 'validation_invalid');
      return { id, quantity: typeof s.quantity === 'number' ? s.quantity : 1 };
    });
    const methods = arr(data, 'intended_payment_methods', 'intended_payment_methods', { optional: true }).map((raw) => ({
      ...(raw as Json),
      charge_amount: record.offer.total_amount,
      charge_currency: record.offer.total_currency,
      surcharge_amount: '0.00',
      surcharge_currency: record.offer.total_currency,
    }));
    return { data: { ...listedOffer(record, true), intended_services: services, intended_payment_methods: methods } };
  });

  app.get<{ Querystring: { offer_id?: string } }>('/air/seat_maps', async (request) => {
    if (request.query.offer_id === undefined) throw badQuery('offer_id', 'offer_id is required');
    const record = await loadOffer(deps, request.query.offer_id);
    if (Date.parse(record.offer.expires_at) <= (await deps.now()))
      throw invalidState('offer_no_longer_available', 'Offer no longer available', 'The offer has expired; search again');
    return { data: buildSeatMaps(record).maps };
  });
}

const omitServices = (o: OfferRecord) => {
  const { available_services: _services, ...rest } = o.offer;
  return rest;
};

function wireRequestSlice(s: SearchSlice) {
  return {
    origin: wireAirport(s.origin),
    destination: wireAirport(s.destination),
    origin_type: 'airport',
    destination_type: 'airport',
    departure_date: s.departureDate,
  };
}
