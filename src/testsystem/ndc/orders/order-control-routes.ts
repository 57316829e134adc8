// /control/orders: what the airline did on its side, so the gateway's refresh=true has something
// real to find — a schedule change, a cancellation by the airline, a refund done at the airline —
// and the bookings themselves, so tests can check the gateway and the airline agree.

import type { FastifyInstance } from 'fastify';
import type { TestSystemDeps } from '../test-system-deps.js';
import { allBookings, booking, closeBooking, issueTickets, lapseDueHolds, totalCents, type Booking } from './booking-record.js';
import { isoTimestamp } from '../wire/xml-builder.js';
import { issueEmds, openEmds, settleEmds } from './emd-record.js';
import { significantRetime, soldTimes } from './involuntary-change.js';

function state(b: Booking) {
  return {
    orderId: b.orderId,
    pnr: b.bookingReference,
    status: b.status,
    refunded: b.refunded,
    paymentDueAt: isoTimestamp(b.paymentDueAt),
    /** Amounts below are minor units of this ISO 4217 currency (cents only for USD). */
    currency: b.journey.currency,
    totalCents: totalCents(b),
    paidCents: b.paidCents,
    refundedCents: b.refundedCents,
    flights: b.journey.segments.map((s) => ({ key: s.flight.key, dep: s.flight.depLocal, arr: s.flight.arrLocal })),
    tickets: b.tickets.map((t) => ({ number: t.number, paxId: t.paxId, couponStatus: t.couponStatus })),
    emds: (b.emds ?? []).map((e) => ({
      number: e.number,
      paxId: e.paxId,
      itemId: e.itemId,
      cents: e.cents,
      couponStatus: e.couponStatus,
    })),
    extras: b.items
      .filter((i) => i.kind !== 'flight')
      .map((i) => ({ kind: i.kind, name: i.name, cents: i.cents, paxId: i.paxIds[0] })),
    notices: b.notices,
    // The airline's own changes and whether the seller accepted each (OrderChangeRQ AcceptChange).
    involuntaryChanges: (b.involuntaryChanges ?? []).map((c) => ({
      segment: c.segmentIndex,
      kind: c.kind,
      significant: c.significant,
      acceptedAt: c.acceptedAt === undefined ? null : isoTimestamp(c.acceptedAt),
    })),
    sellerReference: b.sellerReference?.bookingId ?? null,
    passengers: b.passengers.map((p) => ({ id: p.id, givenName: p.givenName, surname: p.surname, birthdate: p.birthdate })),
    // Only where the airline checks 3-D Secure (VS) and a payment carried it.
    ...(b.securePayments ? { securePayments: b.securePayments } : {}),
  };
}

/** How often unpaid holds past their payment limit are cancelled and their seats released. */
const LAPSE_SWEEP_MS = 60_000;

