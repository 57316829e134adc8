import type { Command } from 'commander';
import { releaseBooking } from '../orders/booking/completion.js';
import { findIntent, listOpenIntents, reopenIntent } from '../orders/booking/intent-store.js';
import type { BookingIntentRow } from '../platform/db/rows.js';
import { badRequest, conflict, notFound } from '../platform/errors.js';
import { print, withPlatform, type OutputOptions } from './run-command.js';

/**
 * Booking intents the recovery job gave up on (`unresolved`: the airline never said whether it
 * booked, after about 3.5 h of asking) hold their Idempotency-Key and their travel until an
 * operator decides. These commands are that decision: ask the airline again, or release the
 * intent once the operator has confirmed with the airline that nothing was booked.
 */
export function registerBookingIntentCommands(program: Command): void {
  const intent = program
    .command('booking-intent')
    .description('booking intents the recovery job could not resolve (see docs/orders.md)');

  intent
    .command('list')
    .description('unresolved booking intents, oldest first (--all: pending ones too)')
    .option('--all', 'also list intents the recovery job is still working on')
    .option('--limit <n>', 'at most this many (default 100)', '100')
    .option('--json', 'print one JSON object')
    .action((opts: OutputOptions & { all?: boolean; limit: string }) =>
      withPlatform(
        opts,
        async (platform) => {
          const limit = Number(opts.limit);
          if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
            throw badRequest('--limit must be a whole number from 1 to 1000');
          const rows = await listOpenIntents(platform.db, opts.all ? ['pending', 'unresolved'] : ['unresolved'], limit);
          const intents = rows.map(intentJson);
          const human =
            intents.length === 0
              ? `no ${opts.all ? 'open' : 'unresolved'} booking intents`
              : intents
                  .map(
                    (i) =>
                      `${i.id}  ${i.state}  agency ${i.agency_id}  ${i.airline} ${i.environment}  attempts ${i.attempts}  since ${i.created_at}` +
                      (i.last_error ? `\n    last error: ${i.last_error}` : ''),
                  )
                  .join('\n');
          print(opts, { intents }, human);
        },
        { existing: true },
      ),
    );

  intent
    .command('retry')
    .argument('<id>', 'the intent id (the order id the booking would get, AA-ord_...)')
    .description('ask the airline again: an unresolved intent goes back to the recovery job, which looks it up within 30 s')
    .option('--json', 'print one JSON object')
    .action((id: string, opts: OutputOptions) =>
      withPlatform(
        opts,
        async (platform) => {
          const reopened = await reopenIntent(platform.db, id, new Date());
          if (!reopened) throw await notUnresolved(platform.db, id);
          print(
            opts,
            { intent: intentJson(reopened) },
            `${id}: pending again; the next booking-recovery run asks ${reopened.airline}`,
          );
        },
        { existing: true },
      ),
    );

  intent
    .command('release')
    .argument('<id>', 'the intent id (the order id the booking would get, AA-ord_...)')
    .description("free the intent's Idempotency-Key and travel, after confirming with the airline that nothing was booked")
    .option('--confirm-not-booked', 'you checked with the airline: no booking carries this reference')
    .option('--json', 'print one JSON object')
    .action((id: string, opts: OutputOptions & { confirmNotBooked?: boolean }) =>
      withPlatform(
        opts,
        async (platform) => {
          // Releasing a booking the airline did make lets a retry book the same travel twice.
          if (!opts.confirmNotBooked)
            throw badRequest(
              'release frees the key for a new booking: confirm with the airline first, then pass --confirm-not-booked',
            );
          const current = await findIntent(platform.db, id);
          if (!current || current.state !== 'unresolved') throw await notUnresolved(platform.db, id);
          const released = await releaseBooking(platform.db, {
            intentId: id,
            now: new Date(),
            reason: 'released by an operator: not booked at the airline',
            freeKey: true,
          });
          if (!released) throw await notUnresolved(platform.db, id);
          print(
            opts,
            { intent: { ...intentJson(released), state: 'released' } },
            `${id}: released; its Idempotency-Key and travel are free`,
          );
        },
        { existing: true },
      ),
    );
}

async function notUnresolved(db: Parameters<typeof findIntent>[0], id: string): Promise<Error> {
  const intent = await findIntent(db, id);
  if (!intent) return notFound(`no booking intent ${id}`, 'intent_not_found');
  return conflict(`booking intent ${id} is ${intent.state}, not unresolved`, 'intent_not_unresolved');
}

function intentJson(row: BookingIntentRow) {
  return {
    id: row.id,
    state: row.state,
    agency_id: row.agency_id,
    environment: row.environment,
    airline: row.airline,
    idempotency_key: row.idempotency_key,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}
