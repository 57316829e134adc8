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
import { arr, dataOf, isRealDate, obj, str, type Json } from '../wire/body.js';
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
  type OrderPassenger,
  type OrderRecord,
  type OrderService,
  type WireOrder,
} from './order-record.js';

const TITLES = ['mr', 'ms', 'mrs', 'miss', 'dr'];
const PAYMENT_TYPES = ['balance', 'arc_bsp_cash'];

export const changeAllowed = (r: OrderRecord) => brandOf(r.owner, r.brand)?.change.allowed ?? false;

/** One payment `{ type, amount, currency }` that must equal `due` in the order's currency. */
export function checkPayment(raw: unknown, path: string, due: number, currency: string): number {
  const p = obj(raw, path);
  const type = str(p, 'type', `${path}.type`);
  if (!PAYMENT_TYPES.includes(type))
    throw invalid(`${path}.type`, `type must be one of ${PAYMENT_TYPES.join(', ')}`, 'validation_inclusion');
  const currencyGiven = str(p, 'currency', `${path}.currency`);
  const amount = fromWire(p.amount);
  if (p.amount === undefined) throw required(`${path}.amount`);
  if (amount === null) throw invalid(`${path}.amount`, 'amount must be a decimal string such as "123.45"');
  if (currencyGiven !== currency || amount !== due)
    throw new DuffelApiError(422, 'validation_error', 'invalid_payment_amount', {
      title: 'Payment amount does not match',
      message: `The payment must be ${toWire(due)} ${currency}, the amount due`,
      source: { field: `${path}.amount`, pointer: `/${path.replace(/\./g, '/')}/amount` },
    });
  return amount;
}

function parsePassengers(data: Json, offer: OfferRecord, now: number): OrderPassenger[] {
  const expected = new Map(offer.offer.passengers.map((p) => [p.id, p]));
  const seen = new Set<string>();
  const infantsTaken = new Set<string>();
  const passengers = arr(data, 'passengers', 'passengers', { min: 1, max: 9 }).map((raw, i): OrderPassenger => {
    const path = `passengers.${i}`;
    const p = obj(raw, path);
    const id = str(p, 'id', `${path}.id`);
    const offered = expected.get(id);
    if (!offered) throw invalid(`${path}.id`, `${id} is not a passenger of the selected offer`, 'validation_invalid');
    if (seen.has(id)) throw invalid(`${path}.id`, `${id} is given twice`, 'validation_invalid');
    seen.add(id);
    const title = str(p, 'title', `${path}.title`);
    if (!TITLES.includes(title))
      throw invalid(`${path}.title`, `title must be one of ${TITLES.join(', ')}`, 'validation_inclusion');
    const gender = str(p, 'gender', `${path}.gender`);
    if (gender !== 'm' && gender !== 'f') throw invalid(`${path}.gender`, 'gender must be m or f', 'validation_inclusion');
    const bornOn = str(p, 'born_on', `${path}.born_on`);
    if (!isRealDate(bornOn) || bornOn >= new Date(now).toISOString().slice(0, 10))
      throw invalid(`${path}.born_on`, 'born_on must be a past date (YYYY-MM-DD)');
    const email = str(p, 'email', `${path}.email`);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid(`${path}.email`, 'email must be an email address');
    const phone = str(p, 'phone_number', `${path}.phone_number`);
    if (!/^\+[1-9]\d{6,14}$/.test(phone))
      throw invalid(`${path}.phone_number`, 'phone_number must be in E.164 format, such as +442080160509');
    let infant: string | null = null;
    if (p.infant_passenger_id !== undefined && p.infant_passenger_id !== null) {
      infant = str(p, 'infant_passenger_id', `${path}.infant_passenger_id`);
      if (offered.type !== 'adult' || expected.get(infant)?.type !== 'infant_without_seat' || infantsTaken.has(infant))
        throw invalid(
          `${path}.infant_passenger_id`,
          'infant_passenger_id must name an infant of the offer, once, on an adult',
          'validation_invalid',
        );
      infantsTaken.add(infant);
    }
    return {
      id,
      type: offered.type,
      title,
      gender,
      given_name: str(p, 'given_name', `${path}.given_name`, { max: 60 }),
      family_name: str(p, 'family_name', `${path}.family_name`, { max: 60 }),
      born_on: bornOn,
      email,
      phone_number: phone,
      infant_passenger_id: infant,
      loyalty_programme_accounts: Array.isArray(p.loyalty_programme_accounts) ? p.loyalty_programme_accounts : [],
    };
  });
  if (seen.size !== expected.size)
    throw invalid('passengers', 'Every passenger of the offer must be given', 'validation_invalid');
  const infants = offer.offer.passengers.filter((p) => p.type === 'infant_without_seat');
  if (infants.some((i) => !infantsTaken.has(i.id)))
    throw invalid('passengers', 'Each infant must be named by an adult’s infant_passenger_id', 'validation_invalid');
  return passengers;
}

