import type { FastifyInstance } from 'fastify';
import { brandOf, type CabinClass } from '../content/brands.js';
import { isLongHaul, penalty } from '../content/fares.js';
import { findAirport, wireAirport } from '../content/places.js';
import { itineraries } from '../content/schedules.js';
import type { DuffelDeps } from '../deps.js';
import { slicePrice } from '../shopping/offer-builder.js';
import { wireSlice } from '../shopping/wire-slices.js';
import { arr, dataOf, isRealDate, obj, str } from '../wire/body.js';
import { badQuery, invalid, invalidState } from '../wire/duffel-errors.js';
import { newId } from '../wire/ids.js';
import { toWire } from '../wire/money.js';
import { paginate, type PageQuery } from '../wire/pagination.js';
import { requireWaysKept } from './change-ways.js';
import { changeAllowed } from './order-record.js';
import { loadOrder, totalAmount } from './order-record.js';
import {
  CHANGE_OFFER_LIFETIME_MS,
  type ChangeOfferRecord,
  type ChangeRequestRecord,
  combos,
  CHANGE_OFFER,
  CHANGE_REQUEST,
  load,
} from './change-records.js';

/** POST /air/order_change_requests and the order change offers it answers with (listed, and one by one). */
export function registerChangeRequestRoutes(app: FastifyInstance, deps: DuffelDeps): void {
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
}
