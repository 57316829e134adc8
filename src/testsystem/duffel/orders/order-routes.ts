// Orders: POST /air/orders (instant or hold), GET /air/orders and /{id}, PATCH /air/orders/{id}
// (metadata), POST /air/payments (pay a hold), GET /air/orders/{id}/available_services and POST
// /air/orders/{id}/services (bags after booking). References: duffel.com/docs/api/v2/orders,
// …/v2/payments, guides "Holding orders and paying later", "Adding extra bags".

import type { FastifyInstance } from 'fastify';
import { wireAirline } from '../content/airlines.js';
import { brandOf } from '../content/brands.js';
import type { DuffelDeps } from '../deps.js';
import { baggageServices, type OfferRecord } from '../shopping/offer-builder.js';
import { buildSeatMaps } from '../shopping/seat-maps.js';
import { loadOffer } from '../shopping/shopping-routes.js';
import { arr, dataOf, obj, str, type Json } from '../wire/body.js';
import { DuffelApiError, invalid, invalidState, badQuery, required } from '../wire/duffel-errors.js';
import { newId } from '../wire/ids.js';
import { fromWire, toWire } from '../wire/money.js';
import { paginate, type PageQuery } from '../wire/pagination.js';
import {
  bookingReference,
  emd,
  issueTickets,
  loadOrder,
  refreshActions,
  refreshTotals,
  totalAmount,
  type OrderRecord,
  type WireOrder,
} from './order-record.js';

import { checkPayment, parseMetadata, parsePassengers } from './order-body.js';
import { applyServices, chooseServices } from './order-services.js';

export const changeAllowed = (r: OrderRecord) => brandOf(r.owner, r.brand)?.change.allowed ?? false;

const orderSlices = (offer: OfferRecord): WireOrder['slices'] =>
  offer.offer.slices.map((s) => ({ ...s, conditions: { change_before_departure: s.conditions.change_before_departure } }));

