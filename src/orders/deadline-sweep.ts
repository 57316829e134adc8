import type { Logger } from 'pino';
import type { Db } from '../platform/db/database.js';
import type { Mailer } from '../platform/mail.js';
import { deadlinePayload } from './event-outbox.js';
import { enqueueEvent } from './event-outbox-store.js';
import { appendHistory } from './history-store.js';
import { purgeExpiredKeys } from './booking/idempotency-store.js';
import { holdsDueBefore, markDeadlineNotified } from './order-store.js';

const WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The hourly sweep: each unpaid hold whose payment limit falls within 24 hours gets one
 * `order.ticketing_deadline_approaching` event (the mark and the event share a transaction, so a
 * crash cannot announce twice or never) and one e-mail to its booking contact afterwards.
 */
export async function runDeadlineSweep(deps: {
  db: Db;
  clock: () => Date;
  mailer: Mailer | null;
  logger: Logger;
}): Promise<number> {
  const now = deps.clock();
  const due = await holdsDueBefore(deps.db, new Date(now.getTime() + WINDOW_MS), now);
  let announced = 0;
  for (const order of due) {
    const claimed = await deps.db.transaction().execute(async (trx) => {
      if (!(await markDeadlineNotified(trx, order.id, now))) return false;
      await enqueueEvent(trx, order, { event: 'order.ticketing_deadline_approaching', payload: deadlinePayload(order), at: now });
      await appendHistory(trx, order.id, {
        action: 'ticketing_deadline_reminder',
        status: order.status,
        actor: { kind: 'system', id: 'deadline-sweep', onBehalfOfAgencyId: null },
        airlineReference: order.pnr,
        detail: { ticketing_deadline: order.payment_deadline?.toISOString() ?? null },
        at: now,
      });
      return true;
    });
    if (!claimed) continue;
    announced++;
    if (deps.mailer && order.contact_email) {
      await deps.mailer
        .send({
          to: order.contact_email,
          subject: `Booking ${order.pnr}: payment due by ${order.payment_deadline!.toISOString()}`,
          text: `Booking ${order.pnr} (${order.origin}-${order.destination}) is held unpaid. Pay before ${order.payment_deadline!.toISOString()} or the airline cancels it.`,
        })
        .catch((err: unknown) => deps.logger.warn({ err, orderId: order.id }, 'ticketing deadline e-mail failed'));
    }
  }
  await purgeExpiredKeys(deps.db, now);
  return announced;
}
