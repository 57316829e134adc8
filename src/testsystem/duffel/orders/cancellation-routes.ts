// Cancelling: POST /air/order_cancellations quotes (refund_amount, refund_to), POST
// /air/order_cancellations/{id}/actions/confirm cancels; GET them singly or by order; GET
// /air/airline_credits and /{id} for the credits a cancellation issued. What a cancellation gives
// back follows the fare brand: refundable brands refund to the original form of payment (our
// balance) less their penalty; changeable but non-refundable ones leave airline credits worth the
// flights less the change fee; the rest get their taxes back. An unpaid hold owes nothing.
// References: duffel.com/docs/api/v2/order-cancellations, …/v2/airline-credits.

import type { FastifyInstance } from 'fastify';
import { AIRLINES } from '../content/airlines.js';
import { brandOf } from '../content/brands.js';
import { penalty } from '../content/fares.js';
import type { DuffelDeps } from '../deps.js';
import { dataOf, str } from '../wire/body.js';
import { badQuery, invalidState, notFound } from '../wire/duffel-errors.js';
import { isIdOf, newId } from '../wire/ids.js';
import { share, toWire } from '../wire/money.js';
import { paginate, type PageQuery } from '../wire/pagination.js';
import { loadOrder, refreshActions, type OrderRecord } from './order-record.js';
import { closeOpenChanges } from './airline-initiated-changes.js';

const QUOTE_LIFETIME_MS = 15 * 60_000;

export interface AirlineCredit {
  id: string;
  airline_iata_code: string;
  credit_name: string;
  credit_code: string;
  credit_amount: string;
  credit_currency: string;
  issued_on: string;
  expires_at: string;
  passenger_id: string;
  order_id: string;
  type: 'eticket';
  user_id: null;
  spent_at: null;
  invalidated_at: null;
  live_mode: false;
  created_at: string;
}

export interface CancellationRecord {
  cancellation: {
    id: string;
    order_id: string;
    live_mode: false;
    created_at: string;
    expires_at: string;
    confirmed_at: string | null;
    refund_amount: string;
    refund_currency: string;
    refund_to: 'balance' | 'airline_credits' | 'awaiting_payment';
    airline_credits: AirlineCredit[];
  };
}

function quote(record: OrderRecord, now: number): CancellationRecord['cancellation'] {
  const iso = new Date(now).toISOString();
  const base = {
    id: newId('orderCancellation'),
    order_id: record.order.id,
    live_mode: false as const,
    created_at: iso,
    expires_at: new Date(now + QUOTE_LIFETIME_MS).toISOString(),
    confirmed_at: null,
    refund_currency: record.currency,
    airline_credits: [] as AirlineCredit[],
  };
  if (record.order.payment_status.awaiting_payment) return { ...base, refund_amount: '0.00', refund_to: 'awaiting_payment' };
  const brand = brandOf(record.owner, record.brand)!;
  const paying = record.order.passengers.filter((p) => p.type !== 'infant_without_seat');
  const flights = record.slicePrices.reduce((s, p) => s + p.base + p.tax, 0);
  const fee = (c: typeof brand.change) => record.longHaul.reduce((s, lh) => s + penalty(c, lh), 0) * paying.length;
  if (brand.refund.allowed)
    return { ...base, refund_amount: toWire(Math.max(0, flights - fee(brand.refund))), refund_to: 'balance' };
  if (brand.change.allowed) {
    const worth = Math.max(0, flights - fee(brand.change));
    const expires = new Date(now + 365 * 86_400_000).toISOString();
    const credits = share(worth, paying.length).map((amount, i): AirlineCredit => ({
      id: newId('airlineCredit'),
      airline_iata_code: record.owner,
      credit_name: `${AIRLINES[record.owner].name} credit`,
      credit_code:
        record.order.documents.find((d) => d.passenger_ids.includes(paying[i]!.id))?.unique_identifier ??
        record.order.booking_reference,
      credit_amount: toWire(amount),
      credit_currency: record.currency,
      issued_on: iso.slice(0, 10),
      expires_at: expires,
      passenger_id: paying[i]!.id,
      order_id: record.order.id,
      type: 'eticket',
      user_id: null,
      spent_at: null,
      invalidated_at: null,
      live_mode: false,
      created_at: iso,
    }));
    return { ...base, refund_amount: toWire(worth), refund_to: 'airline_credits', airline_credits: credits };
  }
  return { ...base, refund_amount: toWire(record.slicePrices.reduce((s, p) => s + p.tax, 0)), refund_to: 'balance' };
}

