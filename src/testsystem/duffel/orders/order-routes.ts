// Orders: POST /air/orders (instant or hold), GET /air/orders and /{id}, PATCH /air/orders/{id}
// (metadata), POST /air/payments (pay a hold), GET /air/orders/{id}/available_services and POST
// /air/orders/{id}/services (bags after booking). References: duffel.com/docs/api/v2/orders,
// …/v2/payments, guides "Holding orders and paying later", "Adding extra bags".

import type { FastifyInstance } from 'fastify';
import { wireAirline } from '../content/airlines.js';

import type { DuffelDeps } from '../deps.js';
import type { OfferRecord } from '../shopping/offer-builder.js';
import { buildSeatMaps } from '../shopping/seat-maps.js';
import { loadOffer } from '../shopping/shopping-routes.js';
import { arr, dataOf, type Json } from '../wire/body.js';
import { DuffelApiError, invalid, invalidState, required } from '../wire/duffel-errors.js';
import { newId } from '../wire/ids.js';
import { fromWire, toWire } from '../wire/money.js';
import {
  bookingReference,
  changeAllowed,
  issueTickets,
  refreshActions,
  refreshTotals,
  type OrderRecord,
  type WireOrder,
} from './order-record.js';
import { checkPayment, parseMetadata, parsePassengers } from './order-body.js';
import { applyServices, chooseServices } from './order-services.js';
import { registerOrderLookupRoutes } from './order-lookup-routes.js';
import { registerPaymentRoutes } from './payment-routes.js';
import { registerServiceRoutes } from './service-routes.js';

const orderSlices = (offer: OfferRecord): WireOrder['slices'] =>
  offer.offer.slices.map((s) => ({ ...s, conditions: { change_before_departure: s.conditions.change_before_departure } }));

/** The orders resource: POST /air/orders here, then its lookups, payments and services. */
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
  registerOrderLookupRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerServiceRoutes(app, deps);
}
