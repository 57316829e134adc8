// Stored offers as the routes read them: loaded by id, listed without their services unless asked.

import type { DuffelDeps } from '../deps.js';
import { notFound } from '../wire/duffel-errors.js';
import { isIdOf } from '../wire/ids.js';
import type { OfferRecord } from './offer-builder.js';

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

/** An offer as a search returns it: without its available services at all. */
export const omitServices = (o: OfferRecord) => {
  const { available_services: _services, ...rest } = o.offer;
  return rest;
};
