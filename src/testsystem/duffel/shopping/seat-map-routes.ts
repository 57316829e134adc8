// Seat maps: GET /air/seat_maps?offer_id= (duffel.com/docs/api/v2/seat-maps).

import type { FastifyInstance } from 'fastify';
import type { DuffelDeps } from '../deps.js';
import { badQuery, invalidState } from '../wire/duffel-errors.js';
import { buildSeatMaps } from './seat-maps.js';
import { loadOffer } from './offer-records.js';

export function registerSeatMapRoutes(app: FastifyInstance, deps: DuffelDeps): void {
  app.get<{ Querystring: { offer_id?: string } }>('/air/seat_maps', async (request) => {
    if (request.query.offer_id === undefined) throw badQuery('offer_id', 'offer_id is required');
    const record = await loadOffer(deps, request.query.offer_id);
    if (Date.parse(record.offer.expires_at) <= (await deps.now()))
      throw invalidState('offer_no_longer_available', 'Offer no longer available', 'The offer has expired; search again');
    return { data: buildSeatMaps(record).maps };
  });
}
