import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header an airline signs its notifications in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const AIRLINE_SIGNATURE_HEADER = 'x-airline-signature';
/** How far a signature's time may be from ours: bounds a replay of a captured notification. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Why a notification's signature is refused, or null when it holds: an HMAC-SHA256 with the
 * airline's shared secret over `<t>.<raw body>` (the scheme of our own webhooks, pointed the
 * other way), compared in constant time, its time within five minutes of ours.
 */
export function signatureProblem(header: string | undefined, body: string, secret: string, now: Date): string | null {
  if (!header) return `missing ${AIRLINE_SIGNATURE_HEADER}`;
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = parts.get('t') ?? '';
  const v1 = parts.get('v1') ?? '';
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return `malformed ${AIRLINE_SIGNATURE_HEADER}`;
  if (Math.abs(now.getTime() / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS)
    return `${AIRLINE_SIGNATURE_HEADER} is too old or from the future`;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex')) ? null : `${AIRLINE_SIGNATURE_HEADER} does not match`;
}
