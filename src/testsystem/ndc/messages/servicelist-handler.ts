// ServiceList for a shopped or priced offer: bags per journey, and priority, meals, Wi-Fi and lounge
// per segment, each priced per passenger in an a-la-carte offer.

import type { MessageHandler } from './message-handler.js';
import { errorDocument } from '../wire/ndc-errors.js';
import { amount, flightLists, journeyList, paxList, paxSegmentList, ResponseIds } from './offer-xml-builder.js';
import { payloadAttributes } from '../wire/payload-attributes.js';
import { isErrorSpec, resolveTrip } from './trip-context.js';
import type { CatalogService } from '../fares/catalog-service.js';
import { OFFER_TTL_MS } from '../offers/shopping-service.js';
import { el, many, ndcDocument, type XmlNode, isoTimestamp } from '../wire/xml-builder.js';

export const serviceListHandler: MessageHandler = {
  message: 'ServiceList',
  requestRoot: 'IATA_ServiceListRQ',
  responseRoot: 'IATA_ServiceListRS',
  route: () => undefined,
  handle(parsed, deps) {
    const { profile } = deps;
    const trip = resolveTrip(parsed, 'ServiceListCoreRequest', deps);
    if (isErrorSpec(trip)) return { status: 200, body: errorDocument(this.responseRoot, [trip]) };
    const now = deps.clock.now();
    const ids = new ResponseIds(profile);
    const flights = trip.segments.map((s) => s.flight);
    const journeyId = ids.journey(flights);
    const paxIds = trip.pax.filter((p) => p.ptc !== 'INF').map((p) => p.id);
    const slOfferId = profile.serviceItems.offerId();
    const used = new Set<CatalogService>();
    const items: XmlNode[] = [];
    for (const service of profile.services) {
      const targets =
        service.per === 'journey'
          ? [{ flight: flights[0], ref: null as string | null }]
          : flights.map((f) => ({ flight: f, ref: ids.segment(f) }));
      for (const [index, { flight, ref }] of targets.entries()) {
        if (!flight) continue;
        const cents = service.price(flight, trip, trip.currency);
        if (cents === null) continue;
        used.add(service);
        const itemId = profile.serviceItems.itemId(slOfferId, { serviceId: service.id, segment: ref ? index + 1 : null });
        const association = ref
          ? el('PaxSegmentReferences', [el('PaxSegmentRefID', ref)])
          : el('PaxJourneyRef', [el('PaxJourneyRefID', journeyId)]);
        items.push(
          el('OfferItem', [
            el('Eligibility', [el('OfferFlightAssociations', [association]), ...many('PaxRefID', paxIds)]),
            el('OfferItemID', itemId),
            el('Service', [el('ServiceDefinitionRefID', `SRV_${service.id}`), el('ServiceID', `${itemId}-SVC`)]),
            el('UnitPrice', [amount('TotalAmount', cents, trip.currency)]),
          ]),
        );
      }
    }
    if (items.length === 0)
      return {
        status: 200,
        body: errorDocument(this.responseRoot, [profile.errors.badRequest('No services available for this offer')]),
      };
    const body = ndcDocument(this.responseRoot, [
      el('Response', [
        el('ALaCarteOffer', [
          el('OfferExpirationTimeLimitDateTime', isoTimestamp(now + OFFER_TTL_MS)),
          el('OfferID', slOfferId),
          ...items,
          el('OwnerCode', profile.ownerCode),
        ]),
        el('DataLists', [
          ...flightLists(ids),
          journeyList(ids),
          paxList(trip.pax),
          paxSegmentList(ids),
          el(
            'ServiceDefinitionList',
            [...used].map((s) =>
              el('ServiceDefinition', [
                el('Name', s.name),
                el('OwnerCode', profile.ownerCode),
                el('RFIC', s.rfic),
                el('RFISC', s.rfisc),
                el('ServiceCode', s.code),
                el('ServiceDefinitionID', `SRV_${s.id}`),
              ]),
            ),
          ),
        ]),
      ]),
      payloadAttributes(now),
    ]);
    return { status: 200, body };
  },
};
