// OfferPrice: confirms a shopped offer's price as a new, freshly expiring offer. Unknown or expired
// offers get the airline's "Invalid or Expired Offer" error; the price-change route comes back dearer.

import type { PtcPrice } from '../fares/fare-pricing.js';
import { formatAmount, tripsOf } from '../fares/fare-pricing.js';
import type { AirlineProfile } from '../airline-profile.js';
import type { MessageHandler } from './message-handler.js';
import { errorDocument } from '../wire/ndc-errors.js';
import { child, list, text, type ParsedMessage } from '../wire/ndc-request-parser.js';
import type { StoredOffer } from '../offers/offer-store.js';
import { baggageAllowanceList, penaltyList, priceClassList } from './fare-xml-builder.js';
import { flightLists, journeyList, offerNode, paxList, paxSegmentList, ResponseIds } from './offer-xml-builder.js';
import { payloadAttributes } from '../wire/payload-attributes.js';
import { newOfferId, OFFER_TTL_MS } from '../offers/shopping-service.js';
import type { TestSystemDeps } from '../test-system-deps.js';
import { el, many, ndcDocument } from '../wire/xml-builder.js';

export function selectedOfferId(parsed: ParsedMessage): string | undefined {
  const selected = child(parsed.root, 'Request', 'PricedOffer', 'SelectedOfferList', 'SelectedOffer');
  return text(selected, 'OfferRefID');
}

/** A live (known, unexpired) offer, or undefined when the airline answers "Invalid or Expired Offer". */
function liveOffer(deps: TestSystemDeps, offerId: string | undefined): StoredOffer | undefined {
  const offer = offerId ? deps.store.offer(offerId) : undefined;
  return offer && offer.expiresAt > deps.clock.now() ? offer : undefined;
}

function repriced(profile: AirlineProfile, offer: StoredOffer, pct: number): StoredOffer['journey'] {
  const perPtc: PtcPrice[] = offer.journey.perPtc.map((p) => {
    const baseCents = Math.round((p.baseCents * (100 + pct)) / 100);
    // Taxes are per one-way trip (the September 11 fee, PFCs); the base is shared evenly between them.
    const trips = tripsOf(offer.journey);
    const taxes = trips.flatMap((segments) =>
      profile.fares.taxes({
        segments,
        baseCents: Math.round(baseCents / trips.length),
        ptc: p.ptc,
        currency: offer.journey.currency,
      }),
    );
    const taxCents = taxes.reduce((s, t) => s + t.cents, 0);
    return { ...p, baseCents, taxes, taxCents, totalCents: baseCents + taxCents };
  });
  return { ...offer.journey, perPtc, totalCents: perPtc.reduce((s, p) => s + p.totalCents * p.count, 0) };
}

export const offerPriceHandler: MessageHandler = {
  message: 'OfferPrice',
  requestRoot: 'IATA_OfferPriceRQ',
  responseRoot: 'IATA_OfferPriceRS',
  route(parsed, deps) {
    const offer = deps.store.offer(selectedOfferId(parsed) ?? '');
    const segments = offer?.journey.segments;
    return segments?.length ? `${segments[0]?.flight.pattern.origin}-${segments.at(-1)?.flight.pattern.destination}` : undefined;
  },
  handle(parsed, deps) {
    const { profile } = deps;
    const offerId = selectedOfferId(parsed) ?? '';
    const source = liveOffer(deps, offerId);
    if (!source) return { status: 200, body: errorDocument(this.responseRoot, [profile.errors.expiredOffer(offerId)]) };
    const requestedItems = list(
      child(parsed.root, 'Request', 'PricedOffer', 'SelectedOfferList', 'SelectedOffer'),
      'SelectedOfferItem',
    ).map((i) => text(i, 'OfferItemRefID'));
    const unknownItem = requestedItems.find((id) => !source.items.some((item) => item.offerItemId === id));
    if (unknownItem) {
      return {
        status: 200,
        body: errorDocument(this.responseRoot, [
          profile.errors.badRequest(`Offer item ${unknownItem} is not part of offer ${offerId}`, 'OfferItemRefID'),
        ]),
      };
    }
    const now = deps.clock.now();
    const journey = source.repriceIncreasePct ? repriced(profile, source, source.repriceIncreasePct) : source.journey;
    const pricedId = newOfferId(profile);
    const priced: StoredOffer = {
      ...source,
      offerId: pricedId,
      createdAt: now,
      expiresAt: now + OFFER_TTL_MS,
      journey,
      items: source.items.map((item, i) => ({ ...item, offerItemId: `${pricedId}-${i + 1}` })),
      sourceOfferId: source.offerId,
      repriceIncreasePct: undefined,
    };
    deps.store.putOffer(priced);
    const ids = new ResponseIds(profile);
    const offer = offerNode('PricedOffer', priced, ids);
    const first = journey.segments[0]?.flight.pattern.origin ?? '';
    const last = journey.segments.at(-1)?.flight.pattern.destination ?? '';
    const changed = journey.totalCents !== source.journey.totalCents;
    const body = ndcDocument(this.responseRoot, [
      el('Response', [
        el('DataLists', [
          baggageAllowanceList(profile, [priced]),
          ...flightLists(ids),
          el('OriginDestList', [
            el('OriginDest', [
              el('DestCode', last),
              el('OriginCode', first),
              el('OriginDestID', 'OD1'),
              ...many(
                'PaxJourneyRefID',
                [...ids.journeys.values()].map((j) => j.id),
              ),
            ]),
          ]),
          journeyList(ids),
          paxList(priced.pax),
          paxSegmentList(ids),
          penaltyList(profile, [priced]),
          priceClassList(ids),
        ]),
        offer,
        changed
          ? el('Warning', [
              el('Code', '10'),
              el(
                'DescText',
                `Price changed from ${journey.currency} ${formatAmount(source.journey.totalCents, journey.currency)} to ${journey.currency} ${formatAmount(journey.totalCents, journey.currency)}`,
              ),
              el('LangCode', 'EN'),
              el('OwnerName', profile.ownerCode),
              el('TypeCode', 'PriceChange'),
            ])
          : null,
      ]),
      payloadAttributes(now),
    ]);
    return { status: 200, body };
  },
};