export function registerOrderControlRoutes(app: FastifyInstance, deps: TestSystemDeps): void {
  // Registered with the control routes because they share the deps; the airline cancels lapsed holds on its own.
  const sweep = setInterval(() => {
    deps.state.atomically(() => lapseDueHolds(deps)).catch((err: unknown) => deps.logger?.error({ err }, 'lapse sweep failed'));
  }, LAPSE_SWEEP_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  const find = (id: string) => booking(deps, id);
  // Every booking the airline holds, open or closed: what a test compares with the gateway's orders.
  app.get('/control/orders', async () => ({ orders: allBookings(deps).map(state) }));
  app.get<{ Params: { id: string } }>('/control/orders/:id', async (request, reply) => {
    const b = find(request.params.id);
    return b ? state(b) : reply.code(404).send({ error: `no order ${request.params.id}` });
  });

  app.post<{ Params: { id: string }; Body: { minutes?: number } }>(
    '/control/orders/:id/schedule-change',
    async (request, reply) => {
      const b = find(request.params.id);
      if (!b || b.status === 'CANCELLED') return reply.code(404).send({ error: `no open order ${request.params.id}` });
      const minutes = Number(request.body?.minutes ?? 45);
      const shift = (local: string) => isoTimestamp(Date.parse(`${local}Z`) + minutes * 60_000).slice(0, 19);
      const first = b.journey.segments[0]!.flight;
      const at = deps.clock.now();
      // Kept as any schedule change is (involuntary-change.ts): a shift of 3 h+ (6 h+ international) owes the refund.
      const records = b.journey.segments.map((s, i) => {
        const after = { depUtc: s.flight.depUtc + minutes * 60_000, arrUtc: s.flight.arrUtc + minutes * 60_000 };
        const sold = soldTimes(b.involuntaryChanges, i, s.flight);
        return {
          segmentIndex: i,
          kind: 'retimed' as const,
          significant: significantRetime(sold, after, b.journey.international),
          at,
          before: { depUtc: s.flight.depUtc, arrUtc: s.flight.arrUtc },
        };
      });
      b.involuntaryChanges = [...(b.involuntaryChanges ?? []), ...records];
      b.journey = {
        ...b.journey,
        segments: b.journey.segments.map((s) => ({
          ...s,
          flight: {
            ...s.flight,
            depLocal: shift(s.flight.depLocal),
            arrLocal: shift(s.flight.arrLocal),
            depUtc: s.flight.depUtc + minutes * 60_000,
            arrUtc: s.flight.arrUtc + minutes * 60_000,
          },
        })),
      };
      b.notices.push(deps.profile.texts.scheduleShift(`${deps.profile.code}${first.pattern.flightNumber}`, minutes));
      b.version++;
      deps.bookings.save(b);
      return state(b);
    },
  );

  app.post<{ Params: { id: string } }>('/control/orders/:id/airline-cancel', async (request, reply) => {
    const b = find(request.params.id);
    if (!b || b.status === 'CANCELLED') return reply.code(404).send({ error: `no open order ${request.params.id}` });
    const first = b.journey.segments[0]!.flight;
    closeBooking(deps, b, deps.profile.texts.airlineCancelled(`${deps.profile.code}${first.pattern.flightNumber}`, first.date));
    for (const t of b.tickets) t.couponStatus = 'V';
    // Services paid for a flight that will not operate are refunded at once, unasked (14 CFR 260.4).
    const emdRefund = settleEmds(
      b,
      openEmds(b).map((e) => ({ number: e.number, refund: true })),
    );
    b.refundedCents += emdRefund;
    deps.bookings.save(b);
    return state(b);
  });

  // The airline re-files the fare of an unpaid hold whose price it did not guarantee: its flights
  // cost `pct` per cent more from now on, in OrderQuote, OrderRetrieve and the payment it asks.
  app.post<{ Params: { id: string }; Body: { pct?: number } }>('/control/orders/:id/reprice', async (request, reply) => {
    const b = find(request.params.id);
    if (!b || b.status !== 'OPENED' || b.paidCents > 0)
      return reply.code(404).send({ error: `no unpaid hold ${request.params.id}` });
    const pct = Number(request.body?.pct ?? 8);
    if (!Number.isFinite(pct) || pct <= -100) return reply.code(400).send({ error: 'pct must be a number above -100' });
    for (const item of b.items) if (item.kind === 'flight') item.cents = Math.round((item.cents * (100 + pct)) / 100);
    b.version++;
    deps.bookings.save(b);
    return state(b);
  });

  // Ticketing running behind: the next payment of this hold settles without documents, which
  // issue-tickets then issues (as a refresh=true would find them).
  app.post<{ Params: { id: string } }>('/control/orders/:id/defer-ticketing', async (request, reply) => {
    const b = find(request.params.id);
    if (!b || b.status !== 'OPENED' || b.tickets.length > 0)
      return reply.code(404).send({ error: `no unticketed hold ${request.params.id}` });
    b.ticketingDeferred = true;
    deps.bookings.save(b);
    return state(b);
  });
  app.post<{ Params: { id: string } }>('/control/orders/:id/issue-tickets', async (request, reply) => {
    const b = find(request.params.id);
    if (!b || b.status !== 'OPENED' || b.tickets.length > 0 || b.paidCents === 0)
      return reply.code(404).send({ error: `no paid order awaiting its documents ${request.params.id}` });
    delete b.ticketingDeferred;
    issueTickets(b, deps.clock.now(), deps.profile);
    issueEmds(b, deps.profile);
    b.status = 'TICKETED';
    b.ticketNumbers = b.tickets.map((t) => t.number);
    b.version++;
    deps.bookings.save(b);
    return state(b);
  });

  // A full refund done at the airline: of an open ticketed booking, or of one already cancelled that kept
  // money (a penalty waived afterwards, or a void later refunded).
  app.post<{ Params: { id: string } }>('/control/orders/:id/refund', async (request, reply) => {
    const b = find(request.params.id);
    if (!b || b.tickets.length === 0 || b.refundedCents >= b.paidCents)
      return reply.code(404).send({ error: `no ticketed order with money left to refund ${request.params.id}` });
    closeBooking(deps, b, null);
    for (const t of b.tickets) t.couponStatus = 'RF';
    for (const e of b.emds ?? []) if (e.couponStatus === 'I') e.couponStatus = 'RF';
    b.refundedCents = b.paidCents;
    b.refunded = true;
    b.notices.push(deps.profile.texts.refundedAtAirline);
    b.version++;
    deps.bookings.save(b);
    return state(b);
  });
}
