// Changing flights: POST /air/order_change_requests (slices to remove and to add) answers with
// order change offers priced by the airline; GET /air/order_change_offers?order_change_request_id=
// lists them; POST /air/order_changes makes a pending change from one, and POST
// /air/order_changes/{id}/actions/confirm pays the difference and applies it, reissuing tickets.
// A change costs the brand's change penalty plus any rise in fare; a cheaper fare is not refunded.
// References: duffel.com/docs/api/v2/order-change-requests, …/order-change-offers, …/order-changes.

import type { FastifyInstance } from 'fastify';
import { brandOf, type CabinClass } from '../content/brands.js';
import { isLongHaul, penalty } from '../content/fares.js';
import { findAirport, wireAirport } from '../content/places.js';
import { itineraries, type Itinerary } from '../content/schedules.js';
import type { DuffelDeps } from '../deps.js';
import { slicePrice, type SlicePrice } from '../shopping/offer-builder.js';
import { wireSlice } from '../shopping/wire-slices.js';
import { arr, dataOf, isRealDate, obj, str } from '../wire/body.js';
import { badQuery, invalid, invalidState, notFound, required } from '../wire/duffel-errors.js';
import { isIdOf, newId } from '../wire/ids.js';
import { fromWire, toWire } from '../wire/money.js';
import { paginate, type PageQuery } from '../wire/pagination.js';
import { closeOpenChanges } from './airline-initiated-changes.js';
import { requireWaysKept } from './change-ways.js';
import { checkPayment } from './order-body.js';
import { changeAllowed } from './order-routes.js';
import { issueTickets, loadOrder, refreshActions, refreshTotals, totalAmount, type OrderRecord } from './order-record.js';

const CHANGE_OFFER_LIFETIME_MS = 30 * 60_000;

type OrderSlice = OrderRecord['order']['slices'][number];

interface ChangeOfferRecord {
  offer: {
    id: string;
    order_change_id: string | null;
    slices: { add: OrderSlice[]; remove: OrderSlice[] };
    new_total_amount: string;
    new_total_currency: string;
    change_total_amount: string;
    change_total_currency: string;
    penalty_amount: string;
    penalty_currency: string;
    refund_to: 'original_form_of_payment';
    created_at: string;
    updated_at: string;
    expires_at: string;
  };
  orderId: string;
  requestId: string;
  addedPrices: SlicePrice[];
  addedLongHaul: boolean[];
}

interface ChangeRequestRecord {
  request: {
    id: string;
    order_id: string;
    live_mode: false;
    slices: { add: unknown[]; remove: { slice_id: string }[] };
    created_at: string;
    updated_at: string;
  };
}

interface OrderChangeRecord {
  change: {
    id: string;
    order_id: string;
    live_mode: false;
    slices: ChangeOfferRecord['offer']['slices'];
    change_total_amount: string;
    change_total_currency: string;
    new_total_amount: string;
    new_total_currency: string;
    penalty_total_amount: string;
    penalty_total_currency: string;
    refund_to: 'original_form_of_payment';
    available_payment_types: string[];
    created_at: string;
    expires_at: string;
    confirmed_at: string | null;
  };
  changeOfferId: string;
}

const combos = (perSlice: Itinerary[][]) =>
  perSlice
    .map((o) => (perSlice.length > 1 ? o.slice(0, 3) : o))
    .reduce<Itinerary[][]>((acc, options) => acc.flatMap((c) => options.map((o) => [...c, o])), [[]]);

interface Resource {
  kind: 'order_change_offer' | 'order_change_request' | 'order_change';
  prefix: 'orderChangeOffer' | 'orderChangeRequest' | 'orderChange';
  what: string;
}
const CHANGE_OFFER: Resource = { kind: 'order_change_offer', prefix: 'orderChangeOffer', what: 'order change offer' };
const CHANGE_REQUEST: Resource = { kind: 'order_change_request', prefix: 'orderChangeRequest', what: 'order change request' };
const ORDER_CHANGE: Resource = { kind: 'order_change', prefix: 'orderChange', what: 'order change' };

