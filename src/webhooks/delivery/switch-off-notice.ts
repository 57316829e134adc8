import { recordSecurityEvent } from '../../identity/security-events/store.js';
import { listOwnerEmails } from '../../identity/users/store.js';
import type { DispatcherDeps } from './dispatcher-deps.js';
import type { FinishResult } from './store.js';

type SwitchedOff = NonNullable<FinishResult['switchedOff']>;

/**
 * An endpoint switched off after failed deliveries: a security event, a warning in the log and a
 * mail to each owner of the agency saying how to re-arm it.
 */
export async function announceSwitchOff(
  deps: Pick<DispatcherDeps, 'db' | 'logger' | 'mailer' | 'publicUrl'>,
  off: SwitchedOff,
): Promise<void> {
  const { db, logger } = deps;
  await recordSecurityEvent(db, {
    kind: 'webhook_endpoint.switched_off',
    agencyId: off.agencyId,
    detail: { endpointId: off.endpointId, url: off.url, consecutiveFailedDeliveries: off.streak },
  });
  logger.warn({ endpointId: off.endpointId, agencyId: off.agencyId }, 'webhook endpoint switched off after failed deliveries');
  for (const to of await listOwnerEmails(db, off.agencyId)) {
    try {
      await deps.mailer.send({
        to,
        subject: 'A webhook endpoint was switched off',
        text:
          `Your webhook endpoint ${off.url} (${off.endpointId}) failed ${off.streak} deliveries in a row, ` +
          'each after 10 attempts, and has been switched off. New events wait for it and are sent once you ' +
          `re-enable it on the dashboard's Webhooks page, ${new URL('/dashboard/webhooks', deps.publicUrl).toString()} ` +
          '("Re-arm" beside the endpoint). ' +
          'Deliveries that already failed for good are not sent again; you can retry one from its delivery log.',
      });
    } catch (err) {
      // The switch-off stands and is recorded; a mail relay outage must not undo it.
      logger.error(
        { err, endpointId: off.endpointId },
        'could not e-mail the agency owner about a switched-off webhook endpoint',
      );
    }
  }
}
