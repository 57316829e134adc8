// Search: POST /air/offer_requests (duffel.com/docs/api/v2/offer-requests), GET /air/offer_requests
// and /{id}.

import type { FastifyInstance } from 'fastify';
import type { CabinClass } from '../content/brands.js';
import { wireAirport } from '../content/places.js';
import type { DuffelDeps } from '../deps.js';
import { badQuery, invalid, notFound } from '../wire/duffel-errors.js';
import { dataOf } from '../wire/body.js';
import { isIdOf, newId } from '../wire/ids.js';
import { paginate, type PageQuery } from '../wire/pagination.js';
import { buildOffers, type OfferRecord, type SearchPassenger, type SearchSlice } from './offer-builder.js';
import { omitServices } from './offer-records.js';
import { boolQuery, parsePassengers, parseSlices } from './search-input.js';

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

export function registerOfferRequestRoutes(app: FastifyInstance, deps: DuffelDeps): void {
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
}

function wireRequestSlice(s: SearchSlice) {
  return {
    origin: wireAirport(s.origin),
    destination: wireAirport(s.destination),
    origin_type: 'airport',
    destination_type: 'airport',
    departure_date: s.departureDate,
  };
}