async function load<T>(deps: DuffelDeps, resource: Resource, id: string): Promise<T> {
  const r = isIdOf(resource.prefix, id) ? await deps.store.get<T>(resource.kind, id) : undefined;
  if (!r) throw notFound(resource.what);
  return r;
}

export function registerChangeRoutes(app: FastifyInstance, deps: DuffelDeps): void {
  app.post('/air/order_change_requests', async (request, reply) => {
    const data = dataOf(request);
    const orderId = str(data, 'order_id');
    const slices = obj(data.slices, 'slices');
    const remove = arr(slices, 'remove', 'slices.remove', { min: 1, max: 4 }).map((raw, i) =>
      str(obj(raw, `slices.remove.${i}`), 'slice_id', `slices.remove.${i}.slice_id`),
    );
    const now = await deps.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const add = arr(slices, 'add', 'slices.add', { min: 1, max: 4 }).map((raw, i) => {
      const s = obj(raw, `slices.add.${i}`);
      const place = (f: 'origin' | 'destination') => {
        const code = str(s, f, `slices.add.${i}.${f}`);
        const airport = /^[A-Z]{3}$/.test(code) ? findAirport(code) : undefined;
        if (!airport) throw invalid(`slices.add.${i}.${f}`, `No airport found with IATA code ${code}`, 'validation_invalid');
        return airport;
      };
      const date = str(s, 'departure_date', `slices.add.${i}.departure_date`);
      if (!isRealDate(date) || date < today)
        throw invalid(`slices.add.${i}.departure_date`, 'departure_date must be a date, today or later');
      const cabin = (s.cabin_class ?? null) as CabinClass | null;
      return { origin: place('origin'), destination: place('destination'), date, cabin };
    });
    return deps.change(async (change) => {
      const record = await loadOrder(deps, orderId);
      if (record.order.cancelled_at)
        throw invalidState('order_cancelled', 'Order cancelled', 'A cancelled order cannot be changed');
      if (record.order.payment_status.awaiting_payment)
        throw invalidState('order_awaiting_payment', 'Order awaiting payment', 'Pay the order before changing it');
      if (!changeAllowed(record))
        throw invalidState('order_change_not_allowed', 'Change not allowed', `The ${record.brand} fare does not allow changes`);
      const removeIdx = remove.map((id, i) => {
        const idx = record.order.slices.findIndex((s) => s.id === id);
        if (idx < 0) throw invalid(`slices.remove.${i}.slice_id`, `${id} is not a slice of the order`, 'validation_invalid');
        return idx;
      });
      requireWaysKept(
        [...removeIdx].sort((a, b) => a - b).map((i) => record.order.slices[i]!),
        add,
      );
      const brand = brandOf(record.owner, record.brand)!;
      const passengers = record.order.passengers.map((p) => ({ id: p.id, type: p.type, age: null }));
      const paying = passengers.filter((p) => p.type !== 'infant_without_seat').length;
      const perSlice = add.map((a) =>
        itineraries(record.owner, a.origin, a.destination, a.date).filter((it) => it[0]!.depUtc > now + 2 * 3600_000),
      );
      const iso = new Date(now).toISOString();
      const requestId = newId('orderChangeRequest');
      const removed = removeIdx.map((i) => record.order.slices[i]!);
      const removedAmount = removeIdx.reduce((s, i) => s + record.slicePrices[i]!.base + record.slicePrices[i]!.tax, 0);
      const fee = removeIdx.reduce((s, i) => s + penalty(brand.change, record.longHaul[i]!), 0) * paying;
      const offers: ChangeOfferRecord[] = perSlice.some((o) => o.length === 0)
        ? []
        : combos(perSlice).map((combo) => {
            const id = newId('orderChangeOffer');
            const prices = combo.map((it) => slicePrice(record.owner, it, brand, passengers));
            const longHaul = combo.map(isLongHaul);
            const addedAmount = prices.reduce((s, p) => s + p.base + p.tax, 0);
            const added = combo.map((it, i) => {
              const s = wireSlice(it, `${id}|${i}`, {
                brand,
                passengers,
                longHaul: longHaul[i]!,
                currency: record.currency,
                withBags: true,
              });
              return { ...s, conditions: { change_before_departure: s.conditions.change_before_departure } };
            });
            const changeTotal = Math.max(0, addedAmount - removedAmount) + fee;
            return {
              offer: {
                id,
                order_change_id: null,
                slices: { add: added, remove: removed },
                new_total_amount: toWire(totalAmount(record) - removedAmount + addedAmount),
                new_total_currency: record.currency,
                change_total_amount: toWire(changeTotal),
                change_total_currency: record.currency,
                penalty_amount: toWire(fee),
                penalty_currency: record.currency,
                refund_to: 'original_form_of_payment',
                created_at: iso,
                updated_at: iso,
                expires_at: new Date(now + CHANGE_OFFER_LIFETIME_MS).toISOString(),
              },
              orderId: record.order.id,
              requestId,
              addedPrices: prices,
              addedLongHaul: longHaul,
            };
          });
      const requestRecord: ChangeRequestRecord = {
        request: {
          id: requestId,
          order_id: record.order.id,
          live_mode: false,
          slices: {
            add: add.map((a) => ({
              origin: wireAirport(a.origin),
              destination: wireAirport(a.destination),
              departure_date: a.date,
              cabin_class: a.cabin ?? brand.cabin,
            })),
            remove: remove.map((slice_id) => ({ slice_id })),
          },
          created_at: iso,
          updated_at: iso,
        },
      };
      change.put('order_change_request', requestId, requestRecord, { parentId: record.order.id, createdAt: now });
      for (const o of offers) change.put('order_change_offer', o.offer.id, o, { parentId: requestId, createdAt: now });
      reply.code(201);
      return { data: { ...requestRecord.request, order_change_offers: offers.map((o) => o.offer) } };
    });
  });

  app.get<{ Params: { id: string } }>('/air/order_change_requests/:id', async (request) => {
    const r = await load<ChangeRequestRecord>(deps, CHANGE_REQUEST, request.params.id);
    const offers = await deps.store.list<ChangeOfferRecord>('order_change_offer', r.request.id);
    return { data: { ...r.request, order_change_offers: offers.map((o) => o.offer) } };
  });

  app.get<{ Querystring: PageQuery & { order_change_request_id?: string } }>('/air/order_change_offers', async (request) => {
    const requestId = request.query.order_change_request_id;
    if (requestId === undefined) throw badQuery('order_change_request_id', 'order_change_request_id is required');
    await load(deps, CHANGE_REQUEST, requestId);
    const page = paginate(
      (await deps.store.list<ChangeOfferRecord>('order_change_offer', requestId)).map((o) => o.offer),
      request.query,
    );
    return { data: page.data, meta: page.meta };
  });

  app.get<{ Params: { id: string } }>('/air/order_change_offers/:id', async (request) => ({
    data: (await load<ChangeOfferRecord>(deps, CHANGE_OFFER, request.params.id)).offer,
  }));

  app.post('/air/order_changes', async (request, reply) => {
    const offerId = str(dataOf(request), 'selected_order_change_offer');
    return deps.change(async (change) => {
      const now = await deps.now();
      const offer = await load<ChangeOfferRecord>(deps, CHANGE_OFFER, offerId);
      if (Date.parse(offer.offer.expires_at) <= now)
        throw invalidState(
          'order_change_offer_expired',
          'Change offer expired',
          'The order change offer has expired; request the change again',
        );
      if (offer.offer.order_change_id)
        throw invalidState(
          'order_change_offer_used',
          'Change offer already used',
          'An order change was already made from this offer',
        );
      const iso = new Date(now).toISOString();
      const id = newId('orderChange');
      const record: OrderChangeRecord = {
        change: {
          id,
          order_id: offer.orderId,
          live_mode: false,
          slices: offer.offer.slices,
          change_total_amount: offer.offer.change_total_amount,
          change_total_currency: offer.offer.change_total_currency,
          new_total_amount: offer.offer.new_total_amount,
          new_total_currency: offer.offer.new_total_currency,
          penalty_total_amount: offer.offer.penalty_amount,
          penalty_total_currency: offer.offer.penalty_currency,
          refund_to: 'original_form_of_payment',
          available_payment_types: ['balance'],
          created_at: iso,
          expires_at: offer.offer.expires_at,
          confirmed_at: null,
        },
        changeOfferId: offer.offer.id,
      };
      offer.offer.order_change_id = id;
      offer.offer.updated_at = iso;
      change.put('order_change_offer', offer.offer.id, offer, {
        parentId: offer.requestId,
        createdAt: Date.parse(offer.offer.created_at),
      });
      change.put('order_change', id, record, { parentId: offer.orderId, createdAt: now });
      reply.code(201);
      return { data: record.change };
    });
  });

  app.get<{ Params: { id: string } }>('/air/order_changes/:id', async (request) => ({
    data: (await load<OrderChangeRecord>(deps, ORDER_CHANGE, request.params.id)).change,
  }));

  app.post<{ Params: { id: string } }>('/air/order_changes/:id/actions/confirm', async (request) => {
    const body = request.body ? dataOf(request) : {};
    return deps.change(async (change) => {
      const now = await deps.now();
      const stored = await load<OrderChangeRecord>(deps, ORDER_CHANGE, request.params.id);
      const c = stored.change;
      if (c.confirmed_at)
        throw invalidState('already_confirmed', 'Already confirmed', 'This order change has already been confirmed');
      if (Date.parse(c.expires_at) <= now)
        throw invalidState(
          'order_change_expired',
          'Order change expired',
          'The order change has expired; request the change again',
        );
      const offer = await load<ChangeOfferRecord>(deps, CHANGE_OFFER, stored.changeOfferId);
      const record = await loadOrder(deps, c.order_id);
      if (record.order.cancelled_at)
        throw invalidState('order_cancelled', 'Order cancelled', 'A cancelled order cannot be changed');
      const due = fromWire(c.change_total_amount)!;
      if (due > 0) {
        if (body.payment === undefined) throw required('payment');
        checkPayment(body.payment, 'payment', due, record.currency);
      }
      const removeIds = new Set(c.slices.remove.map((s) => s.id));
      const kept = record.order.slices
        .map((s, i) => ({ slice: s, price: record.slicePrices[i]!, longHaul: record.longHaul[i]! }))
        .filter((k) => !removeIds.has(k.slice.id));
      const added = c.slices.add.map((s, i) => ({ slice: s, price: offer.addedPrices[i]!, longHaul: offer.addedLongHaul[i]! }));
      const all = [...kept, ...added].sort((a, b) =>
        a.slice.segments[0]!.departing_at.localeCompare(b.slice.segments[0]!.departing_at),
      );
      if (removeIds.size + kept.length !== record.order.slices.length)
        throw invalidState(
          'order_changed',
          'Order changed since',
          'The order’s slices changed since this change was offered; request the change again',
        );
      const iso = new Date(now).toISOString();
      record.order.slices = all.map((a) => a.slice);
      record.slicePrices = all.map((a) => a.price);
      record.longHaul = all.map((a) => a.longHaul);
      record.paidAmount += due;
      refreshTotals(record);
      issueTickets(record);
      refreshActions(record, changeAllowed(record));
      record.order.synced_at = iso;
      closeOpenChanges(record, 'changed', iso, change);
      c.confirmed_at = iso;
      change.put('order_change', c.id, stored, { parentId: c.order_id, createdAt: Date.parse(c.created_at) });
      change.put('order', record.order.id, record, { parentId: null, createdAt: Date.parse(record.order.created_at) });
      change.emit('order.updated', record.order, c.id, now);
      return { data: c };
    });
  });
}