async function loadCancellation(deps: DuffelDeps, id: string): Promise<CancellationRecord> {
  const record = isIdOf('orderCancellation', id) ? await deps.store.get<CancellationRecord>('order_cancellation', id) : undefined;
  if (!record) throw notFound('order cancellation');
  return record;
}

export function registerCancellationRoutes(app: FastifyInstance, deps: DuffelDeps): void {
  app.post('/air/order_cancellations', async (request, reply) => {
    const data = dataOf(request);
    const orderId = str(data, 'order_id');
    return deps.change(async (change) => {
      const now = await deps.now();
      const record = await loadOrder(deps, orderId);
      if (record.order.cancelled_at)
        throw invalidState('already_cancelled', 'Order already cancelled', 'The order has already been cancelled');
      const cancellation = quote(record, now);
      change.put('order_cancellation', cancellation.id, { cancellation }, { parentId: record.order.id, createdAt: now });
      change.emit('order_cancellation.created', cancellation, cancellation.id, now);
      reply.code(201);
      return { data: cancellation };
    });
  });

  app.post<{ Params: { id: string } }>('/air/order_cancellations/:id/actions/confirm', async (request) =>
    deps.change(async (change) => {
      const now = await deps.now();
      const stored = await loadCancellation(deps, request.params.id);
      const c = stored.cancellation;
      if (c.confirmed_at)
        throw invalidState('already_confirmed', 'Already confirmed', 'This order cancellation has already been confirmed');
      if (Date.parse(c.expires_at) <= now)
        throw invalidState(
          'order_cancellation_expired',
          'Quote expired',
          'This order cancellation quote has expired; request a new one',
        );
      const record = await loadOrder(deps, c.order_id);
      if (record.order.cancelled_at)
        throw invalidState('already_cancelled', 'Order already cancelled', 'The order has already been cancelled');
      const iso = new Date(now).toISOString();
      c.confirmed_at = iso;
      record.order.cancelled_at = iso;
      record.order.cancellation = c;
      refreshActions(record, false);
      closeOpenChanges(record, 'cancelled', iso, change);
      for (const credit of c.airline_credits)
        change.put('airline_credit', credit.id, credit, { parentId: record.order.id, createdAt: now });
      change.put('order_cancellation', c.id, stored, { parentId: record.order.id, createdAt: Date.parse(c.created_at) });
      change.put('order', record.order.id, record, { parentId: null, createdAt: Date.parse(record.order.created_at) });
      change.emit('order_cancellation.confirmed', c, `${c.id}|confirmed`, now);
      return { data: c };
    }),
  );

  app.get<{ Params: { id: string } }>('/air/order_cancellations/:id', async (request) => ({
    data: (await loadCancellation(deps, request.params.id)).cancellation,
  }));

  app.get<{ Querystring: PageQuery & { order_id?: string } }>('/air/order_cancellations', async (request) => {
    const orderId = request.query.order_id;
    if (orderId !== undefined && !isIdOf('order', orderId)) throw badQuery('order_id', 'order_id must be an order id');
    const all = (await deps.store.list<CancellationRecord>('order_cancellation', orderId)).map((r) => r.cancellation);
    const page = paginate(all, request.query);
    return { data: page.data, meta: page.meta };
  });

  app.get<{ Querystring: PageQuery }>('/air/airline_credits', async (request) => {
    const page = paginate(await deps.store.list<AirlineCredit>('airline_credit'), request.query);
    return { data: page.data, meta: page.meta };
  });

  app.get<{ Params: { id: string } }>('/air/airline_credits/:id', async (request) => {
    const credit = isIdOf('airlineCredit', request.params.id)
      ? await deps.store.get<AirlineCredit>('airline_credit', request.params.id)
      : undefined;
    if (!credit) throw notFound('airline credit');
    return { data: credit };
  });
}