export function registerOrderRoutes(app: FastifyInstance, deps: DuffelDeps): void {
  app.post('/air/orders', async (request, reply) => {
    const data = dataOf(request);
    const type = data.type ?? 'instant';
    if (type !== 'instant' && type !== 'hold') throw invalid('type', 'type must be instant or hold', 'validation_inclusion');
    const selected = arr(data, 'selected_offers', 'selected_offers', { min: 1, max: 1 });
    if (typeof selected[0] !== 'string') throw invalid('selected_offers.0', 'selected_offers holds offer ids');
    const now = await deps.now();
    const offer = await loadOffer(deps, selected[0]);
    const passengers = parsePassengers(data, offer, now);
    const chosen = chooseServices(
      arr(data, 'services', 'services', { optional: true }),
      'services',
      offer.offer.available_services,
      buildSeatMaps(offer).services,
    );
    const metadata = data.metadata === undefined || data.metadata === null ? {} : parseMetadata(data.metadata, 'metadata');
    const flights = fromWire(offer.offer.total_amount)!;
    const due = flights + chosen.amount;
    const payments = arr(data, 'payments', 'payments', { optional: true, max: 1 });
    if (type === 'instant') {
      if (payments.length === 0) throw required('payments');
      checkPayment(payments[0], 'payments.0', due, offer.currency);
    } else {
      if (payments.length > 0)
        throw invalid('payments', 'A hold order is paid later with POST /air/payments', 'validation_invalid');
      if (offer.offer.payment_requirements.requires_instant_payment)
        throw invalidState('hold_not_available', 'Hold not available', 'This offer must be paid instantly; it cannot be held');
    }
    return deps.change(async (change) => {
      if (Date.parse(offer.offer.expires_at) <= now)
        throw new DuffelApiError(422, 'airline_error', 'offer_no_longer_available', {
          title: 'Offer no longer available',
          message: 'The offer has expired; search again for a new one',
        });
      // Read again inside the change: another request may have booked it since.
      if ((await loadOffer(deps, offer.offer.id)).orderId)
        throw new DuffelApiError(422, 'airline_error', 'offer_no_longer_available', {
          title: 'Offer no longer available',
          message: 'The offer has already been booked; search again for a new one',
        });
      const iso = new Date(now).toISOString();
      const id = newId('order');
      const record: OrderRecord = {
        owner: offer.owner,
        brand: offer.brand,
        currency: offer.currency,
        offerId: offer.offer.id,
        slicePrices: offer.slicePrices,
        longHaul: offer.longHaul,
        servicesAmount: chosen.amount,
        paidAmount: type === 'instant' ? due : 0,
        order: {
          id,
          live_mode: false,
          created_at: iso,
          synced_at: iso,
          booking_reference: bookingReference(),
          owner: wireAirline(offer.owner),
          content: 'self_managed',
          base_amount: '',
          base_currency: offer.currency,
          tax_amount: '',
          tax_currency: offer.currency,
          total_amount: '',
          total_currency: offer.currency,
          passengers,
          slices: orderSlices(offer),
          services: chosen.services,
          documents: [],
          conditions: offer.offer.conditions,
          payment_status:
            type === 'instant'
              ? { awaiting_payment: false, payment_required_by: null, price_guarantee_expires_at: null, paid_at: iso }
              : {
                  awaiting_payment: true,
                  payment_required_by: offer.offer.payment_requirements.payment_required_by,
                  price_guarantee_expires_at: offer.offer.payment_requirements.price_guarantee_expires_at,
                  paid_at: null,
                },
          available_actions: [],
          metadata,
          airline_initiated_changes: [],
          cancellation: null,
          cancelled_at: null,
          users: [],
        },
      };
      applyServices(record.order, chosen);
      refreshTotals(record);
      refreshActions(record, changeAllowed(record));
      if (type === 'instant') {
        issueTickets(record);
        const paymentId = newId('payment');
        const paymentType = (payments[0] as Json).type;
        change.put(
          'payment',
          paymentId,
          {
            id: paymentId,
            type: paymentType,
            amount: toWire(due),
            currency: offer.currency,
            created_at: iso,
          },
          { parentId: id, createdAt: now },
        );
      }
      change.put('order', id, record, { parentId: null, createdAt: now });
      change.put(
        'offer',
        offer.offer.id,
        { ...offer, orderId: id },
        { parentId: offer.offerRequestId, createdAt: Date.parse(offer.offer.created_at) },
      );
      change.emit('order.created', record.order, id, now);
      reply.code(201);
      return { data: record.order };
    });
  });

  app.get<{ Querystring: PageQuery & { awaiting_payment?: string; booking_reference?: string } }>(
    '/air/orders',
    async (request) => {
      const { awaiting_payment: awaiting, booking_reference: reference } = request.query;
      if (awaiting !== undefined && awaiting !== 'true' && awaiting !== 'false')
        throw badQuery('awaiting_payment', 'awaiting_payment must be true or false');
      let orders = (await deps.store.list<OrderRecord>('order')).reverse().map((r) => r.order);
      if (awaiting !== undefined) orders = orders.filter((o) => o.payment_status.awaiting_payment === (awaiting === 'true'));
      if (reference !== undefined) orders = orders.filter((o) => o.booking_reference === reference);
      const page = paginate(orders, request.query);
      return { data: page.data, meta: page.meta };
    },
  );

  app.get<{ Params: { id: string } }>('/air/orders/:id', async (request) => {
    return { data: (await loadOrder(deps, request.params.id)).order };
  });

  app.patch<{ Params: { id: string } }>('/air/orders/:id', async (request) => {
    const data = dataOf(request);
    // Duffel's reference sends { data: { metadata } }; @duffel/api 4.30's orders.update wraps it as { data: { options: { metadata } } }.
    const source = data.options !== undefined ? obj(data.options, 'options') : data;
    if (source.metadata === undefined) throw required('metadata');
    const metadata = parseMetadata(source.metadata, 'metadata');
    return deps.change(async (change) => {
      const record = await loadOrder(deps, request.params.id);
      record.order.metadata = metadata;
      change.put('order', record.order.id, record, { parentId: null, createdAt: Date.parse(record.order.created_at) });
      return { data: record.order };
    });
  });

  app.post('/air/payments', async (request, reply) => {
    const data = dataOf(request);
    const orderId = str(data, 'order_id');
    return deps.change(async (change) => {
      const now = await deps.now();
      const record = await loadOrder(deps, orderId);
      const status = record.order.payment_status;
      if (record.order.cancelled_at)
        throw invalidState('order_cancelled', 'Order cancelled', 'The order is cancelled and cannot be paid');
      if (!status.awaiting_payment) throw invalidState('already_paid', 'Order already paid', 'The order has already been paid');
      if (status.payment_required_by && Date.parse(status.payment_required_by) <= now)
        throw invalidState(
          'order_expired',
          'Order expired',
          'The time to pay this hold order has passed; the airline released it',
        );
      const due = totalAmount(record);
      const amount = checkPayment(data.payment, 'payment', due, record.currency);
      const iso = new Date(now).toISOString();
      const payment = {
        id: newId('payment'),
        type: (data.payment as Json).type,
        amount: toWire(amount),
        currency: record.currency,
        created_at: iso,
      };
      record.paidAmount += amount;
      record.order.payment_status = {
        awaiting_payment: false,
        payment_required_by: null,
        price_guarantee_expires_at: null,
        paid_at: iso,
      };
      issueTickets(record);
      refreshActions(record, changeAllowed(record));
      change.put('payment', payment.id, payment, { parentId: record.order.id, createdAt: now });
      change.put('order', record.order.id, record, { parentId: null, createdAt: Date.parse(record.order.created_at) });
      change.emit('order.updated', record.order, payment.id, now);
      reply.code(201);
      return { data: payment };
    });
  });

  const orderBags = (record: OrderRecord) => {
    const passengers = record.order.passengers.map((p) => ({ id: p.id, type: p.type }));
    return baggageServices(record.order.id, record.order.slices as never, {
      longHaul: record.longHaul,
      passengers,
      currency: record.currency,
    });
  };

  app.get<{ Params: { id: string } }>('/air/orders/:id/available_services', async (request) => {
    const record = await loadOrder(deps, request.params.id);
    return { data: record.order.cancelled_at ? [] : orderBags(record) };
  });

  app.post<{ Params: { id: string } }>('/air/orders/:id/services', async (request, reply) => {
    const data = dataOf(request);
    const add = arr(data, 'add_services', 'add_services', { min: 1, max: 20 });
    return deps.change(async (change) => {
      const now = await deps.now();
      const record = await loadOrder(deps, request.params.id);
      if (record.order.cancelled_at)
        throw invalidState('order_cancelled', 'Order cancelled', 'Services cannot be added to a cancelled order');
      if (record.order.payment_status.awaiting_payment)
        throw invalidState('order_awaiting_payment', 'Order awaiting payment', 'Pay the order before adding services');
      const chosen = chooseServices(add, 'add_services', orderBags(record), []);
      checkPayment(data.payment, 'payment', chosen.amount, record.currency);
      record.servicesAmount += chosen.amount;
      record.paidAmount += chosen.amount;
      record.order.services.push(...chosen.services);
      applyServices(record.order, chosen);
      refreshTotals(record);
      for (const s of chosen.services) record.order.documents.push(emd(record, s.passenger_ids));
      change.put('order', record.order.id, record, { parentId: null, createdAt: Date.parse(record.order.created_at) });
      change.emit('order.updated', record.order, chosen.services[0]!.id, now);
      reply.code(201);
      return { data: record.order };
    });
  });
}
