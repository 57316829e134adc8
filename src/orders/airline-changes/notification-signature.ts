import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header an airline signs its notifications in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const AIRLINE_SIGNATURE_HEADER = 'x-airline-signature';
/** How far a signature's time may be from ours: bounds a replay of a captured notification. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The parts of a signature header (`t`, `v1`), empty when absent. */
function signatureParts(header: string): { t: string; v1: string } {
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  return { t: parts.get('t') ?? '', v1: parts.get('v1') ?? '' };
}

/**
 * Why a notification's signature is refused, or null when it holds: an HMAC-SHA256 with the
 * airline's shared secret over `<t>.<raw body>` (the scheme of our own webhooks, pointed the
 * other way), compared in constant time, its time within five minutes of ours. The body is the
 * bytes as sent, never text decoded from them: decoding maps different invalid byte sequences
 * to the same replacement character, and two bodies would share one signature. (A string, as a
 * sender holds its body, stands for its UTF-8 bytes.) Duffel signs its webhooks the same way under
 * its own header (signatureChecker).
 */
export function signatureProblem(header: string | undefined, body: Buffer | string, secret: string, now: Date): string | null {
  return signatureChecker(AIRLINE_SIGNATURE_HEADER)(header, body, secret, now);
}

/** The same check for a sender that signs under another header name (Duffel: `x-duffel-signature`). */
export function signatureChecker(headerName: string) {
  return (header: string | undefined, body: Buffer | string, secret: string, now: Date): string | null => {
    if (!header) return `missing ${headerName}`;
    const { t, v1 } = signatureParts(header);
    if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return `malformed ${headerName}`;
    if (Math.abs(now.getTime() / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS)
      return `${headerName} is too old or from the future`;
    const expected = createHmac('sha256', secret).update(`${t}.`).update(body).digest();
    return timingSafeEqual(expected, Buffer.from(v1, 'hex')) ? null : `${headerName} does not match`;
  };
}

/**
 * A signature that held, as the replay guard keeps it: its MAC (which covers time and body) and
 * the moment it stops being accepted.
 */
export function acceptedSignature(header: string): { mac: string; expiresAt: Date } {
  const { t, v1 } = signatureParts(header);
  return { mac: `${t}.${v1}`, expiresAt: new Date((Number(t) + SIGNATURE_TOLERANCE_SECONDS) * 1000) };
}