interface ChosenServices {
  services: OrderService[];
  amount: number;
  /** Seats by segment id and passenger id. */
  seats: Map<string, string>;
  /** Extra bags by segment id and passenger id. */
  bags: Map<string, number>;
}

/** The services asked for, checked against what the offer (or order) sells. */
export function chooseServices(
  raw: unknown[],
  path: string,
  bags: ReturnType<typeof baggageServices>,
  seatServices: ReturnType<typeof buildSeatMaps>['services'],
): ChosenServices {
  const chosen: ChosenServices = { services: [], amount: 0, seats: new Map(), bags: new Map() };
  const seatIndex = new Map(seatServices.map((s) => [s.id, s]));
  const used = new Set<string>();
  raw.forEach((item, i) => {
    const s = obj(item, `${path}.${i}`);
    const id = str(s, 'id', `${path}.${i}.id`);
    const quantity = s.quantity ?? 1;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1)
      throw invalid(`${path}.${i}.quantity`, 'quantity must be a whole number of at least 1');
    if (used.has(id)) throw invalid(`${path}.${i}.id`, `${id} is given twice`, 'validation_invalid');
    used.add(id);
    const bag = bags.find((b) => b.id === id);
    const seat = seatIndex.get(id);
    if (bag) {
      if (quantity > bag.maximum_quantity)
        throw invalid(`${path}.${i}.quantity`, `At most ${bag.maximum_quantity} of ${id} can be booked`, 'validation_number');
      const amount = fromWire(bag.total_amount)! * quantity;
      chosen.amount += amount;
      for (const seg of bag.segment_ids)
        for (const pax of bag.passenger_ids) chosen.bags.set(`${seg}|${pax}`, (chosen.bags.get(`${seg}|${pax}`) ?? 0) + quantity);
      chosen.services.push({
        id: newId('orderService'),
        type: 'baggage',
        passenger_ids: bag.passenger_ids,
        segment_ids: bag.segment_ids,
        quantity,
        total_amount: toWire(amount),
        total_currency: bag.total_currency,
        metadata: bag.metadata,
      });
    } else if (seat) {
      if (quantity !== 1) throw invalid(`${path}.${i}.quantity`, 'A seat is booked once', 'validation_number');
      const key = `${seat.segmentId}|${seat.passengerId}`;
      if (chosen.seats.has(key))
        throw invalid(`${path}.${i}.id`, 'A passenger can have one seat per segment', 'validation_invalid');
      if ([...chosen.seats.entries()].some(([k, d]) => k.startsWith(`${seat.segmentId}|`) && d === seat.designator))
        throw invalid(`${path}.${i}.id`, `Seat ${seat.designator} is chosen twice`, 'validation_invalid');
      chosen.seats.set(key, seat.designator);
      chosen.amount += seat.amount;
      chosen.services.push({
        id: newId('orderService'),
        type: 'seat',
        passenger_ids: [seat.passengerId],
        segment_ids: [seat.segmentId],
        quantity: 1,
        total_amount: toWire(seat.amount),
        total_currency: seat.currency,
        metadata: { designator: seat.designator, name: null, disclosures: [] },
      });
    } else throw invalid(`${path}.${i}.id`, `${id} is not an available service`, 'validation_invalid');
  });
  return chosen;
}

/** Puts booked seats and extra bags on the segments' passengers. */
export function applyServices(order: WireOrder, chosen: ChosenServices): void {
  for (const slice of order.slices)
    for (const segment of slice.segments)
      for (const p of segment.passengers as (Record<string, unknown> & {
        passenger_id: string;
        baggages: { type: string; quantity: number }[];
      })[]) {
        const seat = chosen.seats.get(`${segment.id}|${p.passenger_id}`);
        if (seat) p.seat = { designator: seat, name: null, disclosures: [] };
        const extra = chosen.bags.get(`${segment.id}|${p.passenger_id}`);
        const checked = p.baggages.find((b) => b.type === 'checked');
        if (extra && checked) checked.quantity += extra;
        else if (extra) p.baggages.push({ type: 'checked', quantity: extra });
      }
}

/** The metadata Duffel allows: up to 50 string keys of at most 40 characters, values up to 500. */
function parseMetadata(value: unknown, path: string): Record<string, string> {
  const m = obj(value, path);
  const entries = Object.entries(m);
  if (entries.length > 50) throw invalid(path, 'metadata can have at most 50 keys', 'validation_length');
  for (const [k, v] of entries) {
    if (k.length > 40) throw invalid(`${path}.${k}`, 'metadata keys are at most 40 characters', 'validation_length');
    if (typeof v !== 'string' || v.length > 500)
      throw invalid(`${path}.${k}`, 'metadata values are strings of at most 500 characters');
  }
  return m as Record<string, string>;
}

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
