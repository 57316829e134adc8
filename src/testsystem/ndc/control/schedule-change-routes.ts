// POST /control/schedule-changes: an involuntary schedule change on one flight (retime, renumber,
// cancel), applied to every booking holding it and announced to the seller with a signed
// OrderChangeNotifRQ per booking — or not, with `"notify": false`, to drill a lost notification.
// Registered outside the control routes' one-at-a-time wrapper (server.ts): see the handler.

import type { FastifyInstance } from 'fastify';
import type { NotificationSender, SendOutcome } from '../notify/notification-sender.js';
import { orderChangeNotifDocument } from '../notify/order-change-notif.js';
import type { TestSystemDeps } from '../test-system-deps.js';
import { applyScheduleChange, readScheduleChange } from './schedule-change-apply.js';

export function registerScheduleChangeRoutes(app: FastifyInstance, deps: TestSystemDeps, sender: NotificationSender): void {
  app.post('/control/schedule-changes', async (request, reply) => {
    const change = readScheduleChange(deps.profile.code, request.body);
    if (typeof change === 'string') return reply.code(400).send({ error: change });
    // Stored before anyone is told (the seller re-reads at once), and outside the atomic section
    // while telling: the seller's OrderRetrieve must not wait behind this request.
    const applied = await deps.state.atomically(() => {
      const result = applyScheduleChange(deps, change);
      if (typeof result !== 'string') for (const { booking } of result) deps.bookings.save(booking);
      return result;
    });
    if (typeof applied === 'string') return reply.code(400).send({ error: applied });
    const now = deps.clock.now();
    const orders: {
      orderId: string;
      pnr: string;
      version: number;
      segments: number[];
      /** Per changed segment: what happened, the flight it holds now (null: cancelled, none), and whether it is significant. */
      changes: { segment: number; kind: string; flight: string | null; significant: boolean }[];
      notification: SendOutcome | null;
    }[] = [];
    for (const { booking: b, segments } of applied) {
      const notification = change.notify
        ? await sender.send(orderChangeNotifDocument(deps.profile, b, segments, now), { orderId: b.orderId })
        : null;
      orders.push({
        orderId: b.orderId,
        pnr: b.bookingReference,
        version: b.version,
        segments: segments.map((s) => s.segmentIndex),
        // A flight re-accommodated on a connection answers for both of its new segments.
        changes: segments.flatMap((s) =>
          [s.after, ...(s.connection ? [s.connection] : [])].map((flight, k) => {
            const segment = s.segmentIndex + k;
            const record = b.involuntaryChanges?.findLast((c) => c.segmentIndex === segment);
            return {
              segment,
              kind: record?.kind ?? change.change,
              flight: s.cancelled && !s.rebooked ? null : flight.key,
              significant: record?.significant ?? false,
            };
          }),
        ),
        notification,
      });
    }
    return { flight: change.flight, change: change.change, notified: change.notify, orders };
  });

  // Where notifications go: the seller's endpoint (a test system run alone, or a test's gateway).
  app.get('/control/notifications', async () => ({ url: sender.url() }));
  app.post('/control/notifications', async (request, reply) => {
    const url = (request.body as { url?: unknown } | null)?.url;
    if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url))
      return reply.code(400).send({ error: 'url must be an http(s) URL of the notification endpoint' });
    sender.target(url);
    return { url };
  });
  app.delete('/control/notifications', async (_request, reply) => {
    sender.target(null);
    return reply.code(204).send();
  });
}
