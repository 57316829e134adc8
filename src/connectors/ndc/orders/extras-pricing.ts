import { fail, failure, ok, type ConnectorResult } from '../../connector-failure.js';
import type { ExtraRequest, OrderRef, PricedExtra } from '../../order-types.js';
import type { Seller } from '../seller.js';
import { readDataLists } from '../ndc-data-lists.js';
import { stableIdOf } from '../ndc-offer-mapper.js';
import { amount, list, node, text, texts, type Parsed } from '../ndc-xml.js';
import { orderMessage } from './order-message.js';

/** Where the airline is asked for seat and service prices: an offer part, or a booked order. */
export type ExtrasSubject =
  { kind: 'offer'; offerId: string; owner: string; pax: { id: string; ptc: string }[] } | { kind: 'order'; ref: OrderRef };

function core(subject: ExtrasSubject) {
  return subject.kind === 'offer'
    ? { OfferRequest: { Offer: { OfferID: subject.offerId, OwnerCode: subject.owner } } }
    : { OrderRequest: { Order: { OrderID: subject.ref.airlineOrderId, OwnerCode: subject.ref.owner } } };
}

const paxOf = (subject: ExtrasSubject) =>
  subject.kind === 'offer' ? subject.pax.map((p) => ({ PaxID: p.id, PTC: p.ptc })) : undefined;

export const seatRequest = (seller: Seller, subject: ExtrasSubject) =>
  orderMessage('IATA_SeatAvailabilityRQ', seller, 'Request', { Pax: paxOf(subject), SeatAvailCoreRequest: core(subject) });

export const serviceRequest = (seller: Seller, subject: ExtrasSubject) =>
  orderMessage('IATA_ServiceListRQ', seller, 'Request', { Pax: paxOf(subject), ServiceListCoreRequest: core(subject) });

function alaCarte(response: Parsed): { offerId: string; prices: Map<string, ReturnType<typeof amount>> } {
  const offer = node(response.ALaCarteOffer);
  const prices = new Map<string, ReturnType<typeof amount>>();
  for (const item of list(offer.OfferItem)) prices.set(text(item.OfferItemID) ?? '', amount(node(item.UnitPrice).TotalAmount));
  return { offerId: text(offer.OfferID) ?? '', prices };
}

const notPriced = (what: string) => fail<PricedExtra[]>(failure('not_available', `${what} cannot be priced by the airline`));

/**
 * Prices seats from a SeatAvailabilityRS: the seat must be free, and its price is that of the
 * a-la-carte item it points to (a free seat points to none and costs nothing).
 */
export function priceSeats(root: Parsed, seats: Extract<ExtraRequest, { kind: 'seat' }>[]): ConnectorResult<PricedExtra[]> {
  const response = node(root.Response);
  const { offerId, prices } = alaCarte(response);
  const lists = readDataLists(response.DataLists);
  const out: PricedExtra[] = [];
  for (const want of seats) {
    // Sellers name segments by our stable id; the airline's seat map by its response-local id.
    const map = list(response.SeatMap).find((m) => {
      const local = text(m.PaxSegmentRefID) ?? '';
      return local === want.segmentId || stableIdOf(local, lists) === want.segmentId;
    });
    const seat = list(node(map?.CabinCompartment).SeatRow)
      .flatMap((row) => list(row.Seat).map((s) => ({ s, row: text(s.RowNumber) ?? text(row.RowNumber) })))
      .find(({ s, row }) => `${row}${text(s.ColumnID)}` === want.designator);
    if (!seat || text(seat.s.OccupationStatusCode) !== 'F') return notPriced(`seat ${want.designator} on ${want.segmentId}`);
    const itemRef = texts(seat.s.OfferItemRefID)[0];
    // A free seat costs nothing in the currency the airline prices this order's seats in.
    const price = itemRef
      ? prices.get(itemRef)
      : { amountMinor: 0, currency: [...prices.values()].find((p) => p)?.currency ?? 'USD' };
    if (!price) return notPriced(`seat ${want.designator} on ${want.segmentId}`);
    out.push({
      request: want,
      airlineOfferId: offerId,
      airlineItemId: itemRef ?? `${offerId}-${text(map?.PaxSegmentRefID)}-FREE`,
      name: `Seat ${want.designator}`,
      price,
    });
  }
  return ok(out);
}

/**
 * Prices services from a ServiceListRS: each chosen service is found among the answer's a-la-carte
 * items by the airline's own rule for recognising a service across answers (profile.sameService).
 */
export function priceServices(
  root: Parsed,
  services: Extract<ExtraRequest, { kind: 'service' }>[],
  sameService: (itemId: string, wanted: string) => boolean,
): ConnectorResult<PricedExtra[]> {
  const response = node(root.Response);
  const { offerId, prices } = alaCarte(response);
  const names = new Map<string, string>();
  for (const def of list(
    node(response.DataLists).ServiceDefinitionList ? node(node(response.DataLists).ServiceDefinitionList).ServiceDefinition : [],
  )) {
    names.set(text(def.ServiceDefinitionID) ?? '', text(def.Name) ?? 'Service');
  }
  const items = list(node(response.ALaCarteOffer).OfferItem);
  const out: PricedExtra[] = [];
  for (const want of services) {
    const item = items.find((i) => sameService(text(i.OfferItemID) ?? '', want.serviceId));
    const itemId = item ? (text(item.OfferItemID) ?? '') : '';
    const price = item ? prices.get(itemId) : null;
    if (!item || !price) return notPriced(`service ${want.serviceId}`);
    out.push({
      request: want,
      airlineOfferId: offerId,
      airlineItemId: itemId,
      name: names.get(text(node(item.Service).ServiceDefinitionRefID) ?? '') ?? 'Service',
      price,
    });
  }
  return ok(out);
}
