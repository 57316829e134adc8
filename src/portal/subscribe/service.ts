import type { Mailer } from '../../platform/mail.js';
import type { Platform } from '../../platform/platform.js';
import type { ClientAddressLimit } from '../../platform/rate-limit/client-address-limit.js';

export interface SubscribeService {
  /** Forwards the address to the operator by mail (when OPERATOR_EMAIL is set), within the per-address limit. */
  subscribe(email: string, ip: string | null): Promise<{ status: string }>;
}

/**
 * The public "keep me posted" form: the address goes to the operator by mail and is not stored
 * anywhere, so there is nothing to delete later.
 */
export function createSubscribeService(
  platform: Pick<Platform, 'config' | 'logger' | 'clock'>,
  mailer: Mailer,
  limit: ClientAddressLimit,
): SubscribeService {
  const { config, logger, clock } = platform;
  return {
    async subscribe(email, ip) {
      await limit(ip);
      const operator = config.mail.operatorEmail;
      if (!operator) {
        logger.warn('a subscription arrived but OPERATOR_EMAIL is not set; it was not forwarded');
        return { status: 'received' };
      }
      await mailer.send({
        to: operator,
        subject: 'New sign-up interest',
        text: `${email} asked to hear about the service (${clock().toISOString()}).\n\nNothing was stored; reply to them directly.`,
      });
      return { status: 'received' };
    },
  };
}
