// Offers: GET /air/offers?offer_request_id= and /{id} (duffel.com/docs/api/v2/offers), POST
// /air/offers/{id}/actions/price.

import type { FastifyInstance } from 'fastify';
import type { DuffelDeps } from '../deps.js';
import { badQuery, invalid, notFound, DuffelApiError } from '../wire/duffel-errors.js';
import { arr, dataOf, obj, str, type Json } from '../wire/body.js';
import { isIdOf } from '../wire/ids.js';
import { paginate, type PageQuery } from '../wire/pagination.js';
import type { OfferRecord } from './offer-builder.js';
import { listedOffer, loadOffer } from './offer-records.js';
import { boolQuery } from './search-input.js';

const totalMinutes = (r: OfferRecord) =>
  r.offer.slices.reduce((sum, s) => {
    const m = /P(?:(\d+)D)?T(\d+)H(\d+)M/.exec(s.duration)!;
    return sum + Number(m[1] ?? 0) * 1440 + Number(m[2]) * 60 + Number(m[3]);
  }, 0);

export function registerOfferRoutes(app: FastifyInstance, deps: DuffelDeps): void {
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
}
